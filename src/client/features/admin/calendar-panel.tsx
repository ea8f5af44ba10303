import type { AdminAppointment } from "@shared/admin";
import { addDaysToDate } from "@shared/clinic-time";
import type { AdminCalendar, CalendarDay, CalendarSlot } from "@shared/console";
import { clockTimeAfter } from "@shared/schedule";
import { slotLabel } from "@shared/slots";
import { useMutation, useQuery } from "@tanstack/react-query";
import { CalendarDays, ChevronLeft, ChevronRight } from "lucide-react";
import { useRef, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input, NativeSelect } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { QueryState } from "@/components/ui/query-state";
import { showErrorToast } from "@/lib/error-toast";
import { formatLongDateWithWeekday, formatShortDate } from "@/lib/format";
import { queryClient } from "@/lib/query-client";
import { toast } from "@/lib/use-toast";
import { cn } from "@/lib/utils";
import { addScheduleException, adminKeys, calendarQuery, removeScheduleException } from "./api";
import { OpenedAppointmentDialog } from "./appointment-details-dialog";
import { SectionTitle } from "./section-title";

const WEEK_PARAM = "week";

/** The week in the address (`?week=2026-11-23`), so back and reload keep it; null for the clinic's current week. */
function useWeekInAddress(): [string | null, (from: string | null) => void] {
  const search = useSearch();
  const [, navigate] = useLocation();
  const week = new URLSearchParams(search).get(WEEK_PARAM);
  const valid = week && /^\d{4}-\d{2}-\d{2}$/.test(week) ? week : null;
  return [valid, (from) => navigate(from ? `/admin/calendar?${WEEK_PARAM}=${from}` : "/admin/calendar")];
}

/** "Mon 23 Nov": a column's heading. */
function dayHeading(date: string): string {
  const [weekday = ""] = formatLongDateWithWeekday(date).split(",");
  return `${weekday.slice(0, 3)} ${formatShortDate(date).replace(/ \d{4}$/, "")}`;
}

/** How a booked consultation ended, once she has said so. */
const OUTCOME_WORDS: Partial<Record<AdminAppointment["status"], string>> = {
  completed: "Completed",
  no_show: "No-show",
};

function slotText(slot: CalendarSlot): string {
  switch (slot.state) {
    case "booked": {
      const outcome = OUTCOME_WORDS[slot.appointment.status];
      return outcome ? `${slot.appointment.patientName} · ${outcome}` : slot.appointment.patientName;
    }
    case "held":
      return `Held: ${slot.appointment.patientName}`;
    case "blocked":
      return slot.note ? `Blocked: ${slot.note}` : "Blocked";
    case "free":
      return slot.past ? "Not booked" : "Free";
  }
}

const slotStyle: Record<CalendarSlot["state"], string> = {
  booked: "border-brand-600 bg-brand-50 text-brand-900",
  held: "border-amber-500 bg-amber-50 text-amber-900",
  blocked: "border-dashed border-slate-400 bg-slate-100 text-slate-700",
  free: "border-slate-200 bg-white text-slate-700",
};

/** A time she may block or free, when it ends, and (a blocked one) its block's entry. */
interface RunTime {
  time: string;
  endsAt: string;
  exceptionId: string | null;
}

/**
 * What a tap on a slot opens: a booking's details, or blocking a free time or freeing a blocked one, and if she likes
 * the times of the same kind that follow it without a break (`run`, the tapped one first).
 */
type Chosen =
  | { kind: "appointment"; appointment: AdminAppointment }
  | { kind: "block" | "free"; date: string; time: string; run: RunTime[] };
type SlotChange = Exclude<Chosen, { kind: "appointment" }>;

/**
 * The times from the `index`th slot on that can be changed the same way (free ones to block, blocked ones with an
 * entry of their own to free), as long as each starts where the one before it ends.
 */
