import type { Readable } from "node:stream";
import multipart, { type MultipartFile } from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { MAX_REPORT_BYTES, MAX_REPORT_FILES, UPLOAD_MESSAGES } from "@shared/uploads";
import { HttpError } from "../../http/errors";
import { InFlightLimit } from "../../http/in-flight";
import { rateLimited } from "../../http/rate-limit";
import { discardUnreadBody, grantUploadTime } from "../../http/upload-time";
import type { RecordStore } from "../../integrations/record-store/record-store";
import { sendDownload } from "./download-reply";
import * as uploads from "./service";
import { contextPerRequest, type RouteDeps } from "../../http/request-context";
import { recordKey, tokenParams } from "../../http/route-params";

const REPORTS_BUSY_MESSAGE =
  "This booking's reports are already being downloaded. Please let a download finish, then try again.";

interface UploadRouteOptions extends RouteDeps {
  store: RecordStore;
}

const uploadParams = tokenParams.extend({ uploadId: recordKey });

/** Room for the multipart framing around the file (boundaries, the part's headers with a long file name). */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** One file per request; a field or two more is tolerated, anything beyond is not read. */
const MULTIPART_LIMITS = {
  fileSize: MAX_REPORT_BYTES,
  files: 1,
  fields: 4,
  parts: 5,
  fieldSize: 1024,
  headerPairs: 20,
};

/**
 * The parent's reports, under the manage link: upload one file per multipart request, list, download, remove. The
 * token is the only key; an unknown one is the manage link's 404. Multipart is understood in this scope only.
 */
export const uploadRoutes: FastifyPluginAsyncZod<UploadRouteOptions> = async (app, options) => {
  const { config, store } = options;
  await app.register(multipart, { limits: MULTIPART_LIMITS });
  const reads = rateLimited(60, "1 minute", (wait) => `Too many requests. Please try again in ${wait}.`);
  const writes = rateLimited(30, "10 minutes", (wait) => `Too many uploads. Please try again in ${wait}.`);
  // Every report of a booking may be downloaded at once, but no more: readers that never read hold files open.
  const downloads = new InFlightLimit(MAX_REPORT_FILES, REPORTS_BUSY_MESSAGE);
  const context = contextPerRequest(options, { store });

  app.get(
    "/api/manage/:token/uploads",
    { schema: { params: tokenParams }, config: reads },
    async (request, reply) => {
      void reply.header("cache-control", "no-store");
      return uploads.parentUploads(context(request), request.params.token);
    },
  );

  app.post(
    "/api/manage/:token/uploads",
    { schema: { params: tokenParams }, config: writes },
    async (request, reply) => {
      discardUnreadBody(request.raw, reply.raw);
      const ctx = context(request);
      const appointmentId = await uploads.admitUpload(ctx, request.params.token);
      if (!request.isMultipart()) throw new HttpError(415, UPLOAD_MESSAGES.notMultipart);
      // A browser sends the length first: a file plainly too large is refused before a byte of it is read.
      if (declaredLength(request) > MAX_REPORT_BYTES + MULTIPART_OVERHEAD_BYTES)
        throw new HttpError(413, UPLOAD_MESSAGES.tooLarge);

      const arriving: { file?: Readable } = {};
      const time = grantUploadTime(request.raw, reply.raw, uploads.UPLOAD_TIME, () => {
        if (arriving.file) arriving.file.destroy(new HttpError(408, UPLOAD_MESSAGES.tooSlow));
        else request.raw.destroy();
      });
      const part = await firstFile(request);
      time.watchProgress();
      arriving.file = part.file;
      // The parser stops passing bytes on at the limit; this turns that into the answer, while the body streams.
      part.file.once("limit", () => part.file.destroy(new HttpError(413, UPLOAD_MESSAGES.tooLarge)));
      const upload = await uploads.receiveUpload(ctx, appointmentId, {
        name: part.filename,
        stream: part.file,
      });
      return reply.status(201).header("cache-control", "no-store").send(upload);
    },
  );

  app.get(
    "/api/manage/:token/uploads/:uploadId",
    { schema: { params: uploadParams }, config: reads, exposeHeadRoute: false },
    async (request, reply) => {
      const { token, uploadId } = request.params;
      return sendDownload(
        reply,
        await uploads.downloadForParent(context(request), token, uploadId, downloads),
        config.records.exports.stallMs,
      );
    },
  );

  app.delete(
    "/api/manage/:token/uploads/:uploadId",
    { schema: { params: uploadParams }, config: writes },
    async (request, reply) => {
      const { token, uploadId } = request.params;
      void reply.header("cache-control", "no-store");
      return uploads.removeByParent(context(request), token, uploadId);
    },
  );
};

function declaredLength(request: FastifyRequest): number {
  const length = Number(request.headers["content-length"] ?? 0);
  return Number.isFinite(length) ? length : 0;
}

/** The request's first file part; a malformed or empty form is the sender's mistake, said in words. */
async function firstFile(request: FastifyRequest): Promise<MultipartFile> {
  let part: MultipartFile | undefined;
  try {
    part = await request.file({ limits: MULTIPART_LIMITS });
  } catch (error) {
    throw error instanceof HttpError ? error : new HttpError(400, UPLOAD_MESSAGES.unreadable);
  }
  if (!part) throw new HttpError(400, UPLOAD_MESSAGES.noFile);
  return part;
}
