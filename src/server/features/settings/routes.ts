import multipart from "@fastify/multipart";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  couponInputSchema,
  couponPatchSchema,
  doctorContactsSchema,
  feesInputSchema,
} from "@shared/practice-settings";
import { profileInputSchema } from "@shared/site-profile";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { ProfileStore } from "../../core/site-profile/store";
import { HttpError } from "../../http/errors";
import { grantUploadTime } from "../../http/upload-time";
import { MAX_PHOTO_BYTES } from "../../integrations/images/doctor-images";
import * as settings from "./service";

interface SettingsRouteOptions {
  db: Db;
  config: Config;
  profiles: ProfileStore;
  now: () => Date;
}

const couponParams = z.object({ id: z.string().uuid("This coupon does not exist") });

/** The history the Settings page shows: the latest changes. */
const HISTORY_LENGTH = 100;

/** The image types a photo or signature may be sent as, as the body itself. */
const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"];
/**
 * The whole upload's time: 8 MB from a phone on a slow network. The body is read by Fastify's parser, so progress is
 * not watched: the idle limit is the total one.
 */
const IMAGE_UPLOAD_TIME = { totalMs: 5 * 60_000, idleMs: 5 * 60_000 };
/** Room for the multipart framing around the file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
const IMAGE_BODY_MESSAGE =
  "Send the image as the body (image/jpeg, image/png or image/webp) or as a multipart file";
const IMAGE_TOO_LARGE_MESSAGE = "The image can be at most 8 MB";

/** The image of an upload: the body itself, or the one file of a multipart body. */
async function uploadedImage(request: FastifyRequest): Promise<Buffer> {
  if (Buffer.isBuffer(request.body)) {
    // The route's limit leaves room for multipart framing; a body that is the image itself has none.
    if (request.body.length > MAX_PHOTO_BYTES) throw new HttpError(413, IMAGE_TOO_LARGE_MESSAGE);
    return request.body;
  }
  if (!request.isMultipart()) throw new HttpError(415, IMAGE_BODY_MESSAGE);
  try {
    const file = await request.file({ limits: { fileSize: MAX_PHOTO_BYTES, files: 1, fields: 2, parts: 3 } });
    if (!file) throw new HttpError(400, IMAGE_BODY_MESSAGE);
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE")
      throw new HttpError(413, IMAGE_TOO_LARGE_MESSAGE);
    throw new HttpError(400, IMAGE_BODY_MESSAGE);
  }
}

/** The doctor's Settings; registered inside the admin scope, which checks the session and the origin. */
export const settingsRoutes: FastifyPluginAsyncZod<SettingsRouteOptions> = async (
  app,
  { db, config, profiles, now },
) => {
  // Only in this scope: images are sent here and nowhere else of the admin API.
  app.addContentTypeParser(
    IMAGE_TYPES,
    { parseAs: "buffer", bodyLimit: MAX_PHOTO_BYTES },
    (_request, body, done) => done(null, body),
  );
  await app.register(multipart);
  const imageRoute = {
    bodyLimit: MAX_PHOTO_BYTES + MULTIPART_OVERHEAD_BYTES,
    config: { adminBodyTypes: [...IMAGE_TYPES, "multipart/form-data"] },
    // After the admin scope's check of the session and the origin: only the doctor gets a phone's time for a photo.
    onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
      grantUploadTime(request.raw, reply.raw, IMAGE_UPLOAD_TIME, () => request.raw.destroy());
    },
  };

  app.put("/api/admin/profile/photo", imageRoute, async (request) => ({
    profile: await settings.savePhoto(db, profiles, await uploadedImage(request), now),
    savedInDashboard: true,
  }));

  app.put("/api/admin/profile/signature", imageRoute, async (request) =>
    settings.saveSignature(db, await uploadedImage(request), now),
  );

  app.get("/api/admin/profile/signature", async (_request, reply) => {
    const image = await settings.uploadedSignature(db);
    if (!image) throw new HttpError(404, "No signature has been uploaded");
    return reply.header("cache-control", "no-store").type(image.contentType).send(image.bytes);
  });

  app.get("/api/admin/profile", async () => ({
    profile: profiles.current(),
    savedInDashboard: profiles.savedInDashboard(),
  }));

  app.put("/api/admin/profile", { schema: { body: profileInputSchema } }, async (request) => ({
    profile: await settings.saveProfile(db, config, profiles, request.body, now),
    savedInDashboard: true,
  }));

  app.get("/api/admin/doctor-contacts", async () => settings.doctorContacts(db));
  app.put("/api/admin/doctor-contacts", { schema: { body: doctorContactsSchema } }, async (request) =>
    settings.saveDoctorContacts(db, request.body, now),
  );

  app.get("/api/admin/fees", async () => settings.currentFees(db, config));

  app.put("/api/admin/fees", { schema: { body: feesInputSchema } }, async (request) =>
    settings.saveFees(db, config, request.body, now),
  );

  app.get("/api/admin/coupons", async () => ({ coupons: await settings.listCoupons(db) }));

  app.post("/api/admin/coupons", { schema: { body: couponInputSchema } }, async (request, reply) =>
    reply.status(201).send({ coupon: await settings.createCoupon(db, config, request.body, now()) }),
  );

  app.patch(
    "/api/admin/coupons/:id",
    { schema: { params: couponParams, body: couponPatchSchema } },
    async (request) => ({
      coupon: await settings.changeCoupon(db, config, request.params.id, request.body, now()),
    }),
  );

  app.delete("/api/admin/coupons/:id", { schema: { params: couponParams } }, async (request, reply) => {
    await settings.removeCoupon(db, request.params.id, now());
    return reply.status(204).send();
  });

  app.get("/api/admin/settings/history", async () => ({
    changes: await settings.settingsHistory(db, HISTORY_LENGTH),
  }));
};

const mediaParams = z.object({ name: z.string().max(100) });
const MEDIA_NAME = /^photo-[0-9a-f]{12}(-(480|960)\.(avif|webp)|\.jpg)$/;

/** The public images of the site: the doctor's photo in its sizes. Each name holds its version: kept for a year. */
export const mediaRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get("/media/:name", { schema: { params: mediaParams } }, async (request, reply) => {
    const { name } = request.params;
    const image = MEDIA_NAME.test(name) ? await settings.mediaImage(db, name) : undefined;
    if (!image) throw new HttpError(404, "There is no such image");
    return reply
      .header("cache-control", "public, max-age=31536000, immutable")
      .type(image.contentType)
      .send(image.bytes);
  });
};
