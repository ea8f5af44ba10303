import { bookingIdOf } from "@shared/booking";
import { clinicDate } from "@shared/clinic-time";
import {
  type BookingRules,
  bookableRange,
  datesOfMonth,
  dayClosedMessage,
  type DayAvailability,
  dayPlan,
  type DayPlan,
  daySlots,
  DEFAULT_WEEKLY_TEMPLATE,
  longDate,
  type MonthAvailability,
  type OfferedSlot,
  type ScheduleException,
  type ScheduleFacts,
  type TakenSlot,
  weeklyTemplateSchema,
  type WeeklyTemplate,
} from "@shared/schedule";
import type {
  AdminSchedule,
  AppointmentNeedingAction,
  DecidedAfterAsking,
  newExceptionSchema,
  scheduleSettingsSchema,
} from "@shared/schedule-admin";
import { slotLabel } from "@shared/slots";
import type { z } from "zod";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { publicContentChanged } from "../../db/public-content";
import { HttpError } from "../../http/errors";
import * as repository from "./repository";
import type { NewException, StoredSettings } from "./repository";
import { type BookedAppointment, bookedFrom } from "../../core/appointments/repository";
import { askedParentsSince } from "../../core/appointments/events";

/**
 * The schedule's service: every answer about which slots exist reads the stored schedule through here and applies
 * the rules of src/shared/schedule.ts. Availability (a day, a month), booking, the dashboard's editor and its list of
 * appointments needing action all use it.
 */

interface Schedule {
  facts: ScheduleFacts;
  rules: BookingRules;
  taken: TakenSlot[];
}

/** The stored settings, or the defaults: the default hours and the server's notice and horizon. */
function effective(config: Config, stored: StoredSettings | undefined): StoredSettings {
  if (!stored) {
    return {
      weekly: DEFAULT_WEEKLY_TEMPLATE,
      minNoticeMinutes: config.booking.minNoticeMinutes,
      horizonDays: config.booking.horizonDays,
    };
  }
  // The stored template was checked when it was saved; a row written by hand falls back to the defaults.
  const weekly = weeklyTemplateSchema.safeParse(stored.weekly);
  return { ...stored, weekly: weekly.success ? weekly.data : DEFAULT_WEEKLY_TEMPLATE };
}

/** The schedule and the slots taken between two dates, from one query. */
export async function readSchedule(
  db: Db,
  config: Config,
  from: string,
  to: string,
  now: Date,
): Promise<Schedule> {
  const rows = await repository.loadScheduleRows(db, from, to, now);
  const settings = effective(config, rows.settings);
  return {
    facts: { weekly: settings.weekly, exceptions: rows.exceptions },
    rules: {
      timeZone: config.booking.timeZone,
      minNoticeMinutes: settings.minNoticeMinutes,
      horizonDays: settings.horizonDays,
    },
    taken: rows.taken,
  };
}

/** The notice, horizon and weekly hours in force, for GET /api/config and the public pages. */
export async function bookingWindow(
  db: Db,
  config: Config,
): Promise<{ minNoticeMinutes: number; horizonDays: number; weekly: WeeklyTemplate }> {
  const settings = effective(config, await repository.readSettings(db));
  return {
    minNoticeMinutes: settings.minNoticeMinutes,
    horizonDays: settings.horizonDays,
    weekly: settings.weekly,
  };
}

/** What the schedule says of one date: leave, hours of its own, the slots offered and those the doctor blocked. */
export async function planOfDay(db: Db, config: Config, date: string, now: Date): Promise<DayPlan> {
  const schedule = await readSchedule(db, config, date, date, now);
  return dayPlan(date, schedule.facts, config.booking.timeZone);
}

/** The plan of each of these dates (in order), with the leave and blocked times that made it (their ids free them). */
export async function plansOfDates(
  db: Db,
  config: Config,
  dates: string[],
  now: Date,
): Promise<{ plans: Map<string, DayPlan>; exceptions: readonly ScheduleException[] }> {
  const from = dates[0] ?? "";
  const to = dates.at(-1) ?? from;
  const schedule = await readSchedule(db, config, from, to, now);
  const plans = new Map(
    dates.map((date) => [date, dayPlan(date, schedule.facts, config.booking.timeZone)] as const),
  );
  return { plans, exceptions: schedule.facts.exceptions };
}

