import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ACCESS_LOG_VIEWS, type PatientRecord } from "@shared/patients";
import type { FastifyRequest } from "fastify";
import type { RecordStore } from "../../integrations/record-store/record-store";
import { countOf } from "../../core/access-log/access-log";
import * as patients from "./service";
import { contextPerRequest, type RouteDeps } from "../../http/request-context";
import { idParams, recordKey } from "../../http/route-params";

interface AdminPatientRouteOptions extends RouteDeps {
  store: RecordStore;
}

const listQuery = z.object({
  q: z.string().max(100, "The search can be up to 100 characters").default(""),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
const keyParams = z.object({ key: recordKey });
const logQuery = z.object({
  before: recordKey.optional(),
  show: z.enum(ACCESS_LOG_VIEWS, { error: "Choose what to show: all, changes or parent" }).optional(),
});

/**
 * The doctor's patient records, the access log and erasure requests. Registered in the admin scope; every read or
 * change of a patient's data is written to the access log after it succeeded.
 */
export const adminPatientRoutes: FastifyPluginAsyncZod<AdminPatientRouteOptions> = async (app, options) => {
  const context = contextPerRequest(options, { store: options.store });

  app.get("/api/admin/patients", { schema: { querystring: listQuery } }, async (request) => {
    const ctx = context(request);
    const list = await patients.listPatients(ctx, request.query.q, request.query.page);
    // The search words may be a name, so the log says that a search was made, not what it was.
    await request.recordAccess({
      action: "view",
      recordType: "patient_list",
      recordId: `page ${request.query.page}`,
      detail: request.query.q.trim() ? "searched the patients" : "listed the patients",
    });
    return list;
  });

  /** Answers a patient's record once its opening, `opened` and how many consultations it shows, is logged. */
  const openedRecord = async (
    request: FastifyRequest,
    record: PatientRecord,
    opened: string,
  ): Promise<PatientRecord> => {
    await request.recordAccess({
      action: "view",
      recordType: "patient",
      recordId: record.key,
      detail: `${opened} (${countOf(record.consultations.length, "consultation")})`,
    });
    return record;
  };

  app.get("/api/admin/patients/:key", { schema: { params: keyParams } }, async (request) =>
    openedRecord(
      request,
      await patients.patientRecord(context(request), request.params.key),
      "opened the record",
    ),
  );

  app.get("/api/admin/appointments/:id/patient-record", { schema: { params: idParams } }, async (request) =>
    openedRecord(
      request,
      await patients.patientRecordOfAppointment(context(request), request.params.id),
      "opened the record beside the consultation",
    ),
  );

  app.get("/api/admin/access-log", { schema: { querystring: logQuery } }, async (request) =>
    patients.accessLogWithSubjects(context(request), request.query.before, request.query.show),
  );

  app.get("/api/admin/erasure-requests", async (request) => {
    const ctx = context(request);
    const list = await patients.erasureRequestList(ctx);
    await request.recordAccess({
      action: "view",
      recordType: "erasure_request",
      recordId: "list",
      detail: "listed the erasure requests",
    });
    return list;
  });

  app.post("/api/admin/erasure-requests/:id/confirm", { schema: { params: idParams } }, async (request) => {
    const ctx = context(request);
    const view = await patients.confirmErasure(ctx, request.params.id);
    await request.recordAccess({
      action: "erase",
      recordType: "appointment",
      recordId: view.appointmentId,
      detail: "erased the personal data at the parent's request",
    });
    return view;
  });
};
