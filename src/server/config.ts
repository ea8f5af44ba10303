import { z } from "zod";

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
  TRUST_PROXY: booleanFlag.default(false),
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
    .refine((value) => /^\d+(\s*,\s*\d+)*$/.test(value), "must be minutes separated by commas, such as 1440,30")
    .transform((value) => [...new Set(value.split(",").map((part) => Number(part.trim())))].sort((a, b) => b - a)),
  OUTBOX_POLL_SECONDS: z.coerce.number().int().min(1).max(600).default(5),
  PAYMENT_PROVIDER: optionalText.pipe(z.enum(["cashfree", "simulator"]).optional()),
  CASHFREE_ENV: optionalText.pipe(
    z.enum(["sandbox", "production"], { message: "must be sandbox or production" }).default("sandbox"),
  ),
  CASHFREE_APP_ID: optionalText,
  CASHFREE_SECRET_KEY: optionalText,
  /** Another address for Cashfree's API, for a stand-in in tests; the real one follows from CASHFREE_ENV. */
  CASHFREE_BASE_URL: optionalText.pipe(z.url().optional()),
});

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Rules between settings, checked after each setting is valid on its own. */
const checkedEnvSchema = envSchema.superRefine((env, context) => {
  const problem = (path: string, message: string) =>
    context.addIssue({ code: "custom", path: [path], message });
  if (env.NODE_ENV === "production" && !env.ADMIN_PASSWORD_HASH && !env.ADMIN_PASSWORD) {
    problem(
      "ADMIN_PASSWORD_HASH",
      "production needs ADMIN_PASSWORD_HASH (or ADMIN_PASSWORD); create a hash with `npm run admin:password -- --hash`",
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
});

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
    trustProxy: env.TRUST_PROXY,
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
  };
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