export async function dayAvailability(
  db: Db,
  config: Config,
  date: string,
  now: Date,
): Promise<DayAvailability> {
  const schedule = await readSchedule(db, config, date, date, now);
  const day = daySlots(date, schedule.facts, schedule.taken, schedule.rules, now);
  return day.reason ? { ...day, message: dayClosedMessage(day.reason, schedule.rules.horizonDays) } : day;
}

/** Every date of a month with its count of free slots, from one query whatever the number of days. */
export async function monthAvailability(
  db: Db,
  config: Config,
  month: string,
  now: Date,
): Promise<MonthAvailability> {
  const dates = datesOfMonth(month);
  const first = dates[0] ?? `${month}-01`;
  const last = dates[dates.length - 1] ?? first;
  const schedule = await readSchedule(db, config, first, last, now);
  const range = bookableRange(now, schedule.rules);
  return {
    month,
    firstBookableDate: range.first,
    lastBookableDate: range.last,
    days: dates.map((date) => {
      // Dates outside the bookable range need no slot arithmetic.
      if (date < range.first) return { date, freeSlots: 0, reason: "past" };
      if (date > range.last) return { date, freeSlots: 0, reason: "beyond_horizon" };
      const { freeSlots, reason } = daySlots(
        date,
        schedule.facts,
        schedule.taken,
        schedule.rules,
        now,
        range,
      );
      return reason ? { date, freeSlots, reason } : { date, freeSlots };
    }),
  };
}

/**
 * The slot a booking asks for, when the schedule offers it and it can still be booked; otherwise a 400 saying why
 * (409 when it overlaps an appointment kept from earlier hours). Booking and rescheduling go through it.
 */
export async function bookableSlot(
  db: Db,
  config: Config,
  date: string,
  time: string,
  now: Date,
): Promise<OfferedSlot> {
  const schedule = await readSchedule(db, config, date, date, now);
  const { rules } = schedule;
  const range = bookableRange(now, rules);
  if (date < range.first)
    throw new HttpError(400, "This date can no longer be booked. Please choose a later date.");
  if (date > range.last) {
    throw new HttpError(
      400,
      `Appointments can be booked up to ${rules.horizonDays} days ahead. Please choose an earlier date.`,
    );
  }
  const day = daySlots(date, schedule.facts, schedule.taken, rules, now, range);
  if (day.reason === "leave" || day.reason === "day_off") {
    const closed =
      day.reason === "leave"
        ? `The doctor is on leave on ${longDate(date)}.`
        : `There are no consultations on ${longDate(date)}.`;
    throw new HttpError(
      400,
      `${closed} Please choose another date.`,
      {},
      { issues: [{ path: "appointmentDate", message: "Please choose another date" }] },
    );
  }
  const slot = day.slots.find((candidate) => candidate.time === time);
  if (!slot) {
    throw new HttpError(
      400,
      `${slotLabel(time)} is not a consultation time on ${longDate(date)}. Please select one of the available time slots.`,
      {},
      { issues: [{ path: "appointmentTime", message: "Please select one of the available time slots" }] },
    );
  }
  if (slot.status === "unavailable") {
    throw new HttpError(
      400,
      rules.minNoticeMinutes > 0
        ? `The ${slotLabel(time)} time can no longer be booked: consultations must be booked at least ${rules.minNoticeMinutes} minutes ahead. Please choose a later time.`
        : `The ${slotLabel(time)} time can no longer be booked. Please choose a later time.`,
    );
  }
  if (slot.status === "booked") throw new HttpError(409, SLOT_TAKEN_MESSAGE);
  return { time: slot.time, durationMinutes: slot.durationMinutes };
}

export const SLOT_TAKEN_MESSAGE =
  "This slot has just been booked by someone else. Please choose another time.";

// ---------------------------------------------------------------------------------------------------------------
// The doctor's editor

