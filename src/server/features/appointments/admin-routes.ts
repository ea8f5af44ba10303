import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AdminAppointmentDetails } from "@shared/admin";
import { askParentsSchema, doctorCancelSchema, rescheduleSchema } from "@shared/manage";
import type { ProfileSource } from "@shared/site-profile";
import type { PaymentGateway } from "../../integrations/payments/gateway";
import type { ClinicCounters } from "../../core/metrics/counters";
import { retryRefund } from "../payments/service";
import { appointmentDetails, rescheduleHistory } from "./details";
import { receiptFor } from "./receipt";
import * as lifecycle from "./service";
import { contextPerRequest, type RouteDeps } from "../../http/request-context";
import { idParams, recordKey } from "../../http/route-params";

interface AdminLifecycleRouteOptions extends RouteDeps {
  gateway: PaymentGateway;
  profile: ProfileSource;
  counters: ClinicCounters;
}

const refundParams = z.object({ refundId: recordKey });

/**
 * The doctor's actions on an appointment. Registered inside the admin scope, whose hook checks the session and the
 * origin of every request; each answers the appointment's details as they are afterwards.
 */
export const adminLifecycleRoutes: FastifyPluginAsyncZod<AdminLifecycleRouteOptions> = async (
  app,
  options,
) => {
  const { db, config, gateway, profile, now, counters } = options;
  const context = contextPerRequest(options, { gateway, counters });
  const details = (ctx: lifecycle.LifecycleContext, id: string): Promise<AdminAppointmentDetails> =>
    appointmentDetails(ctx, id);

  // The doctor cannot keep these bookings' times: each parent is asked to choose another time or a full refund.
  app.post("/api/admin/appointments/ask-parents", { schema: { body: askParentsSchema } }, async (request) => {
    const asked = await lifecycle.askParentsToChoose(context(request), request.body.appointmentIds);
    // A change to each booking, as a move or a cancellation is: written to the access log.
    for (const row of asked)
      await request.recordAccess({
        action: "change",
        recordType: "appointment",
        recordId: row.id,
        detail: "asked the parent to choose another time or a full refund",
      });
    return { asked: asked.map((row) => row.id) };
  });
  /** The details after an action, with the action written to the access log. */
  const changed = async (
    request: FastifyRequest,
    ctx: lifecycle.LifecycleContext,
    id: string,
    detail: string,
  ): Promise<AdminAppointmentDetails> => {
    const after = await details(ctx, id);
    await request.recordAccess({
      action: "change",
      recordType: "appointment",
      recordId: after.appointment.id,
      detail,
    });
    return after;
  };

  /** Runs one of the doctor's actions on an appointment and answers its details after it, the action logged. */
  const acted = async (
    request: FastifyRequest,
    id: string,
    detail: string,
    action: (ctx: lifecycle.LifecycleContext) => Promise<unknown>,
  ): Promise<AdminAppointmentDetails> => {
    const ctx = context(request);
    await action(ctx);
    return changed(request, ctx, id, detail);
  };

  app.get("/api/admin/reschedule-requests", async (request) => {
    const history = await rescheduleHistory(db);
    await request.recordAccess({
      action: "view",
      recordType: "appointment_list",
      recordId: "reschedules",
      detail: "listed the latest moves",
    });
    return history;
  });

  app.get("/api/admin/appointments/:id", { schema: { params: idParams } }, async (request) => {
    const ctx = context(request);
    const view = await details(ctx, request.params.id);
    await request.recordAccess({
      action: "view",
      recordType: "appointment",
      recordId: view.appointment.id,
      detail: "opened the details",
    });
    return view;
  });

  app.post("/api/admin/appointments/:id/complete", { schema: { params: idParams } }, async (request) =>
    acted(request, request.params.id, "marked completed", (ctx) =>
      lifecycle.markOutcome(ctx, request.params.id, "completed"),
    ),
  );

  app.post("/api/admin/appointments/:id/no-show", { schema: { params: idParams } }, async (request) =>
    acted(request, request.params.id, "marked no-show", (ctx) =>
      lifecycle.markOutcome(ctx, request.params.id, "no_show"),
    ),
  );

  app.post(
    "/api/admin/appointments/:id/reschedule",
    { schema: { params: idParams, body: rescheduleSchema } },
    async (request) =>
      acted(request, request.params.id, "rescheduled", (ctx) =>
        lifecycle.rescheduleByDoctor(ctx, request.params.id, request.body),
      ),
  );

  app.post(
    "/api/admin/appointments/:id/cancel",
    { schema: { params: idParams, body: doctorCancelSchema } },
    async (request) =>
      acted(request, request.params.id, "cancelled with a full refund", (ctx) =>
        lifecycle.cancelByDoctor(ctx, request.params.id, request.body.reason),
      ),
  );

  app.post(
    "/api/admin/appointments/:id/resend-confirmation",
    { schema: { params: idParams } },
    async (request) =>
      acted(request, request.params.id, "sent the confirmation again", (ctx) =>
        lifecycle.resendPatientConfirmation(ctx, request.params.id),
      ),
  );

  app.get("/api/admin/appointments/:id/receipt", { schema: { params: idParams } }, async (request, reply) => {
    const at = now();
    const receipt = await receiptFor(db, config, profile.current(), request.params.id, at);
    await request.recordAccess({
      action: "download",
      recordType: "appointment",
      recordId: request.params.id,
      detail: "downloaded the receipt",
    });
    return reply
      .header("content-type", "application/pdf")
      .header("content-disposition", `attachment; filename="${receipt.filename}"`)
      .header("cache-control", "no-store")
      .send(receipt.pdf);
  });

  app.post("/api/admin/refunds/:refundId/retry", { schema: { params: refundParams } }, async (request) => {
    const ctx = context(request);
    const refund = await retryRefund(ctx, request.params.refundId);
    return changed(request, ctx, refund.appointmentId, "retried a refund");
  });
};
