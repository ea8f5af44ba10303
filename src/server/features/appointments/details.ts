import type { AdminAppointmentDetails } from "@shared/admin";
import { z } from "zod";
import { HttpError } from "../../http/errors";
import { toAdminAppointment } from "../../core/appointments/admin-view";
import { findAppointment } from "../../core/appointments/repository";
import { appointmentNotifications } from "../../core/outbox/admin-queries";
import { refundViewsOf } from "../../core/appointments/refund-records";
import { latestReschedules } from "../../core/appointments/events";
import { appointmentHistory, doctorActions, type LifecycleContext } from "./service";
import type { Db } from "../../db/client";
import { bookingIdOf } from "@shared/booking";

/** One appointment as the dashboard's details show it: the patient, the payment, messages, refunds and history. */
export async function appointmentDetails(
  ctx: LifecycleContext,
  id: string,
): Promise<AdminAppointmentDetails> {
  const row = z.uuid().safeParse(id).success ? await findAppointment(ctx.db, id) : undefined;
  if (!row) throw new HttpError(404, "Appointment not found");
  const [messages, refunds, history] = await Promise.all([
    appointmentNotifications(ctx.db, row.id),
    refundViewsOf(ctx.db, row.id),
    appointmentHistory(ctx.db, row.id),
  ]);
  return {
    appointment: toAdminAppointment(row, ctx.siteUrl, {
      now: ctx.now,
      timeZone: ctx.config.booking.timeZone,
    }),
    messages,
    refunds,
    history,
    actions: doctorActions(ctx, row),
  };
}

/** GET /api/admin/reschedule-requests: the latest moves of any appointment, by the parent or the doctor. */
export async function rescheduleHistory(db: Db) {
  const rows = await latestReschedules(db, 100);
  return {
    requests: rows.map((row) => {
      const payload = (row.payload ?? {}) as {
        actor?: string;
        from?: { date?: string; time?: string };
        to?: { date?: string; time?: string };
      };
      return {
        id: row.id,
        appointmentId: row.appointmentId,
        bookingId: row.appointmentId ? bookingIdOf(row.appointmentId) : "",
        patientName: row.patientName,
        requestedBy: payload.actor ?? "patient",
        fromDate: payload.from?.date ?? null,
        fromTime: payload.from?.time ?? null,
        requestedDate: payload.to?.date ?? null,
        requestedTime: payload.to?.time ?? null,
        status: "done",
        createdAt: row.createdAt.toISOString(),
      };
    }),
  };
}
