import { DEFAULT_SESSION, SESSIONS_PER_DAY_MAX, type Session } from "@shared/schedule";
import { Plus, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { describedBy } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

/** A session as its inputs hold it: text, until the form is checked. */
export interface SessionDraft {
  start: string;
  end: string;
  slotMinutes: string;
  gapMinutes: string;
}

export function toDraft(session: Session): SessionDraft {
  return {
    start: session.start,
    end: session.end,
    slotMinutes: String(session.slotMinutes),
    gapMinutes: String(session.gapMinutes),
  };
}

/** An empty number field stays NaN, which the schema answers with its own message. */
/** A number box's text as a number; an empty box is NaN, so that the schema refuses it instead of reading 0. */
export const toNumber = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));

export function fromDraft(draft: SessionDraft): Session {
  return {
    start: draft.start,
    end: draft.end,
    slotMinutes: toNumber(draft.slotMinutes),
    gapMinutes: toNumber(draft.gapMinutes),
  };
}

export const newSessionDraft = (): SessionDraft => toDraft(DEFAULT_SESSION);

interface SessionsEditorProps {
  /** Unique prefix of the inputs' ids, and of the error keys ("weekly.monday"). */
  id: string;
  /** Read before each field by screen readers: "Monday". */
  name: string;
  sessions: SessionDraft[];
  onChange: (sessions: SessionDraft[]) => void;
  /** Messages by path below `id`: "0.end" -> "The session must end after the start...". */
  errors: Record<string, string>;
}

const FIELDS: { key: keyof SessionDraft; label: string; type: "time" | "number"; unit?: string }[] = [
  { key: "start", label: "From", type: "time" },
  { key: "end", label: "Until", type: "time" },
  { key: "slotMinutes", label: "Minutes each", type: "number" },
  { key: "gapMinutes", label: "Gap", type: "number", unit: "minutes" },
];

/** A day's sessions as rows of inputs: from, until, the length of a consultation and the gap after it. */
export function SessionsEditor({ id, name, sessions, onChange, errors }: SessionsEditorProps) {
  const update = (index: number, key: keyof SessionDraft, value: string) =>
    onChange(sessions.map((session, i) => (i === index ? { ...session, [key]: value } : session)));

  return (
    <div className="flex flex-col gap-3">
      {sessions.map((session, index) => {
        const sessionName = sessions.length > 1 ? `${name}, session ${index + 1}` : name;
        return (
          <div
            key={index}
            role="group"
            aria-label={sessionName}
            className="grid grid-cols-2 items-start gap-x-3 gap-y-2 sm:grid-cols-[repeat(4,minmax(0,9rem))_auto]"
          >
            {FIELDS.map((field) => {
              const inputId = `${id}-${index}-${field.key}`;
              const error = errors[`${index}.${field.key}`];
              return (
                <div key={field.key} className="flex min-w-0 flex-col gap-1">
                  <Label htmlFor={inputId} className="text-xs">
                    {field.label}
                    {field.unit && <span className="font-normal text-slate-600"> ({field.unit})</span>}
                    <span className="sr-only"> — {sessionName}</span>
                  </Label>
                  <Input
                    type={field.type}
                    inputMode={field.type === "number" ? "numeric" : undefined}
                    min={field.type === "number" ? 0 : undefined}
                    step={field.type === "number" ? 5 : 300}
                    value={session[field.key]}
                    onChange={(event) => update(index, field.key, event.target.value)}
                    {...describedBy(inputId, { error: Boolean(error) })}
                  />
                  {error && (
                    <p id={`${inputId}-error`} className="text-xs font-medium text-red-700">
                      {error}
                    </p>
                  )}
                </div>
              );
            })}
            <div className="col-span-2 flex items-end sm:col-span-1 sm:h-full sm:pb-0.5">
              <Button
                variant="ghost"
                size="sm"
                className="text-red-700 hover:bg-red-50 hover:text-red-800"
                aria-label={`Remove ${sessionName}`}
                onClick={() => onChange(sessions.filter((_, i) => i !== index))}
              >
                <Trash2 aria-hidden="true" />
                Remove
              </Button>
            </div>
          </div>
        );
      })}
      {sessions.length < SESSIONS_PER_DAY_MAX && (
        <div>
          <Button
            variant="outline"
            size="sm"
            aria-label={`Add a session on ${name}`}
            onClick={() => onChange([...sessions, newSessionDraft()])}
          >
            <Plus aria-hidden="true" />
            Add session
          </Button>
        </div>
      )}
    </div>
  );
}

export type PathIssue = { path: readonly PropertyKey[] | string; message: string };

/** Issues of a zod result or a 400 answer, keyed by their dotted path. */
export function issuesByPath(issues: readonly PathIssue[]) {
  const result: Record<string, string> = {};
  for (const issue of issues) {
    const key = typeof issue.path === "string" ? issue.path : issue.path.map(String).join(".");
    result[key] ??= issue.message;
  }
  return result;
}

/** The messages under one prefix, with the prefix taken off ("weekly.monday.0.end" -> "0.end"). */
export function errorsUnder(errors: Record<string, string>, prefix: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) {
    if (key.startsWith(`${prefix}.`)) result[key.slice(prefix.length + 1)] = message;
  }
  return result;
}
