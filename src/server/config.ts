import { createPrivateKey } from "node:crypto";
import { isIP } from "node:net";
import { join } from "node:path";
import proxyAddr from "@fastify/proxy-addr";
import { isValidPhoneNumber } from "libphonenumber-js/max";
import { z } from "zod";
import type { Language } from "@shared/i18n/languages";

/**
 * The only reader of process.env. Every setting is validated here once, at start; the server refuses to start and
 * prints every problem at once rather than failing later on a half-configured path.
 */
const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"], { message: "must be true or false" })
  .transform((value) => value === "true" || value === "1" || value === "yes");

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

/** "Name" <address@domain> or a bare address. */
const MAIL_FROM_PATTERN = /^(?:[^<>]*<[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)$/;
const DEFAULT_MAIL_FROM = '"Clinic" <no-reply@localhost>';
const DEFAULT_GRAPH_VERSION = "v25.0";

/** Meta's template names are lower-case letters, digits and underscores. */
function templateName(fallback: string) {
  return optionalText.pipe(
    z
      .string()
      .regex(/^[a-z0-9_]{1,512}$/, "must be a WhatsApp template name: lower-case letters, digits and _")
      .default(fallback),
  );
}

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().min(1).default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65_535).default(5000),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
      .optional(),
  ),
  DATA_DIR: z.string().min(1).default("./data"),
  SEED_SAMPLE_CONTENT: booleanFlag.default(true),
  SITE_PROFILE_FILE: optionalText,
  PUBLIC_BASE_URL: optionalText.pipe(
    z.url({ message: "must be a full URL such as https://clinic.example" }).optional(),
  ),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** pretty: readable lines for a person at a terminal; json: JSON lines for a collector; auto: pretty on a terminal. */
  LOG_FORMAT: z.enum(["auto", "pretty", "json"], { message: "must be auto, pretty or json" }).default("auto"),
  /**
   * The bearer token GET /metrics asks for; unset, there is no /metrics. Nothing limits how often a token may be
   * tried, so it must be long and random enough that guessing is hopeless.
   */
  METRICS_TOKEN: optionalText.pipe(
    z
      .string()
      .min(32, "must be at least 32 characters, e.g. the output of `openssl rand -hex 32`")
      .regex(/^[A-Za-z0-9._~+/=-]+$/, "must be letters, digits and . _ ~ + / = - only (no spaces)")
      .optional(),
  ),
  TRUST_PROXY: optionalText.transform((value, context): TrustProxy => {
    const setting = readTrustProxy(value ?? "false");
    if (typeof setting !== "string") return setting;
    context.addIssue({ code: "custom", message: setting });
    return z.NEVER;
  }),
  /** The whole request (headers and body) must arrive within this time; a client that trickles is cut off. */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  /**
   * How long rendering one article's Markdown may take before it is refused as too complex. Ordinary content of the
   * maximum length renders in under 100 ms; only pathological input comes near the default.
   */
  MARKDOWN_RENDER_LIMIT_MS: z.coerce.number().int().min(100).max(60_000).default(2_000),
  /** Open connections one address may hold at once (0 turns the cap off); not applied behind a proxy. */
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).max(100_000).default(100),
  /** Extra origins admitted by the Content-Security-Policy, space-separated (for a CDN or analytics). */
  CSP_EXTRA_SCRIPT_SRC: optionalText,
  CSP_EXTRA_FRAME_SRC: optionalText,
  /** Set by `npm run dev`: serve the client through Vite instead of the built files. */
  DEV_SERVER: booleanFlag.default(false),

  // Administrator
  ADMIN_PASSWORD_HASH: optionalText,
  ADMIN_PASSWORD: optionalText.pipe(z.string().min(12, "must be at least 12 characters").optional()),

  // Booking and payment
  CONSULTATION_FEE: z.coerce.number().int("must be whole rupees").min(1).max(1_000_000).default(2000),
  COUPON_CODE: optionalText.transform((value) => value?.toUpperCase()),
  COUPON_FEE: optionalText
    .transform((value) => (value === undefined ? undefined : Number(value)))
    .pipe(
      z
        .number({ message: "must be a number" })
        .int("must be whole rupees")
        .min(1, "must be at least 1")
        .optional(),
    ),
  CLINIC_TIMEZONE: z
    .string()
    .trim()
    .min(1)
    .default("Asia/Kolkata")
    .refine(isTimeZone, "must be an IANA time zone such as Asia/Kolkata"),
  PAYMENT_HOLD_MINUTES: z.coerce.number().int().min(5).max(120).default(15),
  MIN_NOTICE_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 60)
    .default(30),
  BOOKING_HORIZON_DAYS: z.coerce.number().int().min(1).max(366).default(60),
  HOLD_SWEEP_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  BOOKINGS_PER_HOUR_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  /** Reminders before each consultation, in minutes, comma-separated. */
  REMINDER_MINUTES_BEFORE: z
    .string()
    .trim()
    .default("1440,30")
    .refine(
      (value) => /^\d+(\s*,\s*\d+)*$/.test(value),
      "must be minutes separated by commas, such as 1440,30",
    )
    .transform((value) =>
      [...new Set(value.split(",").map((part) => Number(part.trim())))].sort((a, b) => b - a),
    ),
  OUTBOX_POLL_SECONDS: z.coerce.number().int().min(1).max(600).default(5),
  PAYMENT_PROVIDER: optionalText.pipe(z.enum(["cashfree", "simulator"]).optional()),
  CASHFREE_ENV: optionalText.pipe(
    z.enum(["sandbox", "production"], { message: "must be sandbox or production" }).default("sandbox"),
  ),
  CASHFREE_APP_ID: optionalText,
  CASHFREE_SECRET_KEY: optionalText,
  /** Another address for Cashfree's API, for a stand-in in tests; the real one follows from CASHFREE_ENV. */
  CASHFREE_BASE_URL: optionalText.pipe(z.url().optional()),

  // Messages: e-mail over SMTP and WhatsApp Cloud API templates. A channel that is not set up writes files instead.
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(
        /^smtps?:\/\/[^\s/]+/,
        "must be an smtp:// or smtps:// URL such as smtps://user:pass@smtp.example.com",
      )
      .optional(),
  ),
  MAIL_FROM: optionalText.pipe(
    z
      .string()
      .regex(MAIL_FROM_PATTERN, 'must be an address such as "Dr. Rao" <appointments@drrao.example>')
      .optional(),
  ),
  DOCTOR_EMAIL: optionalText.pipe(z.email("must be an e-mail address").optional()),
  WHATSAPP_TOKEN: optionalText,
  WHATSAPP_PHONE_NUMBER_ID: optionalText.pipe(
    z.string().regex(/^\d+$/, "must be the numeric phone number ID shown in WhatsApp Manager").optional(),
  ),
  WHATSAPP_GRAPH_VERSION: optionalText.pipe(
    z
      .string()
      .regex(/^v\d+\.\d+$/, "must be a Graph API version such as v25.0")
      .default(DEFAULT_GRAPH_VERSION),
  ),
  /** Another address for the Graph API, for a stand-in in tests. */
  WHATSAPP_API_BASE_URL: optionalText.pipe(z.url().optional()),
  DOCTOR_WHATSAPP: optionalText.pipe(
    z
      .string()
      .refine(
        (value) => isValidPhoneNumber(value, "IN"),
        "must be a phone number, with its country code outside India, e.g. +91 98450 12345",
      )
      .optional(),
  ),
  WHATSAPP_TEMPLATE_CONFIRMATION: templateName("appointment_confirmation"),
  WHATSAPP_TEMPLATE_DOCTOR: templateName("doctor_new_appointment"),
  WHATSAPP_TEMPLATE_REMINDER: templateName("appointment_reminder"),
  WHATSAPP_TEMPLATE_REFUND: templateName("booking_refund"),
  WHATSAPP_TEMPLATE_CHANGE: templateName("appointment_change"),
  WHATSAPP_TEMPLATE_DOCTOR_CHANGE: templateName("doctor_appointment_change"),
  /** A template with a DOCUMENT header: the prescription's PDF goes in it. */
  WHATSAPP_TEMPLATE_PRESCRIPTION: templateName("consultation_prescription"),
  /** To the parents of the day's remaining consultations when the doctor presses Running late. */
  WHATSAPP_TEMPLATE_RUNNING_LATE: templateName("appointment_running_late"),
  WHATSAPP_TEMPLATE_LANGUAGE: optionalText.pipe(
    z
      .string()
      .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, "must be a template language code such as en, en_US or hi")
      .default("en"),
  ),
  /**
   * The languages besides English whose versions of the parent's templates Meta has approved ("hi kn"): a booking
   * made in one of them gets its WhatsApp messages in it (template language codes hi and kn); any other booking, or
   * one in a language not listed, gets the English template.
   */
  WHATSAPP_TEMPLATE_TRANSLATIONS: optionalText.pipe(
    z
      .string()
      .regex(
        /^\s*((hi|kn)(\s+|$))*$/,
        "must list template languages approved besides English: hi, kn or both",
      )
      .optional(),
  ),

  // Consultation records: parents' uploaded reports, prescriptions, retention
  /** Years a consultation record is kept after its appointment; then uploads are removed and the record anonymised. */
  RECORD_RETENTION_YEARS: z.coerce.number().int("must be whole years").min(1).max(100).default(3),
  /** A data export (the parent's ZIP) whose reader takes no byte for this long is ended, and its files closed. */
  EXPORT_STALL_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  /** Data exports of one booking that may run at once; one more is refused (429) until one of them ends. */
  EXPORTS_PER_BOOKING: z.coerce.number().int().min(1).max(20).default(2),
  /** An S3-compatible bucket for uploaded reports; unset keeps them in DATA_DIR/records on this machine. */
  RECORDS_S3_BUCKET: optionalText,
  RECORDS_S3_REGION: optionalText.pipe(z.string().default("ap-south-1")),
  /** The store's address for a service other than AWS (MinIO, Cloudflare R2, DigitalOcean Spaces). */
  RECORDS_S3_ENDPOINT: optionalText.pipe(z.url().optional()),
  RECORDS_S3_ACCESS_KEY_ID: optionalText,
  RECORDS_S3_SECRET_ACCESS_KEY: optionalText,
  /** Address the bucket in the path (https://host/bucket/key), as MinIO and most self-hosted stores need. */
  RECORDS_S3_FORCE_PATH_STYLE: booleanFlag.default(false),

  // Backups (npm run backup, npm run restore, and the scheduled backup)
  /** Seals every backup file with AES-256-GCM under this passphrase; restoring then needs it. */
  BACKUP_PASSPHRASE: optionalText.pipe(
    z
      .string()
      .min(12, "must be at least 12 characters")
      .max(1024, "must be at most 1024 characters")
      .optional(),
  ),
  /** A daily backup at this time in the clinic's time zone (HH:MM, e.g. 02:30); unset, none is scheduled. */
  BACKUP_SCHEDULE: optionalText.pipe(
    z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be a time of day as HH:MM, e.g. 02:30")
      .optional(),
  ),
  /** Where scheduled backups are written on this machine; DATA_DIR/backups when no bucket is set. */
  BACKUP_DIR: optionalText,
  /**
   * An S3-compatible bucket of its own for scheduled backups (its objects are the backups, and the oldest beyond
   * BACKUP_KEEP are deleted), reached with the RECORDS_S3_* region, endpoint and keys.
   */
  BACKUP_S3_BUCKET: optionalText,
  /** Scheduled backups kept in each place; older ones are deleted after a new one is written. */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(14),

  // Video consultations (Jitsi Meet: public meet.jit.si, self-hosted with token auth, or JaaS on 8x8.vc)
  JITSI_DOMAIN: optionalText.pipe(
    z
      .string()
      .toLowerCase()
      .regex(
        /^[a-z0-9]([a-z0-9.-]*[a-z0-9])?(:\d{1,5})?$/,
        "must be a host name such as meet.example.com (no https://)",
      )
      .optional(),
  ),
  JITSI_APP_ID: optionalText,
  JITSI_APP_SECRET: optionalText,
  JAAS_APP_ID: optionalText.pipe(
    z
      .string()
      .startsWith("vpaas-magic-cookie-", "must be the JaaS App ID, which starts with vpaas-magic-cookie-")
      .optional(),
  ),
  JAAS_KEY_ID: optionalText,
  /** The PEM private key of the JaaS API key; one-line values may write the line breaks as \n. */
  JAAS_PRIVATE_KEY: optionalText.transform((value) => value?.replaceAll("\\n", "\n").trim()),
  VIDEO_ROOM_OPENS_MINUTES: z.coerce.number().int().min(0).max(525_600).default(60),
  /** Another address for external_api.js, for a stand-in in browser tests; https, or http on a loopback address. */
  JITSI_SCRIPT_URL: optionalText.pipe(
    z
      .url({ message: "must be a full URL such as https://meet.example.com/external_api.js" })
      .refine(isSafeScriptUrl, "must use https (http is allowed only on localhost or 127.x.x.x)")
      .optional(),
  ),
});

