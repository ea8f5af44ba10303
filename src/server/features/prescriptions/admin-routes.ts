import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  consultationNotesSchema,
  issuePrescriptionSchema,
  prescriptionTemplateSchema,
} from "@shared/prescription";
import type { ProfileSource } from "@shared/site-profile";
import { countOf } from "../../core/access-log/access-log";
import type { RouteDeps } from "../../http/request-context";
import { idParams, recordKey } from "../../http/route-params";
import * as service from "./service";

interface AdminPrescriptionRouteOptions extends RouteDeps {
  profile: ProfileSource;
  /** Runs the outbox now, so the parent gets the prescription in seconds rather than at the next poll. */
  nudge: () => void;
}

const templateParams = z.object({ templateId: recordKey });
const pdfParams = idParams.extend({ prescriptionId: recordKey });

/** Sends a prescription's PDF as a download. */
export function sendPdf(reply: FastifyReply, file: service.PrescriptionFile): FastifyReply {
  return reply
    .header("content-type", "application/pdf")
    .header("content-disposition", `attachment; filename="${file.filename}"`)
    .header("cache-control", "no-store")
    .send(file.pdf);
}

/**
 * The doctor's consultation notes and prescriptions of an appointment. Registered inside the admin scope, whose hook
 * checks the session and the origin of each request; every read and change is written to the access log.
 */
export const adminPrescriptionRoutes: FastifyPluginAsyncZod<AdminPrescriptionRouteOptions> = async (
  app,
  { db, config, profile, now, nudge },
) => {
  const context = (): service.PrescriptionContext => ({ db, config, profile: profile.current(), now: now() });

  /** The notes are read and saved whole: each read or save is written to the access log under the appointment. */
  const recordNotes = (request: FastifyRequest, id: string, action: "view" | "change", detail: string) =>
    request.recordAccess({
      action,
      recordType: "notes",
      recordId: id,
      detail,
    });

  app.get("/api/admin/appointments/:id/notes", { schema: { params: idParams } }, async (request) => {
    const ctx = context();
    const notes = await service.notesForDoctor(ctx, request.params.id);
    await recordNotes(request, request.params.id, "view", "read the consultation notes");
    return notes;
  });

  app.put(
    "/api/admin/appointments/:id/notes",
    { schema: { params: idParams, body: consultationNotesSchema } },
    async (request) => {
      const ctx = context();
      const saved = await service.saveNotesForDoctor(ctx, request.params.id, request.body.notes);
      await recordNotes(request, request.params.id, "change", "saved the consultation notes");
      return saved;
    },
  );

  app.get("/api/admin/appointments/:id/prescriptions", { schema: { params: idParams } }, async (request) => {
    const ctx = context();
    const answer = await service.prescriptionsForDoctor(ctx, request.params.id);
    await request.recordAccess({
      action: "view",
      recordType: "prescription",
      recordId: request.params.id,
      detail: `listed the prescriptions (${countOf(answer.prescriptions.length, "version")})`,
    });
    return answer;
  });

  app.post(
    "/api/admin/appointments/:id/prescriptions",
    { schema: { params: idParams, body: issuePrescriptionSchema } },
    async (request, reply) => {
      const ctx = context();
      const issued = await service.issuePrescription(ctx, request.params.id, request.body);
      const replaced = issued.replacesVersion ? `, replacing version ${issued.replacesVersion}` : "";
      await request.recordAccess({
        action: "change",
        recordType: "prescription",
        recordId: issued.id,
        detail: `issued version ${issued.version}${replaced}`,
      });
      nudge();
      return reply.status(201).send(issued);
    },
  );

  app.get(
    "/api/admin/appointments/:id/prescriptions/:prescriptionId/pdf",
    { schema: { params: pdfParams } },
    async (request, reply) => {
      const ctx = context();
      const file = await service.prescriptionPdfForDoctor(
        ctx,
        request.params.id,
        request.params.prescriptionId,
      );
      await request.recordAccess({
        action: "download",
        recordType: "prescription",
        recordId: file.prescription.id,
        detail: `downloaded version ${file.prescription.version}`,
      });
      return sendPdf(reply, file);
    },
  );

  // Her templates and favourite medicines: no patient's data, so not in the access log.
  app.get("/api/admin/prescription-templates", async () => service.prescriptionTemplateList(db));

  app.put(
    "/api/admin/prescription-templates",
    { schema: { body: prescriptionTemplateSchema } },
    async (request) => service.savePrescriptionTemplate(db, request.body, now()),
  );

  app.delete(
    "/api/admin/prescription-templates/:templateId",
    { schema: { params: templateParams } },
    async (request, reply) => {
      await service.deletePrescriptionTemplate(db, request.params.templateId);
      return reply.status(204).send();
    },
  );
};