/**
 * Why an appointment needs the doctor: what she set on that date that took its slot, or, for a parent asked to
 * choose whose time is offered again, that the ask still stands.
 */
function whyNeedsAction(appointment: BookedAppointment, facts: ScheduleFacts, timeZone: string): string {
  const plan = dayPlan(appointment.appointmentDate, facts, timeZone);
  if (plan.slots.some((slot) => slot.time === appointment.appointmentTime))
    return "Your hours include this time again, but the parent was asked to choose another time or a refund";
  if (plan.leave) return plan.leave.note ? `Leave: ${plan.leave.note}` : "Leave";
  const blocked = plan.blocked.find((slot) => slot.time === appointment.appointmentTime);
  if (blocked) return blocked.note ? `Blocked slot: ${blocked.note}` : "Blocked slot";
  if (plan.ownHours) return "Outside this date's own hours";
  return "Outside the weekly hours";
}

function isOffered(appointment: BookedAppointment, facts: ScheduleFacts, timeZone: string): boolean {
  return dayPlan(appointment.appointmentDate, facts, timeZone).slots.some(
    (slot) => slot.time === appointment.appointmentTime,
  );
}

function needingAction(
  appointment: BookedAppointment,
  facts: ScheduleFacts,
  timeZone: string,
): AppointmentNeedingAction {
  return {
    id: appointment.id,
    bookingId: bookingIdOf(appointment.id),
    patientName: appointment.patientName,
    patientPhone: appointment.patientPhone,
    patientEmail: appointment.patientEmail,
    appointmentDate: appointment.appointmentDate,
    appointmentTime: appointment.appointmentTime,
    durationMinutes: appointment.durationMinutes,
    why: whyNeedsAction(appointment, facts, timeZone),
    awaitingPayment: appointment.status === "pending_payment",
    parentAskedAt: appointment.doctorUnavailableSince?.toISOString() ?? null,
  };
}

/** Confirmed appointments and live holds from today on, and the schedule over their dates. */
async function upcoming(db: Db, config: Config, now: Date) {
  const today = clinicDate(now, config.booking.timeZone);
  const appointments = await bookedFrom(db, today, now);
  const last = appointments[appointments.length - 1]?.appointmentDate ?? today;
  const rows = await repository.loadScheduleRows(db, today, last, now);
  return { today, appointments, rows, settings: effective(config, rows.settings) };
}

/** Whether the doctor has saved her weekly hours (until then the defaults are offered). */
export async function hoursSaved(db: Db): Promise<boolean> {
  return (await repository.readSettings(db)) !== undefined;
}

export async function adminSchedule(db: Db, config: Config, now: Date): Promise<AdminSchedule> {
  const { today, appointments, settings } = await upcoming(db, config, now);
  const timeZone = config.booking.timeZone;
  const exceptions = await repository.exceptionsFrom(db, today);
  const facts = { weekly: settings.weekly, exceptions };
  return {
    weekly: settings.weekly,
    minNoticeMinutes: settings.minNoticeMinutes,
    horizonDays: settings.horizonDays,
    defaults: { minNoticeMinutes: config.booking.minNoticeMinutes, horizonDays: config.booking.horizonDays },
    timeZone,
    exceptions,
    // A hold on a time no longer offered needs nothing: it lapses, or its payment is refunded in full on arrival.
    // A parent still asked to choose stays listed when the time is offered again (leave removed, hours restored):
    // the booking is refunded at its start unless the parent or the doctor settles it, so she must see it.
    needsAction: appointments
      .filter(
        (appointment) =>
          appointment.status === "confirmed" &&
          (!isOffered(appointment, facts, timeZone) || appointment.doctorUnavailableSince !== null),
      )
      .map((appointment) => needingAction(appointment, facts, timeZone)),
    decidedAfterAsking: await decidedAfterAsking(db, now),
  };
}

/** How long the dashboard keeps showing how an asked parent's booking was settled. */
const DECIDED_SHOWN_DAYS = 14;

