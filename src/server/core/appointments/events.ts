import { and, desc, eq, gte } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rowsOfAppointmentOldestFirst } from "../../db/rows";
import { appointments, domainEvents } from "../../db/schema";

export type EventRow = typeof domainEvents.$inferSelect;

/** An appointment's history, oldest first. */
export async function eventsOf(db: Db, appointmentId: string): Promise<EventRow[]> {
  return rowsOfAppointmentOldestFirst(db, domainEvents, appointmentId, [
    domainEvents.createdAt,
    domainEvents.id,
  ]);
}

/** The latest moves of any appointment, newest first, with whose they were. */
export async function latestReschedules(db: Db, limit: number) {
  return db
    .select({
      id: domainEvents.id,
      appointmentId: domainEvents.appointmentId,
      payload: domainEvents.payload,
      createdAt: domainEvents.createdAt,
      patientName: appointments.patientName,
    })
    .from(domainEvents)
    .innerJoin(appointments, eq(appointments.id, domainEvents.appointmentId))
    .where(and(eq(domainEvents.type, "appointment_rescheduled")))
    .orderBy(desc(domainEvents.createdAt))
    .limit(limit);
}

/**
 * The bookings whose parent was asked, since `since`, to choose another time or a refund (the doctor could not keep
 * the time), with where each stands now; the latest ask first.
 */
export async function askedParentsSince(db: Db, since: Date) {
  return db
    .select({
      id: appointments.id,
      askedAt: domainEvents.createdAt,
      patientName: appointments.patientName,
      appointmentDate: appointments.appointmentDate,
      appointmentTime: appointments.appointmentTime,
      status: appointments.status,
      doctorUnavailableSince: appointments.doctorUnavailableSince,
    })
    .from(domainEvents)
    .innerJoin(appointments, eq(appointments.id, domainEvents.appointmentId))
    .where(and(eq(domainEvents.type, "doctor_unavailable"), gte(domainEvents.createdAt, since)))
    .orderBy(desc(domainEvents.createdAt));
}