/**
 * Whose X-Forwarded-For, -Proto and -Host are believed: nobody's, the nearest `hops` proxies' (whatever their
 * addresses), or those of proxies at the listed addresses and ranges. The visitor is the right-most address in
 * X-Forwarded-For that no trusted proxy wrote.
 */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

const MAX_PROXY_HOPS = 10;
const TRUST_PROXY_FORMS = `must be true, false, a number of proxies (1-${MAX_PROXY_HOPS}) or a comma-separated list of the proxies' addresses and ranges (10.0.0.2, 172.16.0.0/12, loopback)`;
/** The names proxy-addr knows for address ranges. */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** TRUST_PROXY's setting, or what is wrong with the value. */
function readTrustProxy(value: string): TrustProxy | string {
  if (["false", "0", "no"].includes(value)) return false;
  if (["true", "yes"].includes(value)) return { hops: 1 };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= MAX_PROXY_HOPS ? { hops } : TRUST_PROXY_FORMS;
  }
  const addresses = value.split(",").map((entry) => entry.trim());
  const wrong = addresses.find((entry) => !isProxyAddress(entry));
  return wrong === undefined
    ? { addresses }
    : `${TRUST_PROXY_FORMS}; "${wrong}" is not an IP address or range`;
}

/** An address, a range (CIDR or netmask) or a range's name, as Fastify's proxy-addr reads them. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  // proxy-addr also reads shorthands such as "1.5" (1.0.0.5); only the usual spellings are taken.
  if (isIP(entry.split("/")[0] ?? "") === 0) return false;
  try {
    proxyAddr.compile(entry);
    return true;
  } catch {
    return false;
  }
}

/** meet.jit.si is the default so that the site runs without an account; main.ts warns that it is for trying only. */
const DEFAULT_JITSI_DOMAIN = "meet.jit.si";
const JAAS_DOMAIN = "8x8.vc";
/** Plain Jitsi (no tokens), a self-hosted Jitsi with token authentication, or JaaS. */
type VideoServiceKind = "jitsi" | "jitsi-token" | "jaas";

