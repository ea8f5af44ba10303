import { subMinutes } from "date-fns";
import { and, desc, inArray, like } from "drizzle-orm";
import { appointmentInterval } from "@shared/schedule";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { outboxMessages } from "../../db/schema";
import type { AppointmentRow } from "../appointments/repository";
import {
  enqueue,
  kindsOfAppointments,
  type NewOutboxRow,
  requeuePatientConfirmation,
  withdrawPendingReminders,
} from "./repository";

/** The doctor's "resend confirmation": the patient's confirmation goes out again, as it reads now. */
export async function resendConfirmation(db: Db, appointmentId: string, now: Date): Promise<number> {
  return requeuePatientConfirmation(db, appointmentId, now);
}

/**
 * Reminder kinds carry their offset ("reminder_1440m"), so every configured reminder is its own row, and after a
 * move the calendar sequence ("reminder_1440m_s1"), so the moved time gets its own reminders.
 */
function reminderKind(minutesBefore: number, sequence = 0): string {
  return sequence === 0 ? `reminder_${minutesBefore}m` : `reminder_${minutesBefore}m_s${sequence}`;
}

/** The patient's reminders before the call, at the appointment's current time; those already due are left out. */
function reminderRows(config: Config, appointment: AppointmentRow, now: Date): NewOutboxRow[] {
  const base = { appointmentId: appointment.id, createdAt: now, updatedAt: now };
  const start = appointmentInterval(appointment, config.booking.timeZone).startsAt;
  const rows: NewOutboxRow[] = [];
  for (const minutes of config.booking.reminderMinutesBefore) {
    const dueAt = subMinutes(start, minutes);
    if (dueAt <= now) continue;
    const kind = reminderKind(minutes, appointment.calendarSequence);
    for (const channel of ["email", "whatsapp"] as const)
      rows.push({ ...base, kind, channel, recipient: "patient", dueAt });
  }
  return rows;
}

/** The kind of the messages about a move: one set per move, by the calendar sequence it made. */
function rescheduledKind(sequence: number): string {
  return `rescheduled_${sequence}`;
}
export const CANCELLED_MESSAGE_KIND = "cancelled";

/**
 * A move or a cancellation, in its own transaction: the messages to the patient and the doctor by e-mail and
 * WhatsApp (with the updated or withdrawn calendar event), the reminders of the old time withdrawn and, after a
 * move, new ones for the new time.
 */
export async function enqueueChangeMessages(
  db: Db,
  config: Config,
  appointment: AppointmentRow,
  change: "rescheduled" | "cancelled",
  now: Date,
): Promise<void> {
  await withdrawPendingReminders(db, appointment.id, now);
  const kind =
    change === "rescheduled" ? rescheduledKind(appointment.calendarSequence) : CANCELLED_MESSAGE_KIND;
  const base = { appointmentId: appointment.id, createdAt: now, updatedAt: now, dueAt: now, kind };
  const rows: NewOutboxRow[] = [];
  for (const recipient of ["patient", "doctor"] as const)
    for (const channel of ["email", "whatsapp"] as const) rows.push({ ...base, channel, recipient });
  if (change === "rescheduled") rows.push(...reminderRows(config, appointment, now));
  await enqueue(db, rows);
}

/**
 * The messages a confirmed booking causes, written in the confirmation's own transaction: the confirmation by
 * e-mail and WhatsApp to the patient and the doctor now, and reminders to the patient before the call. A reminder
 * whose time has already passed when the booking is made (booked 3 hours ahead: no 24-hour reminder) is left out.
 */
export async function enqueueConfirmationMessages(
  db: Db,
  config: Config,
  appointment: AppointmentRow,
  now: Date,
): Promise<void> {
  const base = { appointmentId: appointment.id, createdAt: now, updatedAt: now };
  const rows: NewOutboxRow[] = [];
  for (const recipient of ["patient", "doctor"] as const) {
    for (const channel of ["email", "whatsapp"] as const)
      rows.push({ ...base, kind: "confirmation", channel, recipient, dueAt: now });
  }
  rows.push(...reminderRows(config, appointment, now));
  await enqueue(db, rows);
}

/** One message of this kind to the parent by e-mail and one by WhatsApp, both due now. */
async function enqueueToParentNow(
  db: Db,
  appointment: AppointmentRow,
  kind: string,
  now: Date,
): Promise<void> {
  const base = { appointmentId: appointment.id, createdAt: now, updatedAt: now, dueAt: now };
  await enqueue(
    db,
    (["email", "whatsapp"] as const).map((channel) => ({ ...base, kind, channel, recipient: "patient" })),
  );
}

/** The kind of the patient's message that a received payment is being refunded instead of booking the slot. */
export const REFUND_MESSAGE_KIND = "refund";

/**
 * The patient's e-mail and WhatsApp message that the payment was received but is being refunded in full (the slot
 * was booked by someone else first, or the amount was short), written in the transaction that decides the refund.
 */
export async function enqueueRefundMessages(db: Db, appointment: AppointmentRow, now: Date): Promise<void> {
  await enqueueToParentNow(db, appointment, REFUND_MESSAGE_KIND, now);
}

/** The kind of the parent's message that the doctor cannot keep the booked time. */
export const UNAVAILABLE_MESSAGE_KIND = "doctor_unavailable";

/**
 * The doctor cannot keep the booked time: the parent's e-mail and WhatsApp message asking them to choose another
 * time or a full refund, now, and the reminders of the old time withdrawn (the room will not open then).
 */
