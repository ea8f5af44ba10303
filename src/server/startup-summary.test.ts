import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { loadConfig } from "./config";
import { type StartupFacts, startupSummary } from "./startup-summary";

/** What `npm start` prints on a terminal: one line per part of the site, saying the truth about unset channels. */
const nothingSetUp: StartupFacts = {
  engine: "pglite",
  payments: { name: "simulator", mode: "sandbox" },
  emailConfigured: false,
  whatsappConfigured: false,
  seeded: 3,
};

describe("start-up summary", () => {
  it("says where messages go while their channel is not set up: files under DATA_DIR/outbox", () => {
    const config = loadConfig({ DATA_DIR: "./data", PORT: "5000" });
    expect(startupSummary(config, nothingSetUp)).toEqual([
      "Clinic site is ready at http://localhost:5000 (listening on 0.0.0.0:5000)",
      "  database  embedded (PGlite), files in ./data",
      "  content   3 sample articles created",
      "  payments  built-in simulator: no real money is taken (set the Cashfree keys to take payments)",
      "  e-mail    not set up (SMTP_URL): messages are written as .eml files to data/outbox",
      "  WhatsApp  not set up (WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID): messages are written as .json files (the request bodies) to data/outbox",
      "  video     public meet.jit.si: for trying the site only (calls end after 5 minutes; see JAAS_* or JITSI_*)",
      "  metrics   off (set METRICS_TOKEN to serve GET /metrics)",
      "  logs      one line per request; LOG_FORMAT=json writes JSON lines",
    ]);
  });

  it("names the services in production without a password, key or token, and says unset WhatsApp sends nothing", () => {
    const privateKey = generateKeyPairSync("rsa", { modulusLength: 2048 })
      .privateKey.export({ type: "pkcs8", format: "pem" })
      .toString();
    const secrets = {
      databasePassword: "db-secret-password",
      smtpPassword: "smtp-secret-password",
      metricsToken: "m".repeat(40),
      cashfreeKey: "cashfree-secret-key",
    };
    const config = loadConfig({
      NODE_ENV: "production",
      PUBLIC_BASE_URL: "https://drrao.example",
      ADMIN_PASSWORD: "a production admin password",
      DATABASE_URL: `postgres://clinic:${secrets.databasePassword}@db.internal:5432/clinic`,
      SMTP_URL: `smtps://mailer:${secrets.smtpPassword}@smtp.example.com:465`,
      MAIL_FROM: "appointments@drrao.example",
      CASHFREE_APP_ID: "app-id",
      CASHFREE_SECRET_KEY: secrets.cashfreeKey,
      CASHFREE_ENV: "production",
      JAAS_APP_ID: "vpaas-magic-cookie-0123456789abcdef",
      JAAS_KEY_ID: "vpaas-magic-cookie-0123456789abcdef/4f4910",
      JAAS_PRIVATE_KEY: privateKey,
      METRICS_TOKEN: secrets.metricsToken,
    });
    const lines = startupSummary(config, {
      engine: "postgres",
      payments: { name: "cashfree", mode: "production" },
      emailConfigured: true,
      whatsappConfigured: false,
      seeded: 0,
    });
    expect(lines).toEqual([
      "Clinic site is ready at https://drrao.example (listening on 0.0.0.0:5000)",
      "  database  PostgreSQL on db.internal:5432/clinic",
      "  payments  Cashfree, real payments",
      "  e-mail    SMTP server smtp.example.com:465",
      "  WhatsApp  not set up (WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID): messages are not sent (the dashboard lists them as not sent)",
      "  video     JaaS (8x8.vc)",
      "  metrics   GET /metrics, with the bearer token of METRICS_TOKEN",
      "  logs      one line per request; LOG_FORMAT=json writes JSON lines",
    ]);
    for (const secret of Object.values(secrets)) expect(lines.join("\n")).not.toContain(secret);
  });
});
