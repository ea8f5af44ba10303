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
});

export type Config = ReturnType<typeof toConfig>;

function toConfig(env: z.infer<typeof envSchema>) {
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
  const result = envSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`));
  }
  return toConfig(result.data);
}
