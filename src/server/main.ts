import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { buildApp } from "./app";
import { ConfigError, loadConfig, type Config } from "./config";
import { type Database, DatabaseOpenError, openDatabase } from "./db/client";
import { seedSampleContent } from "./features/articles/seed";
import { loadSiteProfile } from "./core/site-profile/profile";
import { selectPaymentGateway } from "./integrations/payments/select-gateway";
import { warnAboutPublicJitsi } from "./integrations/video/video-service";
import { startHoldSweeper } from "./jobs/hold-sweeper";
import { startRetentionJob } from "./jobs/retention";
import { startScheduledBackups } from "./jobs/scheduled-backup";
import { publishCommandAccess } from "./features/backup/command-access";
import { processLogFormat } from "./http/pretty-log";
import { type StartupFacts, startupSummary, unsetChannelFate } from "./startup-summary";
import type { FastifyInstance } from "fastify";

/** Starts the whole site: configuration, database and migrations, sample content, HTTP server, and shutdown. */
async function start(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const profile = loadSiteProfile(config.siteProfileFile);
  let database: Database;
  try {
    database = await openDatabase({
      url: config.databaseUrl,
      dataDir: resolve(config.dataDir),
    });
  } catch (error) {
    // The folder is in use or PostgreSQL cannot be reached: one line saying what to do, no stack trace.
    if (error instanceof DatabaseOpenError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  await database.migrate();
  const seeded =
    config.seedSampleContent && database.engine === "pglite" ? await seedSampleContent(database.db) : 0;

  const gateway = selectPaymentGateway(config, database.db);
  const app = await buildApp({
    config,
    database,
    profile,
    gateway,
    serveClient: true,
    startOutboxWorker: true,
  });
  const facts: StartupFacts = {
    engine: database.engine,
    payments: { name: gateway.name, mode: gateway.mode },
    emailConfigured: app.messaging.email.configured,
    whatsappConfigured: app.messaging.whatsapp.configured,
    seeded,
  };
  // On a terminal the summary printed once the site listens says all of this; a log collector gets JSON lines.
  const readable = processLogFormat(config) === "pretty";
  if (!readable) logStartWarnings(app, config, facts);
  const stopSweeper = startHoldSweeper({
    db: database.db,
    config,
    gateway,
    log: app.log,
    counters: app.metrics.counters,
  });
  const stopRetention = startRetentionJob({
    db: database.db,
    config,
    store: app.recordStore,
    log: app.log,
    siteUrl: config.publicBaseUrl ?? "",
  });
  const stopBackups = startScheduledBackups(app.backup.deps, app.backup.guard, app.log);
  let withdrawCommandAccess = () => undefined as void;
  app.addHook("onClose", async () => {
    stopBackups();
    withdrawCommandAccess();
    stopSweeper();
    stopRetention();
    await database.close();
  });

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down: finishing open requests");
    // app.close() stops accepting connections, lets in-flight requests finish, then runs onClose (database).
    const forceExit = setTimeout(() => {
      app.log.error("open requests did not finish within 10 s; exiting");
      process.exit(1);
    }, 10_000);
    forceExit.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, "error during shutdown");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);

  await app.listen({ host: config.host, port: config.port });
  // `npm run backup` cannot open the folder this process holds; it asks this server, from this machine.
  const loopback = loopbackUrlOf(app.server.address() as AddressInfo);
  if (database.engine === "pglite" && loopback)
    withdrawCommandAccess = publishCommandAccess(resolve(config.dataDir), {
      url: loopback,
      token: app.backup.commandToken,
    });
  if (readable) process.stdout.write(`\n${startupSummary(config, facts).join("\n")}\n\n`);
  else
    app.log.info(
      {
        engine: database.engine,
        url: config.publicBaseUrl ?? `http://localhost:${config.port}`,
        // Where this process listens: PUBLIC_BASE_URL is the proxy's address, the same for every instance.
        listen: `${config.host}:${(app.server.address() as AddressInfo).port}`,
      },
      "site is ready",
    );
}

/** What a site that is not fully set up must say at start, as JSON lines: what runs instead, and for how long. */
function logStartWarnings(app: FastifyInstance, config: Config, facts: StartupFacts): void {
  warnAboutPublicJitsi(config.video, app.log);
  if (facts.seeded > 0) app.log.info({ articles: facts.seeded }, "sample articles created");
  if (facts.payments.name === "simulator") {
    app.log.warn(
      "payments use the built-in simulator: no real money is taken (set the Cashfree keys to take payments)",
    );
  }
  if (!facts.emailConfigured)
    app.log.warn(`e-mail is not configured (SMTP_URL): e-mails are ${unsetChannelFate(config, "email")}`);
  if (!facts.whatsappConfigured)
    app.log.warn(
      `WhatsApp is not configured (WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID): WhatsApp messages are ${unsetChannelFate(config, "whatsapp")}`,
    );
}

start().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

/**
 * Where `npm run backup` on this machine reaches the server: its loopback address, which the command's route
 * requires. A server listening on one other address only (HOST) has none, and offers no backups that way.
 */
function loopbackUrlOf({ address, port }: AddressInfo): string | undefined {
  if (address === "0.0.0.0" || address.startsWith("127.")) return `http://127.0.0.1:${port}`;
  if (address === "::" || address === "::1") return `http://[::1]:${port}`;
  return undefined;
}