async function decidedAfterAsking(db: Db, now: Date): Promise<DecidedAfterAsking[]> {
  const since = new Date(now.getTime() - DECIDED_SHOWN_DAYS * 86_400_000);
  const seen = new Set<string>();
  const decided: DecidedAfterAsking[] = [];
  for (const row of await askedParentsSince(db, since)) {
    // The latest ask of each booking only; one still waiting is in needsAction instead.
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    if (row.status === "confirmed" && row.doctorUnavailableSince) continue;
    decided.push({
      id: row.id,
      bookingId: bookingIdOf(row.id),
      patientName: row.patientName,
      appointmentDate: row.appointmentDate,
      appointmentTime: row.appointmentTime,
      outcome: row.status === "cancelled" ? "refunded" : "moved",
      askedAt: row.askedAt.toISOString(),
    });
  }
  return decided;
}

/**
 * Applies a change to the schedule in one transaction, unless it would take the slot of a confirmed appointment that
 * the request does not acknowledge: then nothing changes and the answer is 409 with those appointments. Appointments
 * acknowledged are kept; they appear in the list of appointments needing action.
 */
async function changeSchedule(
  db: Db,
  config: Config,
  now: Date,
  acknowledged: readonly string[],
  change: {
    after: (before: ScheduleFacts) => ScheduleFacts;
    write: (tx: Db) => Promise<void>;
  },
): Promise<void> {
  const timeZone = config.booking.timeZone;
  await db.transaction(async (tx) => {
    await repository.lockSchedule(tx);
    const { appointments, rows, settings } = await upcoming(tx, config, now);
    const before = { weekly: settings.weekly, exceptions: rows.exceptions };
    const after = change.after(before);
    const affected = appointments.filter(
      (appointment) => isOffered(appointment, before, timeZone) && !isOffered(appointment, after, timeZone),
    );
    const seen = new Set(acknowledged);
    const unseen = affected.filter((appointment) => !seen.has(appointment.id));
    if (unseen.length > 0) {
      throw new HttpError(
        409,
        affectedMessage(affected),
        {},
        {
          affected: affected.map((appointment) => needingAction(appointment, after, timeZone)),
        },
      );
    }
    await change.write(tx);
  });
  // The booking window (notice, horizon) and the dates offered are on the public pages and in /api/config.
  await publicContentChanged(db);
}

function counted(n: number, one: string, many: string): string {
  return n === 1 ? `1 ${one}` : `${n} ${many}`;
}

/** The 409's message: how many confirmed appointments and held bookings the change would take the time of. */
function affectedMessage(affected: readonly BookedAppointment[]): string {
  const holds = affected.filter((appointment) => appointment.status === "pending_payment").length;
  const confirmed = affected.length - holds;
  const parts = [
    ...(confirmed > 0 ? [counted(confirmed, "confirmed appointment", "confirmed appointments")] : []),
    ...(holds > 0 ? [counted(holds, "booking awaiting payment", "bookings awaiting payment")] : []),
  ];
  const kept =
    confirmed === 0
      ? ""
      : ` ${confirmed === 1 ? "The confirmed appointment is" : "Confirmed appointments are"} kept and listed as needing action.`;
  const refunded =
    holds === 0 ? "" : " A booking awaiting payment that is paid after this change is refunded in full.";
  return `This change takes the time of ${parts.join(" and ")}. Review ${affected.length === 1 ? "it" : "them"}, then confirm.${kept}${refunded}`;
}

/**
 * `bookableSlot` read under the schedule's shared lock in the caller's transaction, for a new booking: a change of the
 * schedule waits for the booking, and the booking for a change, so what it holds is offered when it is held.
 */
export async function bookableSlotUnderLock(
  tx: Db,
  config: Config,
  date: string,
  time: string,
  now: Date,
): Promise<OfferedSlot> {
  await repository.lockScheduleForReading(tx);
  return bookableSlot(tx, config, date, time, now);
}

/**
 * Whether the schedule still offers a booking's slot (not on leave, inside the day's hours, not blocked), read under
 * the schedule's shared lock in the caller's transaction: a change of the schedule waits for it, and it for a change.
 * Notice and horizon do not matter here: they applied when the slot was held.
 */
