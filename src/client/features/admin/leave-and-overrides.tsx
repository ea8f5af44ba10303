import type { ScheduleException } from "@shared/schedule";
import {
  type AdminSchedule,
  type NewExceptionInput,
  newExceptionSchema,
  NOTE_MAX_LENGTH,
} from "@shared/schedule-admin";
import { slotLabel } from "@shared/slots";
import { useQuery } from "@tanstack/react-query";
import { CalendarOff, Trash2 } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button, SubmitButton } from "@/components/ui/button";
import { describedBy, FormField, InputField } from "@/components/ui/form-field";
import { NativeSelect } from "@/components/ui/input";
import { QueryState } from "@/components/ui/query-state";
import { ApiError, serverMessage } from "@/lib/api";
import { dayAvailabilityQuery } from "@/lib/availability";
import { publicConfigQuery } from "@/lib/public-config";
import { ScheduleChangeReview } from "./affected-appointments-dialog";
import { addScheduleException, removeScheduleException, scheduleQuery } from "./api";
import { describeException } from "./schedule-format";
import { SectionCard } from "./section-title";
import {
  errorsUnder,
  fromDraft,
  issuesByPath,
  newSessionDraft,
  type SessionDraft,
  SessionsEditor,
} from "./sessions-editor";
import { ScheduleForm, sendIfValid } from "./schedule-form";
import { useScheduleChange } from "./use-schedule-change";

type Kind = NewExceptionInput["kind"];

const KINDS: { kind: Kind; label: string; hint: string; submit: string }[] = [
  { kind: "leave", label: "Leave", hint: "No consultations on these days", submit: "Add leave" },
  {
    kind: "hours",
    label: "Own hours for a date",
    hint: "Replace the weekday's hours on one date",
    submit: "Set hours",
  },
  { kind: "block", label: "Block one time", hint: "Take one consultation time away", submit: "Block time" },
];

/** Leave and Date Overrides: the form that adds leave, a date's own hours or a blocked time, and the list of them. */
export function LeaveAndOverrides() {
  const schedule = useQuery(scheduleQuery());
  return (
    <SectionCard
      id="leave-title"
      icon={CalendarOff}
      title="Leave and Date Overrides"
      description="These win over the weekly hours. Appointments already booked at those times are listed for you before anything is saved, and kept."
    >
      <AddException />
      <QueryState
        query={schedule}
        what="leave and overrides"
        isEmpty={(data) => data.exceptions.length === 0}
        empty="No leave or overrides from today on."
      >
        {(data) => <ExceptionList schedule={data} />}
      </QueryState>
    </SectionCard>
  );
}

interface Draft {
  kind: Kind;
  startsOn: string;
  endsOn: string;
  date: string;
  time: string;
  sessions: SessionDraft[];
  note: string;
}

const emptyDraft: Draft = {
  kind: "leave",
  startsOn: "",
  endsOn: "",
  date: "",
  time: "",
  sessions: [newSessionDraft()],
  note: "",
};

function toInput(draft: Draft): NewExceptionInput {
  switch (draft.kind) {
    case "leave":
      return {
        kind: "leave",
        startsOn: draft.startsOn,
        endsOn: draft.endsOn || draft.startsOn,
        note: draft.note,
      };
    case "hours":
      return { kind: "hours", date: draft.date, sessions: draft.sessions.map(fromDraft), note: draft.note };
    case "block":
      return { kind: "block", date: draft.date, time: draft.time, note: draft.note };
  }
}

