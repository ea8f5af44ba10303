import { WEEKDAY_NAMES, WEEKDAYS, type Weekday, type WeeklyTemplate } from "@shared/schedule";
import { type AdminSchedule, scheduleSettingsSchema } from "@shared/schedule-admin";
import { useQuery } from "@tanstack/react-query";
import { Clock } from "lucide-react";
import { useState } from "react";
import { SubmitButton } from "@/components/ui/button";
import { InputField } from "@/components/ui/form-field";
import { ApiError } from "@/lib/api";
import { saveSchedule, scheduleQuery } from "./api";
import { sessionsSummary } from "./schedule-format";
import { FormSection } from "./section-title";
import {
  errorsUnder,
  fromDraft,
  issuesByPath,
  type SessionDraft,
  SessionsEditor,
  toDraft,
  toNumber,
} from "./sessions-editor";
import { ScheduleForm, sendIfValid } from "./schedule-form";
import { useScheduleChange } from "./use-schedule-change";

type WeeklyDraft = Record<Weekday, SessionDraft[]>;

interface SettingsDraft {
  weekly: WeeklyDraft;
  minNoticeMinutes: string;
  horizonDays: string;
}

function toSettingsDraft(schedule: AdminSchedule): SettingsDraft {
  return {
    weekly: Object.fromEntries(
      WEEKDAYS.map((day) => [day, schedule.weekly[day].map(toDraft)]),
    ) as WeeklyDraft,
    minNoticeMinutes: String(schedule.minNoticeMinutes),
    horizonDays: String(schedule.horizonDays),
  };
}

/** The booking window's two numbers, each with the server's default in its hint. */
const WINDOW_FIELDS = [
  {
    name: "minNoticeMinutes",
    id: "schedule-notice",
    label: "Minimum notice (minutes)",
    min: 0,
    hint: (byDefault: number) =>
      `A time can be booked until this long before it starts. Server default: ${byDefault}.`,
  },
  {
    name: "horizonDays",
    id: "schedule-horizon",
    label: "Bookable days ahead",
    min: 1,
    hint: (byDefault: number) => `How far ahead parents may book. Server default: ${byDefault}.`,
  },
] as const;

/** Weekly Hours: each weekday's sessions (none is a day off), and how soon and how far ahead parents may book. */
export function WeeklyHours() {
  const schedule = useQuery(scheduleQuery());
  return (
    <FormSection
      id="weekly-hours-title"
      icon={Clock}
      title="Weekly Hours"
      description={
        <>
          When parents can book, in the clinic&apos;s time zone
          {schedule.data ? ` (${schedule.data.timeZone})` : ""}. A day without a session is a day off. Leave
          and single dates are set below.
        </>
      }
      query={schedule}
      what="weekly hours"
      formKey={(data) => JSON.stringify([data.weekly, data.minNoticeMinutes, data.horizonDays])}
    >
      {(data) => <WeeklyHoursForm schedule={data} />}
    </FormSection>
  );
}

function WeeklyHoursForm({ schedule }: { schedule: AdminSchedule }) {
  const [draft, setDraft] = useState<SettingsDraft>(() => toSettingsDraft(schedule));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = useScheduleChange({
    send: (input: { weekly: WeeklyTemplate; minNoticeMinutes: number; horizonDays: number }, acknowledged) =>
      saveSchedule({ ...input, acknowledgedAppointmentIds: [...acknowledged] }),
    saved: { title: "Weekly Hours Saved", description: "Parents now see the new hours." },
    onInvalid: (error) => {
      if (error instanceof ApiError && error.status === 400)
        setErrors(issuesByPath(error.body?.issues ?? []));
    },
  });

  const submit = () =>
    sendIfValid(
      "weekly-hours",
      scheduleSettingsSchema.safeParse({
        weekly: Object.fromEntries(WEEKDAYS.map((day) => [day, draft.weekly[day].map(fromDraft)])),
        minNoticeMinutes: toNumber(draft.minNoticeMinutes),
        horizonDays: toNumber(draft.horizonDays),
      }),
      setErrors,
      ({ weekly, minNoticeMinutes, horizonDays }) => change.submit({ weekly, minNoticeMinutes, horizonDays }),
    );

  const setDay = (day: Weekday, sessions: SessionDraft[]) =>
    setDraft((current) => ({ ...current, weekly: { ...current.weekly, [day]: sessions } }));

  return (
    <ScheduleForm
      id="weekly-hours"
      aria-labelledby="weekly-hours-title"
      className="flex flex-col"
      change={change}
      onSubmit={submit}
    >
      <div className="flex flex-col divide-y divide-slate-200">
        {WEEKDAYS.map((day) => {
          const name = WEEKDAY_NAMES[day];
          const summary = sessionsSummary(
            draft.weekly[day].map(fromDraft).filter((s) => !Number.isNaN(s.slotMinutes)),
          );
          return (
            <fieldset key={day} className="flex flex-col gap-3 p-5 sm:p-6" data-testid={`weekday-${day}`}>
              <legend className="sr-only">{name}</legend>
              <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                <p aria-hidden="true" className="font-semibold text-slate-900">
                  {name}
                </p>
                <p className="text-sm text-slate-700">
                  {draft.weekly[day].length === 0 ? "Day off" : summary}
                </p>
              </div>
              <SessionsEditor
                id={`weekly-${day}`}
                name={name}
                sessions={draft.weekly[day]}
                onChange={(sessions) => setDay(day, sessions)}
                errors={errorsUnder(errors, `weekly.${day}`)}
              />
            </fieldset>
          );
        })}
      </div>
      <fieldset className="grid gap-4 border-t border-slate-200 p-5 sm:grid-cols-2 sm:p-6">
        <legend className="sr-only">Booking window</legend>
        {WINDOW_FIELDS.map(({ name, id, label, min, hint }) => (
          <InputField
            key={name}
            id={id}
            label={label}
            hint={hint(schedule.defaults[name])}
            error={errors[name]}
            type="number"
            inputMode="numeric"
            min={min}
            value={draft[name]}
            onChange={(event) => setDraft((current) => ({ ...current, [name]: event.target.value }))}
          />
        ))}
      </fieldset>
      <div className="flex flex-col gap-2 border-t border-slate-200 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6">
        <p className="text-sm text-slate-600">
          Appointments already booked keep their time; any that no longer fit are listed for you before
          saving.
        </p>
        <SubmitButton pending={change.isPending} busyLabel="Saving...">
          Save weekly hours
        </SubmitButton>
      </div>
    </ScheduleForm>
  );
}