export async function isSlotStillOffered(
  tx: Db,
  config: Config,
  slot: { appointmentDate: string; appointmentTime: string },
  now: Date,
): Promise<boolean> {
  await repository.lockScheduleForReading(tx);
  const { facts } = await readSchedule(tx, config, slot.appointmentDate, slot.appointmentDate, now);
  return dayPlan(slot.appointmentDate, facts, config.booking.timeZone).slots.some(
    (offered) => offered.time === slot.appointmentTime,
  );
}

export async function saveSettings(
  db: Db,
  config: Config,
  input: z.output<typeof scheduleSettingsSchema>,
  now: Date,
): Promise<AdminSchedule> {
  const settings = {
    weekly: input.weekly,
    minNoticeMinutes: input.minNoticeMinutes,
    horizonDays: input.horizonDays,
  };
  await changeSchedule(db, config, now, input.acknowledgedAppointmentIds, {
    after: (before) => ({ ...before, weekly: settings.weekly }),
    write: (tx) => repository.saveSettings(tx, settings, now),
  });
  return adminSchedule(db, config, now);
}

function toNewException(input: z.output<typeof newExceptionSchema>): NewException {
  const note = input.note;
  switch (input.kind) {
    case "leave":
      return { kind: "leave", startsOn: input.startsOn, endsOn: input.endsOn, note };
    case "hours":
      return { kind: "hours", startsOn: input.date, endsOn: input.date, sessions: input.sessions, note };
    case "block":
      return { kind: "block", startsOn: input.date, endsOn: input.date, time: input.time, note };
  }
}

export async function addException(
  db: Db,
  config: Config,
  input: z.output<typeof newExceptionSchema>,
  now: Date,
): Promise<AdminSchedule> {
  const exception = toNewException(input);
  const today = clinicDate(now, config.booking.timeZone);
  if (exception.endsOn < today) throw new HttpError(400, "Choose a date from today on.");
  if (exception.kind === "block") {
    const { facts } = await readSchedule(db, config, exception.startsOn, exception.startsOn, now);
    const plan = dayPlan(exception.startsOn, facts, config.booking.timeZone);
    if (plan.blocked.some((slot) => slot.time === exception.time))
      throw new HttpError(409, "That slot is already blocked.");
    if (!plan.slots.some((slot) => slot.time === exception.time)) {
      throw new HttpError(
        400,
        `${slotLabel(exception.time)} is not a consultation time on ${longDate(exception.startsOn)}, so there is nothing to block.`,
        {},
        { issues: [{ path: "time", message: "Choose one of the date's consultation times" }] },
      );
    }
  }
  const draft: ScheduleException = { id: "new", ...exception };
  try {
    await changeSchedule(db, config, now, input.acknowledgedAppointmentIds, {
      after: (before) => ({ ...before, exceptions: [...before.exceptions, draft] }),
      write: async (tx) => {
        await repository.insertException(tx, exception, now);
      },
    });
  } catch (error) {
    if (isUniqueViolation(error, "schedule_exceptions_hours_idx")) {
      throw new HttpError(
        409,
        `${longDate(exception.startsOn)} already has its own hours. Remove them first to set new ones.`,
      );
    }
    if (isUniqueViolation(error, "schedule_exceptions_block_idx")) {
      throw new HttpError(409, "That slot is already blocked.");
    }
    throw error;
  }
  return adminSchedule(db, config, now);
}

/** Removing an exception can take slots away too (a date's own hours going back to the weekday's). */
export async function removeException(
  db: Db,
  config: Config,
  id: string,
  acknowledged: readonly string[],
  now: Date,
): Promise<AdminSchedule> {
  const existing = await repository.findException(db, id);
  if (!existing)
    throw new HttpError(404, "That leave or override was not found. It may have been removed already.");
  await changeSchedule(db, config, now, acknowledged, {
    after: (before) => ({
      ...before,
      exceptions: before.exceptions.filter((exception) => exception.id !== id),
    }),
    write: (tx) => repository.deleteException(tx, id),
  });
  return adminSchedule(db, config, now);
}