export async function enqueueUnavailableMessages(
  db: Db,
  appointment: AppointmentRow,
  now: Date,
): Promise<void> {
  await withdrawPendingReminders(db, appointment.id, now);
  await enqueueToParentNow(db, appointment, UNAVAILABLE_MESSAGE_KIND, now);
}

/** A message from a contact form, e-mailed to the doctor. */
export async function enqueueContactMessage(db: Db, contactMessageId: string, now: Date): Promise<void> {
  await enqueue(db, [
    {
      kind: "contact_message",
      channel: "email",
      recipient: "doctor",
      contactMessageId,
      dueAt: now,
      createdAt: now,
      updatedAt: now,
    },
  ]);
}

const RUNNING_LATE_PREFIX = "running_late_";
const RUNNING_LATE_KIND = /^running_late_(\d+)_(\d+)m$/;

/**
 * The kind of the parent's message that the doctor is running late: which of the messages of its kind to this
 * booking it is (1, 2...) and the minutes, "running_late_2_15m". Each press of Running late is thus a message of its
 * own, which the outbox's one-row-per-kind rule does not swallow, and the minutes travel with it to the message.
 */
export function runningLateKind(sequence: number, minutes: number): string {
  return `${RUNNING_LATE_PREFIX}${sequence}_${minutes}m`;
}

/** The sequence and the minutes a running-late kind carries; undefined for any other kind. */
export function runningLateOfKind(kind: string): { sequence: number; minutes: number } | undefined {
  const match = RUNNING_LATE_KIND.exec(kind);
  return match ? { sequence: Number(match[1]), minutes: Number(match[2]) } : undefined;
}

/**
 * The doctor is running about `minutes` late: for each appointment, its parent's message now on each channel the
 * booking has (e-mail, WhatsApp), numbered after the running-late messages it already has. Run it in a transaction
 * that holds the appointments' locks, so two presses at once cannot take the same number.
 */
export async function enqueueRunningLateMessages(
  db: Db,
  appointments: readonly AppointmentRow[],
  minutes: number,
  now: Date,
): Promise<AppointmentRow[]> {
  const earlier = await kindsOfAppointments(
    db,
    appointments.map((appointment) => appointment.id),
    RUNNING_LATE_PREFIX,
  );
  const last = new Map<string, { sequence: number; minutes: number; at: Date }>();
  for (const { appointmentId, kind, createdAt } of earlier) {
    const late = runningLateOfKind(kind);
    if (late && late.sequence > (last.get(appointmentId)?.sequence ?? 0))
      last.set(appointmentId, { sequence: late.sequence, minutes: late.minutes, at: createdAt });
  }
  // A second press of the same estimate moments after the first (a double tap, two devices) tells nobody again.
  const toldJustNow = (id: string) => {
    const previous = last.get(id);
    return (
      previous !== undefined &&
      previous.minutes === minutes &&
      now.getTime() - previous.at.getTime() < RUNNING_LATE_REPEAT_MS
    );
  };
  const told = appointments.filter((appointment) => !toldJustNow(appointment.id));
  const rows: NewOutboxRow[] = told.flatMap((appointment) => {
    const kind = runningLateKind((last.get(appointment.id)?.sequence ?? 0) + 1, minutes);
    const base = {
      appointmentId: appointment.id,
      kind,
      recipient: "patient",
      dueAt: now,
      createdAt: now,
      updatedAt: now,
    };
    return runningLateChannels(appointment).map((channel) => ({ ...base, channel }));
  });
  await enqueue(db, rows);
  return told;
}

/** How long a press of Running late with the same estimate counts as a repeat of the last one. */
export const RUNNING_LATE_REPEAT_MS = 2 * 60 * 1000;

/** The channels a booking can be told on: e-mail with an address, WhatsApp with a phone number (both, as booked). */
export function runningLateChannels(appointment: AppointmentRow): ("email" | "whatsapp")[] {
  return [
    ...(appointment.patientEmail.trim() ? (["email"] as const) : []),
    ...(appointment.patientPhone.trim() ? (["whatsapp"] as const) : []),
  ];
}

/**
 * The latest press of Running late among these appointments (the day's): when, how many minutes, and how many
 * parents it told; null when there was none. Today shows it, so a second press is made knowing the first.
 */
export async function latestRunningLate(
  db: Db,
  appointmentIds: readonly string[],
): Promise<{ minutes: number; at: Date; parents: number; notSent: number } | null> {
  if (appointmentIds.length === 0) return null;
  const rows = await db
    .select({
      appointmentId: outboxMessages.appointmentId,
      kind: outboxMessages.kind,
      createdAt: outboxMessages.createdAt,
      status: outboxMessages.status,
      attempts: outboxMessages.attempts,
    })
    .from(outboxMessages)
    .where(
      and(
        inArray(outboxMessages.appointmentId, [...appointmentIds]),
        like(outboxMessages.kind, `${RUNNING_LATE_PREFIX}%`),
      ),
    )
    .orderBy(desc(outboxMessages.createdAt));
  const latest = rows[0];
  const minutes = latest ? runningLateOfKind(latest.kind)?.minutes : undefined;
  if (!latest || minutes === undefined) return null;
  const press = rows.filter((row) => row.createdAt.getTime() === latest.createdAt.getTime());
  const told = new Set(press.map((row) => row.appointmentId));
  // Messages of the press that did not go out: failed, retrying after a failure, or held for want of a channel.
  const notSent = press.filter(
    (row) =>
      ["failed", "written_to_file", "skipped"].includes(row.status) ||
      (row.status === "pending" && row.attempts > 0),
  ).length;
  return { minutes, at: latest.createdAt, parents: told.size, notSent };
}
