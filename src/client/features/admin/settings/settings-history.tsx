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

function describeChange(change: SettingsChange): string {
  if (change.before === null || change.after === null) return "";
  const paths = changedPaths(change.before, change.after);
  return paths.length === 0 ? "Saved without changes" : `Changed: ${paths.join(", ")}`;
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