function isSafeScriptUrl(value: string): boolean {
  const url = new URL(value);
  if (url.protocol === "https:") return true;
  return url.protocol === "http:" && /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/.test(url.hostname);
}

/** True when the text is a PEM (PKCS#8 or PKCS#1) RSA private key, which JaaS tokens are signed with. */
function isRsaPrivateKey(pem: string): boolean {
  try {
    return createPrivateKey(pem).asymmetricKeyType === "rsa";
  } catch {
    return false;
  }
}

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Rules between settings, checked after each setting is valid on its own. */
/** Every environment variable the server reads; the README documents each (a test keeps the two in step). */
export const configVariables = Object.keys(envSchema.shape);

const checkedEnvSchema = envSchema.superRefine((env, context) => {
  const problem = (path: string, message: string) =>
    context.addIssue({ code: "custom", path: [path], message });
  if (env.NODE_ENV === "production" && !env.ADMIN_PASSWORD_HASH && !env.ADMIN_PASSWORD) {
    problem(
      "ADMIN_PASSWORD_HASH",
      "production needs ADMIN_PASSWORD_HASH (or ADMIN_PASSWORD); create a hash with `npm run admin:password -- --hash`",
    );
  }
  if (env.NODE_ENV === "production" && !env.PUBLIC_BASE_URL) {
    problem(
      "PUBLIC_BASE_URL",
      "production needs the site's public address (https://...): links in pages, messages and payments are built from it, never from the request's Host header",
    );
  }
  if (env.COUPON_CODE && env.COUPON_FEE === undefined)
    problem("COUPON_FEE", "is required when COUPON_CODE is set");
  if (env.COUPON_FEE !== undefined && env.COUPON_FEE >= env.CONSULTATION_FEE) {
    problem("COUPON_FEE", `must be below CONSULTATION_FEE (${env.CONSULTATION_FEE})`);
  }
  const hasKeys = Boolean(env.CASHFREE_APP_ID) || Boolean(env.CASHFREE_SECRET_KEY);
  if (hasKeys && !(env.CASHFREE_APP_ID && env.CASHFREE_SECRET_KEY)) {
    problem(
      env.CASHFREE_APP_ID ? "CASHFREE_SECRET_KEY" : "CASHFREE_APP_ID",
      "must be set together with the other Cashfree key",
    );
  }
  const provider = env.PAYMENT_PROVIDER ?? (hasKeys ? "cashfree" : "simulator");
  if (provider === "cashfree") {
    if (!hasKeys) problem("PAYMENT_PROVIDER", "cashfree needs CASHFREE_APP_ID and CASHFREE_SECRET_KEY");
    if (!env.PUBLIC_BASE_URL)
      problem("PUBLIC_BASE_URL", "is required with Cashfree: the payment page returns visitors to it");
  }
  if (env.NODE_ENV === "production" && provider === "simulator" && env.PAYMENT_PROVIDER !== "simulator") {
    problem(
      "PAYMENT_PROVIDER",
      "production needs CASHFREE_APP_ID and CASHFREE_SECRET_KEY, or PAYMENT_PROVIDER=simulator for a site that takes no real payments",
    );
  }
  checkVideoSettings(env, problem);
  checkMessagingSettings(env, problem);
});

