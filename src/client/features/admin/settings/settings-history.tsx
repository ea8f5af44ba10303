import type { SettingsChange } from "@shared/practice-settings";
import { useQuery } from "@tanstack/react-query";
import { History } from "lucide-react";
import { ListSection } from "../section-title";
import { historyQuery } from "./api";

const when = (iso: string) =>
  new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));

/** The fields whose value differs between two JSON values, as dotted paths ("doctor.name"). */
export function changedPaths(before: unknown, after: unknown, prefix = ""): string[] {
  const isObject = (value: unknown): value is Record<string, unknown> =>
    typeof value === "object" && value !== null && !Array.isArray(value);
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((key) => changedPaths(before[key], after[key], prefix ? `${prefix}.${key}` : key));
  }
  return JSON.stringify(before) === JSON.stringify(after) ? [] : [prefix || "value"];
}

/** Names the doctor knows for the fields whose path alone would read as code. */
const FIELD_NAMES: Record<string, string> = {
  consultationFee: "consultation fee",
  "followUp.fee": "follow-up fee",
  "followUp.withinDays": "follow-up period",
  followUp: "follow-up rule",
  "doctor.photoUrl": "photo",
  "doctor.photo.version": "photo",
  "doctor.photo": "photo",
  "doctor.name": "full name",
  "doctor.shortName": "short name",
  "seo.title": "search title",
  "seo.description": "search description",
  maxUses: "use limit",
  validFrom: "first day",
  validUntil: "last day",
  value: "amount",
  kind: "what it does",
  active: "on or off",
};

/** "doctor.registration.number" -> "registration number"; a list's item numbers are left out. */
export function fieldName(path: string): string {
  const known = FIELD_NAMES[path.replace(/\.\d+(?=\.|$)/g, "")];
  if (known) return known;
  const words = path
    .split(".")
    .filter((part) => !/^\d+$/.test(part) && part !== "doctor")
    .map((part) => part.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase());
  return words.join(" ") || "value";
}

function describeChange(change: SettingsChange): string {
  if (change.before === null || change.after === null) return "";
  const names = [...new Set(changedPaths(change.before, change.after).map(fieldName))];
  return names.length === 0 ? "Saved without changes" : `Changed: ${names.join(", ")}`;
}

/** Every change made in Settings, newest first: when, what, and which fields. */
export function SettingsHistory() {
  const history = useQuery(historyQuery());
  return (
    <ListSection
      id="settings-history-title"
      icon={History}
      title="Settings history"
      query={history}
      what="settings history"
      isEmpty={(changes) => changes.length === 0}
      empty={<p className="p-5 text-sm text-slate-700 sm:p-6">No changes yet.</p>}
      rowClassName="h-12"
    >
      {(changes) => (
        <ol className="divide-y divide-slate-200">
          {changes.map((change) => (
            <li key={change.id} className="flex flex-col gap-0.5 p-4 sm:px-6">
              <p className="text-sm font-semibold text-slate-900">
                {change.label} <span className="font-normal text-slate-600">· {when(change.changedAt)}</span>
              </p>
              <p className="text-sm break-words text-slate-700">{describeChange(change)}</p>
            </li>
          ))}
        </ol>
      )}
    </ListSection>
  );
}