function runFrom(slots: readonly CalendarSlot[], index: number, kind: "block" | "free"): RunTime[] {
  const run: RunTime[] = [];
  for (const slot of slots.slice(index)) {
    const previous = run.at(-1);
    if (slot.past || (previous && previous.endsAt !== slot.time)) break;
    const endsAt = clockTimeAfter(slot.time, slot.durationMinutes);
    if (kind === "block" && slot.state === "free") run.push({ time: slot.time, endsAt, exceptionId: null });
    else if (kind === "free" && slot.state === "blocked" && slot.exceptionId)
      run.push({ time: slot.time, endsAt, exceptionId: slot.exceptionId });
    else break;
  }
  return run;
}

function choiceOf(day: CalendarDay, index: number): Chosen | null {
  const date = day.date;
  const slot = day.slots[index];
  if (!slot) return null;
  switch (slot.state) {
    case "booked":
    case "held":
      return { kind: "appointment", appointment: slot.appointment };
    case "free":
      return slot.past
        ? null
        : { kind: "block", date, time: slot.time, run: runFrom(day.slots, index, "block") };
    case "blocked":
      return slot.past || !slot.exceptionId
        ? null
        : { kind: "free", date, time: slot.time, run: runFrom(day.slots, index, "free") };
  }
}

/** /admin/calendar: a week of the doctor's hours (a day at a time on a phone), each slot as it stands. */
export function CalendarPanel() {
  const [week, setWeek] = useWeekInAddress();
  const query = useQuery(calendarQuery(week));
  const [chosen, setChosen] = useState<Chosen | null>(null);
  return (
    <section aria-labelledby="calendar-title" className="flex flex-col gap-3">
      <SectionTitle id="calendar-title" icon={CalendarDays}>
        {query.data
          ? `${formatShortDate(query.data.from)} – ${formatShortDate(addDaysToDate(query.data.from, 6))}`
          : "This week"}
      </SectionTitle>
      {query.data && <WeekNavigation calendar={query.data} onWeek={setWeek} />}
      <QueryState query={query} what="the calendar" isEmpty={() => false} empty={null}>
        {(calendar) => <Week calendar={calendar} onChoose={setChosen} />}
      </QueryState>
      <OpenedAppointmentDialog
        appointment={chosen?.kind === "appointment" ? chosen.appointment : null}
        onClose={() => setChosen(null)}
      />
      <SlotDialog chosen={chosen?.kind === "appointment" ? null : chosen} onClose={() => setChosen(null)} />
    </section>
  );
}

function WeekNavigation({
  calendar,
  onWeek,
}: {
  calendar: AdminCalendar;
  onWeek: (from: string | null) => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" size="sm" onClick={() => onWeek(addDaysToDate(calendar.from, -7))}>
        <ChevronLeft aria-hidden="true" />
        Previous week
      </Button>
      <Button variant="outline" size="sm" onClick={() => onWeek(null)}>
        This week
      </Button>
      <Button variant="outline" size="sm" onClick={() => onWeek(addDaysToDate(calendar.from, 7))}>
        Next week
        <ChevronRight aria-hidden="true" />
      </Button>
    </div>
  );
}

function Week({ calendar, onChoose }: { calendar: AdminCalendar; onChoose: (chosen: Chosen) => void }) {
  const inWeek = calendar.days.some((day) => day.date === calendar.today);
  const [shown, setShown] = useState(inWeek ? calendar.today : (calendar.days[0]?.date ?? ""));
  const shownDate = calendar.days.some((day) => day.date === shown) ? shown : (calendar.days[0]?.date ?? "");
  return (
    <div className="flex flex-col gap-3">
      {/* On a phone one day at a time, chosen here; from md up the whole week side by side. */}
      <div className="grid grid-cols-7 gap-1 md:hidden" role="group" aria-label="Day to show">
        {calendar.days.map((day) => (
          <Button
            key={day.date}
            variant={day.date === shownDate ? "default" : "outline"}
            size="sm"
            className="h-auto flex-col px-0 py-1 text-xs"
            aria-pressed={day.date === shownDate}
            aria-label={formatLongDateWithWeekday(day.date)}
            onClick={() => setShown(day.date)}
          >
            {dayHeading(day.date)
              .split(" ")
              .slice(0, 2)
              .map((part) => (
                <span key={part}>{part}</span>
              ))}
          </Button>
        ))}
      </div>
      <div className="grid gap-3 md:grid-cols-7 md:gap-2">
        {calendar.days.map((day) => (
          <DayColumn
            key={day.date}
            day={day}
            isToday={day.date === calendar.today}
            className={day.date === shownDate ? "flex" : "hidden md:flex"}
            onChoose={onChoose}
          />
        ))}
      </div>
    </div>
  );
}

