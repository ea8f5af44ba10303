import { and, asc, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { appointments, domainEvents } from "../../db/schema";

export type EventRow = typeof domainEvents.$inferSelect;

/** An appointment's history, oldest first. */
export async function eventsOf(db: Db, appointmentId: string): Promise<EventRow[]> {
  return db
    .select()
    .from(domainEvents)
    .where(eq(domainEvents.appointmentId, appointmentId))
    .orderBy(asc(domainEvents.createdAt), asc(domainEvents.id));
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
