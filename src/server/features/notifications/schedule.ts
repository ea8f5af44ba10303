import { subMinutes } from "date-fns";
import { appointmentInterval } from "@shared/schedule";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { AppointmentRow } from "../booking/repository";
import { enqueue, type NewOutboxRow } from "./repository";

/** Reminder kinds carry their offset ("reminder_1440m"), so every configured reminder is its own row. */
export function reminderKind(minutesBefore: number): string {
  return `reminder_${minutesBefore}m`;
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
  const start = appointmentInterval(appointment, config.booking.timeZone).startsAt;
  for (const minutes of config.booking.reminderMinutesBefore) {
    const dueAt = subMinutes(start, minutes);
    if (dueAt <= now) continue;
    for (const channel of ["email", "whatsapp"] as const) {
      rows.push({ ...base, kind: reminderKind(minutes), channel, recipient: "patient", dueAt });
    }
  }
  await enqueue(db, rows);
}

/** The kind of the patient's message that a received payment is being refunded instead of booking the slot. */
export const REFUND_MESSAGE_KIND = "refund";

/**
 * The patient's e-mail and WhatsApp message that the payment was received but is being refunded in full (the slot
 * was booked by someone else first, or the amount was short), written in the transaction that decides the refund.
 */
export async function enqueueRefundMessages(db: Db, appointment: AppointmentRow, now: Date): Promise<void> {
  const base = { appointmentId: appointment.id, createdAt: now, updatedAt: now, dueAt: now };
  await enqueue(
    db,
    (["email", "whatsapp"] as const).map((channel) => ({
      ...base,
      kind: REFUND_MESSAGE_KIND,
      channel,
      recipient: "patient",
    })),
  );
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
