import { subMinutes } from "date-fns";
import { slotStart } from "@shared/clinic-time";
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
  const start = slotStart(appointment.appointmentDate, appointment.appointmentTime, config.booking.timeZone);
  for (const minutes of config.booking.reminderMinutesBefore) {
    const dueAt = subMinutes(start, minutes);
    if (dueAt <= now) continue;
    for (const channel of ["email", "whatsapp"] as const) {
      rows.push({ ...base, kind: reminderKind(minutes), channel, recipient: "patient", dueAt });
    }
  }
  await enqueue(db, rows);
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
