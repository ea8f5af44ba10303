import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { insightsQuerySchema, receiptsQuerySchema } from "@shared/insights";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { attachmentDisposition } from "../../http/content-disposition";
import { endWhenReaderStalls } from "../../http/stalled-reader";
import { insightsOf, receiptsCsv, receiptsSummary } from "./service";

/** The console's Insights page and the accountant's receipts. The admin scope has already checked the session. */
export const insightsRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config; now: () => Date }> = async (
  app,
  { db, config, now },
) => {
  app.get("/api/admin/insights", { schema: { querystring: insightsQuerySchema } }, async (request) => {
    const insights = await insightsOf(db, config, request.query, now());
    await request.recordAccess({
      action: "view",
      recordType: "appointment_list",
      recordId: "insights",
      detail: `viewed the insights from ${insights.from} to ${insights.to}`,
    });
    return insights;
  });

  // Counts and a sum, nobody's data: what the form says before the file is downloaded, so it is not logged.
  app.get("/api/admin/receipts/summary", { schema: { querystring: receiptsQuerySchema } }, (request) =>
    receiptsSummary(db, config, request.query),
  );

  app.get(
    "/api/admin/receipts.csv",
    // No HEAD: it would read every payment of the range to throw the file away, and log a download nobody made.
    { schema: { querystring: receiptsQuerySchema }, exposeHeadRoute: false },
    async (request, reply) => {
      const { from, to } = request.query;
      // Made as it is read: nothing is queried before the first byte is asked for.
      const csv = receiptsCsv(db, config, request.query);
      await request.recordAccess({
        action: "export",
        recordType: "appointment_list",
        recordId: "receipts",
        detail: `downloaded the receipts from ${from} to ${to}`,
      });
      const { stallMs } = config.records.exports;
      endWhenReaderStalls(reply.raw, csv.stream, stallMs, () =>
        request.log.info({ stallMs }, "a receipts download was ended: its reader took nothing for too long"),
      );
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", attachmentDisposition(csv.fileName))
        .header("cache-control", "no-store")
        .header("x-content-type-options", "nosniff")
        .send(csv.stream);
    },
  );
};

export default insightsRoutes;