function DayColumn({
  day,
  isToday,
  className,
  onChoose,
}: {
  day: CalendarDay;
  isToday: boolean;
  className: string;
  onChoose: (chosen: Chosen) => void;
}) {
  const headingId = `calendar-${day.date}`;
  return (
    <Card
      role="region"
      aria-labelledby={headingId}
      className={cn("flex-col gap-2 p-2", isToday && "ring-2 ring-brand-600", className)}
    >
      <h3 id={headingId} className="px-1 text-sm font-semibold text-slate-900">
        <span className="md:hidden">{formatLongDateWithWeekday(day.date)}</span>
        <span className="hidden md:inline">{dayHeading(day.date)}</span>
        {isToday && <span className="font-normal text-brand-800"> · Today</span>}
      </h3>
      {day.leave && (
        <p className="rounded-md bg-slate-100 px-2 py-2 text-sm text-slate-800">
          On leave{day.leave.note ? `: ${day.leave.note}` : ""}
        </p>
      )}
      {day.ownHours && (
        <p className="px-1 text-xs text-slate-700">
          Own hours{day.ownHours.note ? `: ${day.ownHours.note}` : ""}
        </p>
      )}
      {!day.leave && day.slots.length === 0 && <p className="px-1 text-sm text-slate-700">No hours</p>}
      <ul className="flex flex-col gap-1">
        {day.slots.map((slot, index) => {
          const choice = choiceOf(day, index);
          const label = `${slotLabel(slot.time)}, ${slotText(slot)}`;
          const body = (
            <>
              <span className="font-semibold tabular-nums">{slotLabel(slot.time)}</span>
              <span className="min-w-0 break-words">{slotText(slot)}</span>
            </>
          );
          const style = cn(
            "flex w-full flex-col items-start rounded-md border px-2 py-1.5 text-left text-sm",
            slotStyle[slot.state],
            slot.state === "booked" &&
              slot.appointment.status === "no_show" &&
              "border-red-600 bg-red-50 text-red-900",
            // A time already gone is set in italics: fading it would take its words below the contrast they need.
            slot.past && "italic",
          );
          return (
            <li key={slot.time}>
              {choice ? (
                <button
                  type="button"
                  className={cn(
                    style,
                    "hover:ring-2 hover:ring-brand-600 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none",
                  )}
                  aria-label={label}
                  onClick={() => onChoose(choice)}
                >
                  {body}
                </button>
              ) : (
                <div className={style}>{body}</div>
              )}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

/**
 * Blocking a free time, or it and the free times right after it ("until 8:00 PM"), with a note only the doctor
 * sees; or freeing a blocked time, or it and the blocked times right after it. A run is changed a time at a time, in
 * order: should one fail (booked meanwhile), those before it stay changed and she is told which.
 */
function SlotDialog({ chosen, onClose }: { chosen: SlotChange | null; onClose: () => void }) {
  const [note, setNote] = useState("");
  const [until, setUntil] = useState<string | null>(null);
  const doneSoFar = useRef<string[]>([]);
  const change = useMutation({
    mutationFn: async (what: SlotChange) => {
      doneSoFar.current = [];
      for (const { time, exceptionId } of timesChosen(what, until)) {
        if (what.kind === "block") await addScheduleException({ kind: "block", date: what.date, time, note });
        else if (exceptionId) await removeScheduleException(exceptionId, []);
        doneSoFar.current.push(time);
      }
    },
    onSuccess: (_answer, what) => {
      refreshCalendar();
      toast({
        title: what.kind === "block" ? "Time Blocked" : "Time Freed",
        description: `${changedWhen(what, until)} ${
          what.kind === "block" ? "can no longer be booked." : "can be booked again."
        }`,
      });
      close();
    },
    onError: (error, what) => {
      refreshCalendar();
      showErrorToast(error);
      const done = doneSoFar.current;
      const verb = what.kind === "block" ? "blocked" : "freed";
      if (done.length > 0)
        toast({
          title: what.kind === "block" ? "Some Times Blocked" : "Some Times Freed",
          description: `${done.map(slotLabel).join(", ")} ${done.length === 1 ? "is" : "are"} ${verb}; the time after could not be.`,
        });
    },
  });
  const close = () => {
    setNote("");
    setUntil(null);
    onClose();
  };
  const run = chosen?.run ?? [];
  const several = chosen ? timesChosen(chosen, until).length > 1 : false;
  const verb = chosen?.kind === "block" ? "Block" : "Free";
  return (
    <Dialog
      open={chosen !== null}
      onOpenChange={(open) => {
        if (!open) close();
      }}
    >
      {chosen && (
        <DialogContent>
          <DialogHeader>
            <DialogTitle>
              {chosen.kind === "block" ? "Block" : "Free"} {several ? "These Times" : "This Time"}
            </DialogTitle>
            <DialogDescription>
              {chosen.kind === "block"
                ? `Parents will not be able to book ${changedWhen(chosen, until)}.`
                : `Parents will be able to book ${changedWhen(chosen, until)} again.`}
            </DialogDescription>
          </DialogHeader>
          {run.length > 1 && (
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="slot-until">{verb} until</Label>
              <NativeSelect
                id="slot-until"
                value={until ?? run[0]?.endsAt}
                onChange={(event) => setUntil(event.target.value)}
              >
                {run.map(({ endsAt }, index) => (
                  <option key={endsAt} value={endsAt}>
                    {slotLabel(endsAt)} ({index === 0 ? "this time only" : `${index + 1} times`})
                  </option>
                ))}
              </NativeSelect>
            </div>
          )}
          {chosen.kind === "block" && (
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="block-note">Note (only you see it)</Label>
              <Input
                id="block-note"
                maxLength={200}
                value={note}
                onChange={(event) => setNote(event.target.value)}
              />
            </div>
          )}
          <DialogFooter>
            <Button variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button disabled={change.isPending} onClick={() => change.mutate(chosen)}>
              {chosen.kind === "block" ? "Block" : "Free"} {several ? "times" : "time"}
            </Button>
          </DialogFooter>
        </DialogContent>
      )}
    </Dialog>
  );
}

function refreshCalendar(): void {
  void queryClient.invalidateQueries({ queryKey: adminKeys.appointmentViews });
  void queryClient.invalidateQueries({ queryKey: adminKeys.schedule });
}

/** The times a change covers: from the one tapped up to the end she chose (that one alone by default). */
function timesChosen(what: SlotChange, until: string | null): RunTime[] {
  const end = what.run.findIndex((time) => time.endsAt === until);
  return what.run.slice(0, end < 0 ? 1 : end + 1);
}

/** "7:20 PM on Friday, 27 November 2026", or "7:20 PM to 8:00 PM on ..." for several times. */
function changedWhen(what: SlotChange, until: string | null): string {
  const day = formatLongDateWithWeekday(what.date);
  const times = timesChosen(what, until);
  const last = times.at(-1);
  return times.length > 1 && last
    ? `${slotLabel(what.time)} to ${slotLabel(last.endsAt)} on ${day}`
    : `${slotLabel(what.time)} on ${day}`;
}
