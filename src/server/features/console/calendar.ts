import type { AdminAppointment } from "@shared/admin";
import { addDaysToDate, clinicDate, slotStart } from "@shared/clinic-time";
import type { AdminCalendar, CalendarDay, CalendarSlot } from "@shared/console";
import { type DayPlan, type ScheduleException, weekdayOf } from "@shared/schedule";
import { WEEKDAYS } from "@shared/weekdays";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { toAdminAppointment } from "../../core/appointments/admin-view";
import { type AppointmentRow, slotHoldersBetween } from "../../core/appointments/repository";
import { plansOfDates } from "../schedule/service";

interface DayFacts {
  date: string;
  plan: DayPlan;
  exceptions: readonly ScheduleException[];
  holders: AppointmentRow[];
  now: Date;
  timeZone: string;
  toView: (row: AppointmentRow) => AdminAppointment;
}

/** One day of the calendar: its hours' slots, each free, blocked, held or booked, and the bookings outside them. */
function calendarDay({ date, plan, exceptions, holders, now, timeZone, toView }: DayFacts): CalendarDay {
  const isPast = (time: string) => slotStart(date, time, timeZone).getTime() <= now.getTime();
  const byTime = new Map(holders.map((row) => [row.appointmentTime, row]));
  const covering = exceptions.filter((e) => e.startsOn <= date && date <= e.endsOn);
  const leave = covering.find((e) => e.kind === "leave");
  const blockId = (time: string) =>
    covering.find((e) => e.kind === "block" && e.time === time && e.startsOn === e.endsOn)?.id ?? null;
  /** The slot of a time a booking or a hold takes, with the booking's own length. */
  const taken = (holder: AppointmentRow): CalendarSlot => ({
    time: holder.appointmentTime,
    durationMinutes: holder.durationMinutes,
    past: isPast(holder.appointmentTime),
    state: holder.status === "pending_payment" ? "held" : "booked",
    appointment: toView(holder),
  });
  /** The booking or hold at a time, taken out of those still to place. */
  const holderAt = (time: string) => {
    const holder = byTime.get(time);
    byTime.delete(time);
    return holder;
  };
  const slots: CalendarSlot[] = [];
  for (const { time, durationMinutes } of plan.slots) {
    const holder = holderAt(time);
    slots.push(holder ? taken(holder) : { time, durationMinutes, past: isPast(time), state: "free" });
  }
  for (const { time, durationMinutes, note } of plan.blocked) {
    const holder = holderAt(time);
    // A booking made before the time was blocked keeps it: the booking is what the doctor must see.
    slots.push(
      holder
        ? taken(holder)
        : { time, durationMinutes, past: isPast(time), state: "blocked", note, exceptionId: blockId(time) },
    );
  }
  // Bookings whose time the hours no longer offer (changed or leave taken after they were made).
  slots.push(...[...byTime.values()].map(taken));
  slots.sort((a, b) => a.time.localeCompare(b.time));
  return {
    date,
    leave: leave ? { note: leave.note, exceptionId: leave.id } : null,
    ownHours: plan.ownHours ?? null,
    slots,
  };
}

/** The Monday of a date's week. */
function mondayOf(date: string): string {
  return addDaysToDate(date, -WEEKDAYS.indexOf(weekdayOf(date)));
}

/** The calendar of `days` dates from `from`: every slot of the doctor's hours and what holds it, leave and blocks. */
export async function calendarOf(
  db: Db,
  config: Config,
  siteUrl: string,
  range: { from?: string | undefined; days: number },
  now: Date,
): Promise<AdminCalendar> {
  const { timeZone } = config.booking;
  const today = clinicDate(now, timeZone);
  const from = range.from ?? mondayOf(today);
  const dates = Array.from({ length: range.days }, (_, i) => addDaysToDate(from, i));
  const to = dates.at(-1) ?? from;
  const [{ plans, exceptions }, holders] = await Promise.all([
    plansOfDates(db, config, dates, now),
    slotHoldersBetween(db, from, to, now),
  ]);
  const toView = (row: AppointmentRow) => toAdminAppointment(row, siteUrl, { now, timeZone });
  return {
    today,
    from,
    days: dates.map((date) =>
      calendarDay({
        date,
        plan: plans.get(date) ?? { slots: [], blocked: [] },
        exceptions,
        holders: holders.filter((row) => row.appointmentDate === date),
        now,
        timeZone,
        toView,
      }),
    ),
  };
}
