import { randomBytes } from "node:crypto";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { DestinationStream } from "pino";
import type { SiteProfile } from "@shared/site-profile";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { announceGeneratedPassword } from "./features/admin-auth/announce";
import { adminScope, decorateAdminSession } from "./features/admin-auth/guard";
import { adminAuthRoutes } from "./features/admin-auth/routes";
import { resolveAdminPasswordHash } from "./features/admin-auth/service";
import { adminRoutes } from "./features/admin/routes";
import { adminBackupRoutes, commandBackupRoutes, oneAtATime } from "./features/backup/routes";
import { registerBackupMetrics, type BackupDeps } from "./features/backup/service";
import { createS3RecordStore } from "./integrations/record-store/s3-store";
import { adminLifecycleRoutes } from "./features/appointments/admin-routes";
import { manageRoutes } from "./features/appointments/routes";
import { adminArticleRoutes } from "./features/articles/admin-routes";
import { articleRoutes } from "./features/articles/routes";
import { contactRoutes } from "./features/contact/routes";
import { bookingRoutes } from "./features/booking/routes";
import { followUpRoutes } from "./features/follow-ups/routes";
import { healthRoutes } from "./features/health/routes";
import { adminNotificationRoutes } from "./features/notifications/admin-routes";
import { createDeliver, type MessagingDeps } from "./features/notifications/deliver";
import { notificationTestRoutes } from "./features/notifications/notification-test-routes";
import { paymentRoutes } from "./features/payments/routes";
import { adminPrescriptionRoutes } from "./features/prescriptions/admin-routes";
import { parentPrescriptionRoutes } from "./features/prescriptions/routes";
import { adminScheduleRoutes } from "./features/schedule/admin-routes";
import { scheduleRoutes } from "./features/schedule/routes";
import { videoRoutes } from "./features/video/routes";
import { registerClientApp } from "./http/client-app";
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandling } from "./http/errors";
import { limitConnectionsPerAddress, timeoutCheckInterval } from "./http/connection-limit";
import { registerInputGuard } from "./http/input-guard";
import { registerJsonParser } from "./http/json-body";
import { loggerOptions, RouteWords } from "./http/logging";
import { OneLinePerRequest, prettyDestination, resolveLogFormat } from "./http/pretty-log";
import { newRequestId } from "./http/request-id";
import { answerFromMemoryFirst, cachePublicReads, PublicCache } from "./http/public-cache";
import { proxyTrust, visitorAddress } from "./http/proxy-trust";
import { registerSecurityHeaders, securityHeaders } from "./http/security";
import { watchPublicContent } from "./db/public-content";
import { pageRoutes } from "./features/site/pages";
import { adminPatientRoutes } from "./features/patients/admin-routes";
import { dataRightsRoutes } from "./features/patients/routes";
import { adminUploadRoutes } from "./features/uploads/admin-routes";
import { uploadRoutes } from "./features/uploads/routes";
import type { RecordStore } from "./integrations/record-store/record-store";
import { selectRecordStore } from "./integrations/record-store/select-store";
import { createSmtpTransport } from "./integrations/email/smtp-transport";
import type { EmailTransport, WhatsAppTransport } from "./integrations/messaging/types";
import type { PaymentGateway } from "./integrations/payments/gateway";
import { createWhatsAppTransport } from "./integrations/whatsapp/cloud-api-transport";
import { startOutboxWorker } from "./core/outbox/worker";
import { queueByChannel } from "./core/outbox/repository";
import { createMetrics, type Metrics } from "./core/metrics/metrics";
import { openProfileStore } from "./core/site-profile/store";
import { hasPlaceholderRegistration } from "./core/site-profile/profile";
import { mediaRoutes, settingsRoutes } from "./features/settings/routes";
import { setupRoutes } from "./features/admin/setup-routes";
import { consoleRoutes } from "./features/console/routes";
import { insightsRoutes } from "./features/insights/routes";
import { seedPracticeSettings } from "./features/settings/service";
import { registerMetrics } from "./features/metrics/routes";
import { selectPaymentGateway } from "./integrations/payments/select-gateway";
import { simulatorRoutes } from "./integrations/payments/simulator/simulator-routes";

interface AppDependencies {
  config: Config;
  database: Database;
  /** The profile the server starts with (SITE_PROFILE_FILE over the sample) until the doctor saves one in Settings. */
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
  /** Where uploaded reports are kept; by default the configured S3 bucket or the local folder DATA_DIR/records. */
  recordStore?: RecordStore;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Every route registered, for the test that checks no admin route is reachable without a session. */
    routeList: { method: string; url: string }[];
    /** What the outbox worker and the notification test send with. */
    messaging: MessagingDeps;
    /** Where uploaded reports are kept (for the retention job and tests). */
    recordStore: RecordStore;
    /** What backups are made with, and the token `npm run backup` asks this server with (embedded database). */
    backup: { deps: BackupDeps; guard: ReturnType<typeof oneAtATime>; commandToken: string };
    /** This app's metrics: its counters, and the registry GET /metrics answers (others may add gauges to it). */
    metrics: Metrics;
  }
}

