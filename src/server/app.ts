import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { DestinationStream } from "pino";
import type { SiteProfile } from "@shared/site-profile";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { announceGeneratedPassword } from "./features/admin-auth/announce";
import { registerAdminGuard } from "./features/admin-auth/guard";
import { adminAuthRoutes } from "./features/admin-auth/routes";
import { resolveAdminPasswordHash } from "./features/admin-auth/service";
import { adminRoutes } from "./features/admin/routes";
import { adminArticleRoutes } from "./features/articles/admin-routes";
import { articleRoutes } from "./features/articles/routes";
import { contactRoutes } from "./features/contact/routes";
import { bookingRoutes } from "./features/booking/routes";
import { healthRoutes } from "./features/health/routes";
import { adminNotificationRoutes } from "./features/notifications/admin-routes";
import { createDeliver, type MessagingDeps } from "./features/notifications/deliver";
import { notificationTestRoutes } from "./features/notifications/routes";
import { paymentRoutes } from "./features/payments/routes";
import { videoRoutes } from "./features/video/routes";
import { registerClientApp } from "./http/client-app";
import { registerErrorHandling } from "./http/errors";
import { loggerOptions } from "./http/logging";
import { newRequestId } from "./http/request-id";
import { contentSecurityPolicy } from "./http/security";
import { createSmtpTransport } from "./integrations/email/smtp-transport";
import type { EmailTransport, WhatsAppTransport } from "./integrations/messaging/types";
import type { PaymentGateway } from "./integrations/payments/gateway";
import { createWhatsAppTransport } from "./integrations/whatsapp/cloud-api-transport";
import { startOutboxWorker } from "./jobs/outbox-worker";
import { selectPaymentGateway } from "./integrations/payments/select-gateway";
import { simulatorRoutes } from "./integrations/payments/simulator/simulator-routes";

export interface AppDependencies {
  config: Config;
  database: Database;
  profile: SiteProfile;
  /** Serve the browser app (built, or through Vite in development). API tests leave it off. */
  serveClient?: boolean;
  /** Where logs go; standard output by default. Tests capture them to check what is logged. */
  logStream?: DestinationStream;
  /** The payment gateway; by default the one the configuration selects (Cashfree or the simulator). */
  gateway?: PaymentGateway;
  /** The clock every rule reads; tests move it to check holds, notice and late payments. */
  now?: () => Date;
  /** E-mail and WhatsApp transports; by default the configured SMTP server and WhatsApp Cloud API. */
  email?: EmailTransport;
  whatsapp?: WhatsAppTransport;
  /** Runs the outbox worker inside the server (the real server does; API tests drain the outbox themselves). */
  startOutboxWorker?: boolean;
  /** Prints a newly generated admin password once; standard output by default. */
  announceAdminPassword?: (password: string) => void;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Every route registered, for the test that checks no admin route is reachable without a session. */
    routeList: { method: string; url: string }[];
    /** What the outbox worker and the notification test send with. */
    messaging: MessagingDeps;
  }
}

export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, database, profile } = deps;
  const now = deps.now ?? (() => new Date());
  const gateway = deps.gateway ?? selectPaymentGateway(config, database.db);
  const app = Fastify({
    logger: loggerOptions(config, deps.logStream),
    genReqId: newRequestId,
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
    forceCloseConnections: "idle",
  }).withTypeProvider<ZodTypeProvider>();

  const routeList: { method: string; url: string }[] = [];
  app.decorate("routeList", routeList);
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat())
      if (method !== "HEAD") routeList.push({ method, url: route.url });
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
  registerErrorHandling(app);

  await app.register(helmet, {
    contentSecurityPolicy: config.devServer ? false : { directives: contentSecurityPolicy(config) },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compress, { threshold: 1024 });
  // Limits apply only to the routes that ask for one (contact form, coupons, bookings).
  await app.register(rateLimit, { global: false });
  await app.register(cookie);
  registerAdminGuard(app, { db: database.db, config, now });
  const adminPasswordHash = await resolveAdminPasswordHash(
    database.db,
    config,
    app.log,
    deps.announceAdminPassword ?? ((password) => announceGeneratedPassword(config, password)),
  );

  await app.register(healthRoutes, { database });
  await app.register(articleRoutes, { db: database.db, config });
  await app.register(contactRoutes, { db: database.db, now });
  await app.register(adminAuthRoutes, { db: database.db, config, passwordHash: adminPasswordHash, now });
  await app.register(adminRoutes, { db: database.db, config, profile, now });
  await app.register(adminArticleRoutes, { db: database.db, now });
  const messaging: MessagingDeps = {
    db: database.db,
    config,
    profile,
    email:
      deps.email ??
      createSmtpTransport({ url: config.messaging.email.smtpUrl, from: config.messaging.email.from }),
    whatsapp:
      deps.whatsapp ??
      createWhatsAppTransport({
        token: config.messaging.whatsapp.token,
        phoneNumberId: config.messaging.whatsapp.phoneNumberId,
        graphVersion: config.messaging.whatsapp.graphVersion,
        ...(config.messaging.whatsapp.baseUrl ? { baseUrl: config.messaging.whatsapp.baseUrl } : {}),
      }),
    log: app.log,
  };
  app.decorate("messaging", messaging);
  const worker = deps.startOutboxWorker
    ? startOutboxWorker({
        db: database.db,
        deliver: createDeliver(messaging),
        pollSeconds: config.booking.outboxPollSeconds,
        log: app.log,
        now,
      })
    : undefined;
  app.addHook("onClose", async () => {
    await worker?.stop();
    await messaging.email.close?.();
  });
  await app.register(notificationTestRoutes, { messaging });
  await app.register(adminNotificationRoutes, { db: database.db, now, nudge: () => worker?.nudge() });
  await app.register(videoRoutes, { db: database.db, config, now, doctorName: profile.doctor.name });
  await app.register(bookingRoutes, { db: database.db, config, now });
  await app.register(paymentRoutes, { db: database.db, config, gateway, now });
  if (gateway.name === "simulator") await app.register(simulatorRoutes, { db: database.db, profile });
  await registerClientApp(app, { config, profile, serveClient: deps.serveClient ?? false });

  return app;
}