function checkVideoSettings(
  env: z.infer<typeof envSchema>,
  problem: (path: string, message: string) => void,
): void {
  const jitsiKeys = [env.JITSI_APP_ID, env.JITSI_APP_SECRET];
  if (jitsiKeys.some(Boolean) && !jitsiKeys.every(Boolean)) {
    problem(
      env.JITSI_APP_ID ? "JITSI_APP_SECRET" : "JITSI_APP_ID",
      "must be set together with the other Jitsi token setting (JITSI_APP_ID and JITSI_APP_SECRET)",
    );
  }
  const jaasKeys = [env.JAAS_APP_ID, env.JAAS_KEY_ID, env.JAAS_PRIVATE_KEY];
  if (!jaasKeys.some(Boolean)) return;
  if (!jaasKeys.every(Boolean)) {
    const missing = (["JAAS_APP_ID", "JAAS_KEY_ID", "JAAS_PRIVATE_KEY"] as const).filter((key) => !env[key]);
    for (const key of missing)
      problem(key, "is required with JaaS: set JAAS_APP_ID, JAAS_KEY_ID and JAAS_PRIVATE_KEY together");
  }
  if (env.JITSI_APP_ID || env.JITSI_APP_SECRET)
    problem(
      "JAAS_APP_ID",
      "choose one video service: JaaS (JAAS_*) or a self-hosted Jitsi (JITSI_APP_*), not both",
    );
  if (env.JITSI_DOMAIN) problem("JITSI_DOMAIN", "must be unset with JaaS, which always runs on 8x8.vc");
  if (
    env.JAAS_KEY_ID &&
    env.JAAS_APP_ID &&
    env.JAAS_KEY_ID.includes("/") &&
    !env.JAAS_KEY_ID.startsWith(`${env.JAAS_APP_ID}/`)
  )
    problem(
      "JAAS_KEY_ID",
      "must belong to JAAS_APP_ID (the key id shown in the JaaS console starts with the App ID)",
    );
  if (env.JAAS_PRIVATE_KEY && !isRsaPrivateKey(env.JAAS_PRIVATE_KEY))
    problem(
      "JAAS_PRIVATE_KEY",
      "must be the PEM RSA private key downloaded from the JaaS console (-----BEGIN PRIVATE KEY----- ...)",
    );
}