export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, database } = deps;
  const now = deps.now ?? (() => new Date());
  const gateway = deps.gateway ?? selectPaymentGateway(config, database.db);
  const routeWords = new RouteWords();
  const trustProxy = proxyTrust(config.trustProxy);
  const logFormat = resolveLogFormat(config, {
    isTTY: process.stdout.isTTY === true,
    captured: deps.logStream !== undefined,
  });
  const logStream = logFormat === "pretty" ? await prettyDestination(deps.logStream) : deps.logStream;
  const app = Fastify({
    logger: loggerOptions(config, logStream, routeWords),
    // Readable logs have one line per request; JSON keeps Fastify's two (received, answered).
    ...(logFormat === "pretty" ? { logController: new OneLinePerRequest() } : {}),
    genReqId: newRequestId,
    trustProxy,
    bodyLimit: 256 * 1024,
    forceCloseConnections: "idle",
    // A request must arrive whole within the limit: a client trickling a body cannot hold its socket for long.
    // Node enforces it only when the server is created with it, hence also in `http`.
    requestTimeout: config.requestTimeoutMs,
    http: {
      requestTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: timeoutCheckInterval(config.requestTimeoutMs),
    },
    // Errors Fastify and Node raise before any route runs answer in the one error shape too.
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  if (config.maxConnectionsPerAddress > 0 && !config.trustProxy)
    limitConnectionsPerAddress(app.server, config.maxConnectionsPerAddress);

  const routeList: { method: string; url: string }[] = [];
  app.decorate("routeList", routeList);
  app.addHook("onRoute", (route) => {
    routeWords.add(route.url);
    for (const method of [route.method].flat())
      if (method !== "HEAD") routeList.push({ method, url: route.url });
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
  registerErrorHandling(app);
  registerInputGuard(app);
  const metrics = createMetrics({
    now,
    outboxQueue: () => queueByChannel(database.db, now()),
    poolUse: database.poolUse,
    processMetrics: config.metricsToken !== undefined,
  });
  app.decorate("metrics", metrics);
  const { counters } = metrics;
  if (config.metricsToken) registerMetrics(app, { metrics, token: config.metricsToken });
  // The API speaks JSON; a text/plain body would reach the schemas as a string and fail with a confusing message.
  app.removeContentTypeParser("text/plain");
  registerJsonParser(app);

  const security = securityHeaders(config);
  registerSecurityHeaders(app, security);
  // Public pages and reads are answered from memory until public content changes, here or in another process.
  const publicCache = new PublicCache();
  const profile = await openProfileStore(database.db, deps.profile, (message) => app.log.warn(message));
  if (config.isProduction && hasPlaceholderRegistration(profile.current()))
    app.log.warn(
      "the doctor's registration number is still the sample's: receipts and prescriptions are refused, and the pages leave it out, until the doctor sets it in the dashboard's Settings",
    );
  await seedPracticeSettings(database.db, config, now());
  if (profile.savedInDashboard() && config.siteProfileFile)
    app.log.info(
      `SITE_PROFILE_FILE ${config.siteProfileFile} is not shown: the doctor's profile saved in Settings is (the file only seeds a new database)`,
    );
  // The profile is read again before the pages are dropped, so no page is made again from the old one.
  const withProfileReloaded = (then: () => void) => () =>
    void profile
      .reload()
      .catch((error: unknown) => app.log.error({ err: error }, "The saved profile could not be read again"))
      .finally(then);
  const contentWatch = await watchPublicContent(database, {
    onChange: withProfileReloaded(() => publicCache.invalidate()),
    // This process's own change: its profile is current already (a saved profile is taken before it tells), and the
    // pages must be dropped before the change's request is answered, so the next request sees the change.
    onLocalChange: () => publicCache.invalidate(),
    onDown: () => publicCache.suspend(),
    onUp: withProfileReloaded(() => publicCache.resume()),
  });
  app.addHook("onClose", () => contentWatch.stop());
  answerFromMemoryFirst(app, publicCache, security, { trustProxy });
  cachePublicReads(app, publicCache, security, [
    "/api/articles",
    "/api/articles/:slug",
    "/api/config",
    "/sitemap.xml",
  ]);
  await app.register(compress, { threshold: 1024 });
  // Limits apply only to the routes that ask for one (contact form, coupons, bookings).
  await app.register(rateLimit, { global: false, keyGenerator: visitorAddress });
  await app.register(cookie);
  decorateAdminSession(app, { db: database.db, config, now });
  const adminPasswordHash = await resolveAdminPasswordHash(
    database.db,
    config,
    app.log,
    deps.announceAdminPassword ?? ((password) => announceGeneratedPassword(config, password)),
  );

  await app.register(healthRoutes, { database });
  await app.register(articleRoutes, { db: database.db, config });
  await app.register(contactRoutes, { db: database.db, now });
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
  const recordStore = deps.recordStore ?? selectRecordStore(config);
  app.decorate("recordStore", recordStore);
  const backup = {
    deps: {
      database,
      records: recordStore,
      recordsInBucket: Boolean(config.records.s3),
      destinations: {
        dir: config.backup.dir,
        bucket: config.backup.bucket ? createS3RecordStore(config.backup.bucket) : undefined,
      },
      config: config.backup,
      timeZone: config.booking.timeZone,
      now,
    },
    guard: oneAtATime(),
    commandToken: randomBytes(32).toString("base64url"),
  };
  app.decorate("backup", backup);
  registerBackupMetrics(app.metrics.registry, backup.deps);
  await app.register(commandBackupRoutes, {
    deps: backup.deps,
    guard: backup.guard,
    token: backup.commandToken,
  });
  const worker = deps.startOutboxWorker
    ? startOutboxWorker({
        db: database.db,
        deliver: createDeliver(messaging),
        pollSeconds: config.booking.outboxPollSeconds,
        log: app.log,
        now,
        counters,
      })
    : undefined;
  app.addHook("onClose", async () => {
    await worker?.stop();
    await messaging.email.close?.();
  });
  // Every admin route lives in this scope, whose hook checks the session and the origin of each request.
  await app.register(adminScope, {
    config,
    routes: async (admin) => {
      await admin.register(adminAuthRoutes, {
        db: database.db,
        config,
        passwordHash: adminPasswordHash,
        now,
      });
      await admin.register(adminRoutes, { db: database.db, config, profile, now });
      await admin.register(settingsRoutes, { db: database.db, config, profiles: profile, now });
      await admin.register(adminArticleRoutes, {
        db: database.db,
        now,
        timeZone: config.booking.timeZone,
        renderLimitMs: config.markdownRenderLimitMs,
      });
      await admin.register(notificationTestRoutes, { messaging });
      await admin.register(setupRoutes, { messaging, profiles: profile });
      await admin.register(adminNotificationRoutes, {
        db: database.db,
        now,
        nudge: () => worker?.nudge(),
        messaging,
      });
      await admin.register(adminScheduleRoutes, { db: database.db, config, now });
      await admin.register(consoleRoutes, { db: database.db, config, now, nudge: () => worker?.nudge() });
      await admin.register(insightsRoutes, { db: database.db, config, now });
      await admin.register(adminLifecycleRoutes, {
        db: database.db,
        config,
        gateway,
        profile,
        now,
        counters,
      });
      await admin.register(adminPrescriptionRoutes, {
        db: database.db,
        config,
        profile,
        now,
        nudge: () => worker?.nudge(),
      });
      await admin.register(adminPatientRoutes, { db: database.db, config, store: recordStore, now });
      await admin.register(adminBackupRoutes, { deps: backup.deps, guard: backup.guard });
      await admin.register(adminUploadRoutes, { db: database.db, config, store: recordStore, now });
    },
  });
  await app.register(videoRoutes, { db: database.db, config, now, profile });
  await app.register(mediaRoutes, { db: database.db });
  await app.register(bookingRoutes, { db: database.db, config, now, counters });
  await app.register(followUpRoutes, { db: database.db, config, now });
  await app.register(scheduleRoutes, { db: database.db, config, now });
  await app.register(paymentRoutes, { db: database.db, config, gateway, now, counters });
  await app.register(manageRoutes, { db: database.db, config, gateway, profile, now, counters });
  await app.register(uploadRoutes, { db: database.db, config, store: recordStore, now });
  await app.register(parentPrescriptionRoutes, { db: database.db, config, profile, now });
  await app.register(dataRightsRoutes, {
    db: database.db,
    config,
    gateway,
    counters,
    store: recordStore,
    profile,
    now,
  });
  if (gateway.name === "simulator") await app.register(simulatorRoutes, { db: database.db, profile });
  await registerClientApp(app, {
    config,
    profile,
    serveClient: deps.serveClient ?? false,
    cache: publicCache,
    security,
  });
  await app.register(pageRoutes, { config, profile, cache: publicCache });

  return app;
}
