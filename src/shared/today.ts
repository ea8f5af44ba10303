import type { AdminAppointment } from "./admin";

/** One consultation of the doctor's day: the booking, when it runs, and how many reports the parent sent. */
export interface TodayConsultation {
  appointment: AdminAppointment;
  /** When it starts and ends (ISO), from its date, time and length in the clinic's zone. */
  startsAt: string;
  endsAt: string;
  /** Reports (PDFs and images) the parent uploaded for it. */
  reportCount: number;
}

/** A time the doctor is not seeing anyone: leave for the whole day, or one slot she blocked. */
export type TodayClosure = { kind: "leave"; note: string } | { kind: "blocked"; time: string; note: string };

/**
 * GET /api/admin/today: the doctor's day in the clinic's zone. Confirmed, completed and missed consultations, in time
 * order (a hold still waiting for its payment is not one yet); and the times she closed.
 */
export interface AdminToday {
  /** The clinic's date today, "2026-11-27". */
  date: string;
  /** The server's clock (ISO), so the page counts down to the next consultation from the same time. */
  now: string;
  consultations: TodayConsultation[];
  closures: TodayClosure[];
  /** The date has hours of its own (an override) instead of the weekday's, with its note. */
  ownHours: { note: string } | null;
}