function checkMessagingSettings(
  env: z.infer<typeof envSchema>,
  problem: (path: string, message: string) => void,
): void {
  if (env.NODE_ENV === "production" && env.SMTP_URL && !env.MAIL_FROM) {
    problem(
      "MAIL_FROM",
      'is required in production when SMTP_URL is set: the sender patients see, e.g. "Dr. Rao" <appointments@drrao.example>',
    );
  }
  if (Boolean(env.RECORDS_S3_ACCESS_KEY_ID) !== Boolean(env.RECORDS_S3_SECRET_ACCESS_KEY)) {
    problem(
      env.RECORDS_S3_ACCESS_KEY_ID ? "RECORDS_S3_SECRET_ACCESS_KEY" : "RECORDS_S3_ACCESS_KEY_ID",
      "must be set together with the other S3 key",
    );
  }
  if (Boolean(env.WHATSAPP_TOKEN) !== Boolean(env.WHATSAPP_PHONE_NUMBER_ID)) {
    problem(
      env.WHATSAPP_TOKEN ? "WHATSAPP_PHONE_NUMBER_ID" : "WHATSAPP_TOKEN",
      "must be set together with the other WhatsApp setting (WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID)",
    );
  }
}

export type Config = ReturnType<typeof toConfig>;

function toConfig(env: z.infer<typeof envSchema>) {
  const hasCashfreeKeys = Boolean(env.CASHFREE_APP_ID && env.CASHFREE_SECRET_KEY);
  return {
    nodeEnv: env.NODE_ENV,
    isProduction: env.NODE_ENV === "production",
    host: env.HOST,
    port: env.PORT,
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    seedSampleContent: env.SEED_SAMPLE_CONTENT,
    siteProfileFile: env.SITE_PROFILE_FILE,
    publicBaseUrl: env.PUBLIC_BASE_URL?.replace(/\/+$/, ""),
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT,
    /** GET /metrics answers only this bearer token; unset turns the endpoint off. Never log it. */
    metricsToken: env.METRICS_TOKEN,
    trustProxy: env.TRUST_PROXY,
    requestTimeoutMs: env.REQUEST_TIMEOUT_SECONDS * 1000,
    markdownRenderLimitMs: env.MARKDOWN_RENDER_LIMIT_MS,
    maxConnectionsPerAddress: env.MAX_CONNECTIONS_PER_ADDRESS,
    csp: {
      extraScriptSrc: splitList(env.CSP_EXTRA_SCRIPT_SRC),
      extraFrameSrc: splitList(env.CSP_EXTRA_FRAME_SRC),
    },
    devServer: env.DEV_SERVER,
    admin: {
      passwordHash: env.ADMIN_PASSWORD_HASH,
      password: env.ADMIN_PASSWORD,
      /** Sessions end after 2 hours without a request, and 12 hours after login whatever happens. */
      idleMinutes: 120,
      absoluteHours: 12,
    },
    booking: {
      fee: env.CONSULTATION_FEE,
      couponCode: env.COUPON_CODE,
      couponFee: env.COUPON_FEE,
      timeZone: env.CLINIC_TIMEZONE,
      holdMinutes: env.PAYMENT_HOLD_MINUTES,
      minNoticeMinutes: env.MIN_NOTICE_MINUTES,
      horizonDays: env.BOOKING_HORIZON_DAYS,
      sweepSeconds: env.HOLD_SWEEP_SECONDS,
      bookingsPerHourPerAddress: env.BOOKINGS_PER_HOUR_PER_ADDRESS,
      reminderMinutesBefore: env.REMINDER_MINUTES_BEFORE,
      outboxPollSeconds: env.OUTBOX_POLL_SECONDS,
    },
    payments: {
      provider: env.PAYMENT_PROVIDER ?? (hasCashfreeKeys ? "cashfree" : "simulator"),
      cashfree: {
        environment: env.CASHFREE_ENV,
        appId: env.CASHFREE_APP_ID,
        secretKey: env.CASHFREE_SECRET_KEY,
        baseUrl: env.CASHFREE_BASE_URL,
      },
    },
    video: videoConfig(env),
    messaging: messagingConfig(env),
    records: recordsConfig(env),
    backup: backupConfig(env),
  };
}