function AddException() {
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const { data: config } = useQuery(publicConfigQuery());
  const kind = KINDS.find((entry) => entry.kind === draft.kind) ?? KINDS[0];
  const change = useScheduleChange({
    send: (input: NewExceptionInput, acknowledged) =>
      addScheduleException({ ...input, acknowledgedAppointmentIds: [...acknowledged] }),
    saved: { title: "Schedule Updated", description: "Parents now see the change in the calendar." },
    onSaved: () => {
      setDraft((current) => ({ ...emptyDraft, kind: current.kind }));
      setErrors({});
      setProblem(null);
    },
    onInvalid: (error) => {
      setProblem(serverMessage(error));
      if (error instanceof ApiError && error.status === 400)
        setErrors(issuesByPath(error.body?.issues ?? []));
    },
  });
  const update = (changes: Partial<Draft>) => setDraft((current) => ({ ...current, ...changes }));
  /** One of the draft's dates, with its error; `also` are the changes a new value brings with it. */
  const dateField = (
    name: "startsOn" | "endsOn" | "date",
    id: string,
    label: string,
    hint?: string,
    also: Partial<Draft> = {},
  ) => (
    <InputField
      id={id}
      label={label}
      hint={hint}
      error={errors[name]}
      type="date"
      value={draft[name]}
      onChange={(event) => update({ [name]: event.target.value, ...also })}
    />
  );

  const submit = () => {
    setProblem(null);
    sendIfValid("add-exception", newExceptionSchema.safeParse(toInput(draft)), setErrors, () =>
      change.submit(toInput(draft)),
    );
  };

  return (
    <ScheduleForm
      id="add-exception"
      aria-label="Add leave or an override"
      className="flex flex-col gap-4 border-b border-slate-200 p-5 sm:p-6"
      change={change}
      onSubmit={submit}
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-800">What to add</legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {KINDS.map((option) => (
            <label
              key={option.kind}
              className="flex cursor-pointer items-start gap-2 rounded-md border border-slate-300 p-3 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600"
            >
              <input
                type="radio"
                name="exception-kind"
                value={option.kind}
                checked={draft.kind === option.kind}
                onChange={() => {
                  setErrors({});
                  update({ kind: option.kind });
                }}
                className="mt-0.5 size-4 accent-brand-700"
              />
              <span className="flex flex-col">
                <span className="font-semibold text-slate-900">{option.label}</span>
                <span className="text-slate-600">{option.hint}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      {draft.kind === "leave" && (
        <div className="grid gap-4 sm:grid-cols-2">
          {dateField("startsOn", "leave-from", "First day")}
          {dateField("endsOn", "leave-to", "Last day", "Leave empty for one day.")}
        </div>
      )}
      {draft.kind !== "leave" && (
        <div className="grid gap-4 sm:grid-cols-2">
          {/* A new date drops the time chosen on the previous one. */}
          {dateField("date", "override-date", "Date", undefined, { time: "" })}
          {draft.kind === "block" && (
            <BlockTimeField
              date={draft.date}
              value={draft.time}
              error={errors.time}
              onChange={(time) => update({ time })}
              zone={config?.timeZoneLabel ?? ""}
            />
          )}
        </div>
      )}
      {draft.kind === "hours" && (
        <div className="flex flex-col gap-2">
          <p className="text-sm font-medium text-slate-800">Hours on that date</p>
          <SessionsEditor
            id="override-sessions"
            name="That date"
            sessions={draft.sessions}
            onChange={(sessions) => update({ sessions })}
            errors={errorsUnder(errors, "sessions")}
          />
          {draft.sessions.length === 0 && (
            <p className="text-sm text-slate-700">No consultations on that date.</p>
          )}
        </div>
      )}

      <InputField
        id="exception-note"
        label="Note (only you see it)"
        error={errors.note}
        value={draft.note}
        maxLength={NOTE_MAX_LENGTH}
        placeholder={draft.kind === "leave" ? "Conference" : ""}
        onChange={(event) => update({ note: event.target.value })}
      />

      {problem && (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {problem}
        </p>
      )}
      <div>
        <SubmitButton pending={change.isPending} busyLabel="Saving...">
          {kind?.submit}
        </SubmitButton>
      </div>
    </ScheduleForm>
  );
}

/** The time to block: one of the date's consultation times, as the schedule offers them now. */
function BlockTimeField({
  date,
  value,
  error,
  zone,
  onChange,
}: {
  date: string;
  value: string;
  error: string | undefined;
  zone: string;
  onChange: (value: string) => void;
}) {
  const day = useQuery({ ...dayAvailabilityQuery(date), enabled: Boolean(date) });
  const slots = day.data?.slots ?? [];
  const hint = !date
    ? "Choose the date first."
    : day.isPending
      ? "Loading the date's times…"
      : slots.length === 0
        ? "There are no consultation times on this date."
        : undefined;
  return (
    <FormField id="block-time" label="Time" hint={hint} error={error}>
      <NativeSelect
        value={value}
        disabled={slots.length === 0}
        onChange={(event) => onChange(event.target.value)}

        {...describedBy("block-time", { hint: Boolean(hint), error: Boolean(error) })}
      >
        <option value="">Choose a time</option>
        {slots.map((slot) => (
          <option key={slot.time} value={slot.time}>
            {slotLabel(slot.time)} {zone}
            {slot.status === "booked" ? " (booked)" : ""}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
}

function ExceptionList({ schedule }: { schedule: AdminSchedule }) {
  const [removing, setRemoving] = useState<string | null>(null);
  const change = useScheduleChange({
    send: (id: string, acknowledged) => removeScheduleException(id, acknowledged),
    saved: { title: "Schedule Updated", description: "Parents now see the change in the calendar." },
    onSaved: () => setRemoving(null),
    onInvalid: () => setRemoving(null),
  });
  return (
    <>
      <ul className="divide-y divide-slate-200" aria-label="Leave and overrides">
        {schedule.exceptions.map((exception) => (
          <ExceptionRow
            key={exception.id}
            exception={exception}
            busy={change.isPending && removing === exception.id}
            onRemove={() => {
              setRemoving(exception.id);
              change.submit(exception.id);
            }}
          />
        ))}
      </ul>
      <ScheduleChangeReview change={change} onCancel={() => setRemoving(null)} />
    </>
  );
}

function ExceptionRow({
  exception,
  busy,
  onRemove,
}: {
  exception: ScheduleException;
  busy: boolean;
  onRemove: () => void;
}) {
  const { kind, when, detail } = describeException(exception);
  return (
    <li
      className="flex flex-col gap-2 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6"
      data-testid="exception-row"
    >
      <div className="flex min-w-0 flex-col gap-1">
        <p className="flex flex-wrap items-center gap-2">
          <Badge variant={exception.kind === "leave" ? "destructive" : "secondary"}>{kind}</Badge>
          <span className="font-semibold text-slate-900">{when}</span>
        </p>
        {detail && <p className="text-sm break-words text-slate-700">{detail}</p>}
      </div>
      <Button
        variant="ghost"
        size="sm"
        className="self-start text-red-700 hover:bg-red-50 hover:text-red-800 sm:self-auto"
        disabled={busy}
        aria-label={`Remove ${kind.toLowerCase()}: ${when}`}
        onClick={onRemove}
      >
        <Trash2 aria-hidden="true" />
        {busy ? "Removing..." : "Remove"}
      </Button>
    </li>
  );
}
