import { join } from "node:path";
import type { Config } from "./config";

/** What the start found out beyond the configuration: the database opened, the gateway chosen, the channels set up. */
export interface StartupFacts {
  engine: "pglite" | "postgres";
  payments: { name: "cashfree" | "simulator"; mode: "sandbox" | "production" };
  emailConfigured: boolean;
  whatsappConfigured: boolean;
  /** Sample articles created by this start. */
  seeded: number;
}

type Channel = "email" | "whatsapp";

const CHANNEL_SETTINGS: Record<Channel, string> = {
  email: "SMTP_URL",
  whatsapp: "WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID",
};

/**
 * What becomes of a channel's messages while it is not set up (features/notifications/deliver.ts): outside
 * production each is written as a file under DATA_DIR/outbox, so a deployer sees what patients would receive; in
 * production it is not sent, and the dashboard lists it as not sent.
 */
export function unsetChannelFate(config: Config, channel: Channel): string {
  if (config.isProduction) return "not sent (the dashboard lists them as not sent)";
  const files = channel === "email" ? ".eml files" : ".json files (the request bodies)";
  return `written as ${files} to ${join(config.dataDir, "outbox")}`;
}

/** The lines `npm start` prints on a terminal once the site listens: what runs, and where messages go. */
export function startupSummary(config: Config, facts: StartupFacts): string[] {
  const rows: [string, string][] = [
    ["database", databaseLine(config, facts)],
    ["payments", paymentsLine(facts)],
    ["e-mail", channelLine(config, "email", facts.emailConfigured, smtpHost(config))],
    ["WhatsApp", channelLine(config, "whatsapp", facts.whatsappConfigured, "WhatsApp Cloud API")],
    ["video", videoLine(config)],
    [
      "metrics",
      config.metricsToken
        ? "GET /metrics, with the bearer token of METRICS_TOKEN"
        : "off (set METRICS_TOKEN to serve GET /metrics)",
    ],
    ["logs", "one line per request; LOG_FORMAT=json writes JSON lines"],
  ];
  if (facts.seeded > 0) rows.splice(1, 0, ["content", `${facts.seeded} sample articles created`]);
  const width = Math.max(...rows.map(([label]) => label.length)) + 2;
  return [
    `Clinic site is ready at ${config.publicBaseUrl ?? `http://localhost:${config.port}`} (listening on ${config.host}:${config.port})`,
    ...rows.map(([label, text]) => `  ${label.padEnd(width)}${text}`),
  ];
}

function databaseLine(config: Config, facts: StartupFacts): string {
  if (facts.engine === "pglite") return `embedded (PGlite), files in ${config.dataDir}`;
  // The address without its user and password.
  const url = new URL(config.databaseUrl ?? "postgres://unknown");
  return `PostgreSQL on ${url.host}${url.pathname}`;
}

function paymentsLine({ payments }: StartupFacts): string {
  if (payments.name === "simulator")
    return "built-in simulator: no real money is taken (set the Cashfree keys to take payments)";
  return payments.mode === "production" ? "Cashfree, real payments" : "Cashfree sandbox: test payments only";
}

function channelLine(config: Config, channel: Channel, configured: boolean, service: string): string {
  if (configured) return service;
  return `not set up (${CHANNEL_SETTINGS[channel]}): messages are ${unsetChannelFate(config, channel)}`;
}

/** The mail server's host, never the user and password its URL holds. */
function smtpHost(config: Config): string {
  const url = config.messaging.email.smtpUrl;
  return url ? `SMTP server ${new URL(url).host}` : "SMTP";
}

function videoLine(config: Config): string {
  const { video } = config;
  if (video.service === "jaas") return "JaaS (8x8.vc)";
  if (video.service === "jitsi-token") return `Jitsi at ${video.domain}, with join tokens`;
  if (video.domain === "meet.jit.si")
    return "public meet.jit.si: for trying the site only (calls end after 5 minutes; see JAAS_* or JITSI_*)";
  return `Jitsi at ${video.domain}, without join tokens`;
}