/** Backups: the passphrase, the daily time, and where scheduled ones go. */
function backupConfig(env: z.infer<typeof envSchema>) {
  const bucket = env.BACKUP_S3_BUCKET
    ? {
        bucket: env.BACKUP_S3_BUCKET,
        region: env.RECORDS_S3_REGION,
        endpoint: env.RECORDS_S3_ENDPOINT,
        forcePathStyle: env.RECORDS_S3_FORCE_PATH_STYLE,
        credentials:
          env.RECORDS_S3_ACCESS_KEY_ID && env.RECORDS_S3_SECRET_ACCESS_KEY
            ? { accessKeyId: env.RECORDS_S3_ACCESS_KEY_ID, secretAccessKey: env.RECORDS_S3_SECRET_ACCESS_KEY }
            : undefined,
      }
    : undefined;
  return {
    passphrase: env.BACKUP_PASSPHRASE,
    schedule: env.BACKUP_SCHEDULE,
    /** A folder is used when named, and by default when there is no bucket. */
    dir: env.BACKUP_DIR ?? (bucket ? undefined : join(env.DATA_DIR, "backups")),
    bucket,
    keep: env.BACKUP_KEEP,
  };
}

/** Where uploaded reports are kept, and for how long consultation records are. */
function recordsConfig(env: z.infer<typeof envSchema>) {
  return {
    retentionYears: env.RECORD_RETENTION_YEARS,
    exports: { stallMs: env.EXPORT_STALL_SECONDS * 1000, perBooking: env.EXPORTS_PER_BOOKING },
    /** The local folder, outside the web root, used when no S3 bucket is set. */
    localDir: join(env.DATA_DIR, "records"),
    s3: env.RECORDS_S3_BUCKET
      ? {
          bucket: env.RECORDS_S3_BUCKET,
          region: env.RECORDS_S3_REGION,
          endpoint: env.RECORDS_S3_ENDPOINT,
          forcePathStyle: env.RECORDS_S3_FORCE_PATH_STYLE,
          /** Unset means the AWS SDK's own chain (environment, instance role). Never log them. */
          credentials:
            env.RECORDS_S3_ACCESS_KEY_ID && env.RECORDS_S3_SECRET_ACCESS_KEY
              ? {
                  accessKeyId: env.RECORDS_S3_ACCESS_KEY_ID,
                  secretAccessKey: env.RECORDS_S3_SECRET_ACCESS_KEY,
                }
              : undefined,
        }
      : undefined,
  };
}

