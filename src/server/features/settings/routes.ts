import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { couponInputSchema, couponPatchSchema, feesSchema } from "@shared/practice-settings";
import { profileInputSchema } from "@shared/site-profile";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { ProfileStore } from "../../core/site-profile/store";
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

/** The doctor's Settings; registered inside the admin scope, which checks the session and the origin. */
export const settingsRoutes: FastifyPluginAsyncZod<SettingsRouteOptions> = async (
  app,
  { db, config, profiles, now },
) => {
  app.get("/api/admin/profile", async () => ({
    profile: profiles.current(),
    savedInDashboard: profiles.savedInDashboard(),
  }));

  app.put("/api/admin/profile", { schema: { body: profileInputSchema } }, async (request) => ({
    profile: await settings.saveProfile(db, config, profiles, request.body, now),
    savedInDashboard: true,
  }));

  app.get("/api/admin/fees", async () => settings.currentFees(db, config));

  app.put("/api/admin/fees", { schema: { body: feesSchema } }, async (request) =>
    settings.saveFees(db, config, request.body, now),
  );

  app.get("/api/admin/coupons", async () => ({ coupons: await settings.listCoupons(db) }));

  app.post("/api/admin/coupons", { schema: { body: couponInputSchema } }, async (request, reply) =>
    reply.status(201).send({ coupon: await settings.createCoupon(db, request.body, now()) }),
  );

  app.patch(
    "/api/admin/coupons/:id",
    { schema: { params: couponParams, body: couponPatchSchema } },
    async (request) => ({ coupon: await settings.changeCoupon(db, request.params.id, request.body, now()) }),
  );

  app.delete("/api/admin/coupons/:id", { schema: { params: couponParams } }, async (request, reply) => {
    await settings.removeCoupon(db, request.params.id, now());
    return reply.status(204).send();
  });

  app.get("/api/admin/settings/history", async () => ({
    changes: await settings.settingsHistory(db, HISTORY_LENGTH),
  }));
};
