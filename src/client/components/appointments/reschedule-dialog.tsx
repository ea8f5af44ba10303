import { clinicDate, latestBookableDate } from "@shared/clinic-time";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { DialogError, DialogShell } from "@/components/ui/dialog-shell";
import { Calendar } from "@/components/ui/calendar";
import { dayAvailabilityQuery, monthAvailabilityQuery } from "@/lib/availability";
import { publicConfigQuery } from "@/lib/public-config";
import { useClockTime } from "@/lib/consultation-hours";
import { useDates, useLanguage, useT } from "@/lib/i18n";
import { calendarFacts } from "./calendar-facts";

/** The dialog's words: the console's English, or the manage page's in its language. */
export interface RescheduleWords {
  title: string;
  description: string;
  keep: string;
  choose: string;
  freeTimes: string;
  loading: string;
  none: string;
  newDate: string;
}

const ENGLISH_WORDS: RescheduleWords = {
  title: "Choose a new time",
  description: "The video link stays the same; the new time is sent by e-mail and WhatsApp.",
  keep: "Keep the current time",
  choose: "Choose a date and a time",
  freeTimes: "Free times",
  loading: "Loading the free times…",
  none: "No free times on this date.",
  newDate: "New date",
};

interface RescheduleDialogProps {
  /** The words to show; English unless given. */
  words?: RescheduleWords;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * The confirm button's sentence for the chosen date ("Sunday, 22 November 2026") and time ("7:00 PM IST"): the
   * manage page says how many moves remain after this one. Without it: "Move to {date} at {time}".
   */
  confirmText?: (dateLabel: string, timeLabel: string) => string;
  timeZoneLabel: string;
  pending: boolean;
  error: string | null;
  onConfirm: (date: string, time: string) => void;
}

/** Choosing a new date and a free time; the move is confirmed with its consequence spelled out. */
export function RescheduleDialog(props: RescheduleDialogProps) {
  const [date, setDate] = useState("");
  const [picked, setTime] = useState("");
  const slotsId = useId();
  // A day's own message (the doctor's leave) is the server's English: another language says there are no times.
  const english = useLanguage() === "en";
  const day = useQuery({ ...dayAvailabilityQuery(date), enabled: /^\d{4}-\d{2}-\d{2}$/.test(date) });
  const free = day.data?.slots.filter((slot) => slot.status === "available") ?? [];
  const words = props.words ?? ENGLISH_WORDS;
  // A move refused (the time was just taken) asks the day's free times again; a chosen time no longer among them is
  // no longer chosen.
  const { refetch } = day;
  useEffect(() => {
    if (props.error) void refetch();
  }, [props.error, refetch]);
  const time = free.some((slot) => slot.time === picked) ? picked : "";
  const clockTime = useClockTime();
  const dates = useDates();
  const timeLabel = time ? clockTime(time, props.timeZoneLabel) : "";
  const dateLabel = dates.longWithWeekday(date);
  const confirmText = props.confirmText
    ? props.confirmText(dateLabel, timeLabel)
    : `Move to ${dateLabel} at ${timeLabel}`;

  return (
    <DialogShell
      open={props.open}
      onOpenChange={props.onOpenChange}
      // As the booking dialog: on a phone its parts shrink to the screen instead of widening the dialog.
      className="max-h-[95dvh] overflow-y-auto max-sm:p-5 [&>*]:min-w-0"
      title={words.title}
      description={words.description}
      footer={
        <>
          <Button type="button" variant="ghost" onClick={() => props.onOpenChange(false)}>
            {words.keep}
          </Button>
          <Button
            type="button"
            // The confirmation is a sentence; on a phone it wraps instead of running out of the button.
            size="wrap"
            disabled={!date || !time || props.pending}
            onClick={() => props.onConfirm(date, time)}
          >
            {date && time ? confirmText : words.choose}
          </Button>
        </>
      }
    >
      <NewDateCalendar
        date={date}
        label={words.newDate}
        onDate={(next) => {
          setDate(next);
          setTime("");
        }}
      />
      {date ? (
        <div className="grid gap-2">
          <p id={slotsId} className="text-sm font-medium text-slate-900">
            {words.freeTimes}
          </p>
          {day.isPending ? <p className="text-sm text-slate-600">{words.loading}</p> : null}
          {day.data && free.length === 0 ? (
            <p className="text-sm text-slate-700">{(english ? day.data.message : undefined) ?? words.none}</p>
          ) : null}
          <div role="group" aria-labelledby={slotsId} className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {free.map((slot) => (
              <Button
                key={slot.time}
                type="button"
                variant={slot.time === time ? "default" : "outline"}
                aria-pressed={slot.time === time}
                onClick={() => setTime(slot.time)}
              >
                {clockTime(slot.time)}
              </Button>
            ))}
          </div>
        </div>
      ) : null}
      <DialogError message={props.error} />
    </DialogShell>
  );
}

/**
 * The month calendar of the booking step: days without a free time are disabled, and each day says how many are
 * free, so the parent does not have to guess a date.
 */
function NewDateCalendar({
  date,
  label,
  onDate,
}: {
  date: string;
  label: string;
  onDate: (date: string) => void;
}) {
  const config = useQuery(publicConfigQuery()).data;
  const now = new Date();
  const timeZone = config?.clinicTimeZone ?? "Asia/Kolkata";
  const today = clinicDate(now, timeZone);
  const lastDate = latestBookableDate(now, timeZone, config?.horizonDays ?? 30);
  const [month, setMonth] = useState(() => today.slice(0, 7));
  const monthQuery = useQuery(monthAvailabilityQuery(month));
  const t = useT();
  return (
    <Calendar
      id="reschedule-date"
      label={label}
      month={month}
      onMonthChange={setMonth}
      minMonth={today.slice(0, 7)}
      maxMonth={lastDate.slice(0, 7)}
      today={today}
      selected={date || undefined}
      busy={monthQuery.data?.month !== month}
      dayFacts={(day) => calendarFacts(monthQuery.data, day, t)}
      onSelect={onDate}
    />
  );
}