/** JaaS when its keys are set, else Jitsi on JITSI_DOMAIN: with tokens when the app id and secret are set. */
function videoConfig(env: z.infer<typeof envSchema>) {
  let service: VideoServiceKind = "jitsi";
  const jaas =
    env.JAAS_APP_ID && env.JAAS_KEY_ID && env.JAAS_PRIVATE_KEY
      ? {
          appId: env.JAAS_APP_ID,
          // The console shows the key id with the App ID in front; a bare key id gets it added.
          keyId: env.JAAS_KEY_ID.includes("/") ? env.JAAS_KEY_ID : `${env.JAAS_APP_ID}/${env.JAAS_KEY_ID}`,
          privateKey: env.JAAS_PRIVATE_KEY,
        }
      : undefined;
  const jitsiToken =
    !jaas && env.JITSI_APP_ID && env.JITSI_APP_SECRET
      ? { appId: env.JITSI_APP_ID, appSecret: env.JITSI_APP_SECRET }
      : undefined;
  if (jaas) service = "jaas";
  else if (jitsiToken) service = "jitsi-token";
  return {
    service,
    domain: jaas ? JAAS_DOMAIN : (env.JITSI_DOMAIN ?? DEFAULT_JITSI_DOMAIN),
    jitsiToken,
    jaas,
    scriptUrl: env.JITSI_SCRIPT_URL,
    /** The room opens this long before the slot starts ... */
    opensMinutesBefore: env.VIDEO_ROOM_OPENS_MINUTES,
    /** ... and closes 3 hours after it started: a consultation running late still has its room. */
    closesMinutesAfter: 180,
  };
}

function messagingConfig(env: z.infer<typeof envSchema>) {
  const language = env.WHATSAPP_TEMPLATE_LANGUAGE;
  return {
    email: {
      /** Holds the SMTP password: never log it. */
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM ?? DEFAULT_MAIL_FROM,
      /** Where the doctor's copies go; unset means the site profile's contact e-mail. */
      doctorEmail: env.DOCTOR_EMAIL,
    },
    whatsapp: {
      token: env.WHATSAPP_TOKEN,
      phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID,
      graphVersion: env.WHATSAPP_GRAPH_VERSION,
      baseUrl: env.WHATSAPP_API_BASE_URL,
      /** The doctor's WhatsApp number; unset means the site profile's contact phone. */
      doctorNumber: env.DOCTOR_WHATSAPP,
      templates: {
        confirmation: { name: env.WHATSAPP_TEMPLATE_CONFIRMATION, language },
        doctorConfirmation: { name: env.WHATSAPP_TEMPLATE_DOCTOR, language },
        reminder: { name: env.WHATSAPP_TEMPLATE_REMINDER, language },
        refund: { name: env.WHATSAPP_TEMPLATE_REFUND, language },
        change: { name: env.WHATSAPP_TEMPLATE_CHANGE, language },
        doctorChange: { name: env.WHATSAPP_TEMPLATE_DOCTOR_CHANGE, language },
        prescription: { name: env.WHATSAPP_TEMPLATE_PRESCRIPTION, language },
        runningLate: { name: env.WHATSAPP_TEMPLATE_RUNNING_LATE, language },
      },
      /** The parent's templates approved in Hindi or Kannada: their language codes at Meta. */
      translatedTemplates: translatedTemplateLanguages(env.WHATSAPP_TEMPLATE_TRANSLATIONS),
    },
  };
}

function translatedTemplateLanguages(value: string | undefined): Partial<Record<Language, string>> {
  return Object.fromEntries(splitList(value).map((language) => [language, language]));
}

function splitList(value: string | undefined): string[] {
  return value ? value.split(/\s+/).filter(Boolean) : [];
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `The server cannot start because of its configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`,
    );
    this.name = "ConfigError";
  }
}

/** Reads the given environment (process.env by default); throws ConfigError listing every problem. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = checkedEnvSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`));
  }
  return toConfig(result.data);
}
