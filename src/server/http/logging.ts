import type { FastifyServerOptions } from "fastify";
import { type DestinationStream, stdSerializers } from "pino";
import type { Config } from "../config";

/**
 * Patients' personal data never reaches the logs. Fastify logs no bodies by default; these paths make sure that
 * an object logged by mistake is censored too.
 */
const personalFields = [
  "email",
  "phone",
  "patientName",
  "patientEmail",
  "patientPhone",
  "patientAge",
  "patientAgeMonths",
  "reasonForConsultation",
  "password",
  "token",
];

export const redactedPaths = [
  ...personalFields,
  ...personalFields.map((field) => `*.${field}`),
  ...personalFields.map((field) => `*.*.${field}`),
  "req.headers.cookie",
  "req.headers.authorization",
  'res.headers["set-cookie"]',
];

/**
 * A failed SQL statement's error carries its parameters (in `params`, and after "params:" in the message and the
 * stack): for an appointment, the patient's name, e-mail and reason. Errors are logged without them.
 */
// Parameters may hold line breaks (a reason for consultation, a contact message): everything from "params:" to the
// end of the message, or to the stack's first frame, goes.
const sqlParams = /\nparams: [\s\S]*?(?=\n\s+at |$)/g;

export function scrubError(error: Error): {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
} {
  const serialized = stdSerializers.err(error) as unknown as Record<string, unknown>;
  const scrub = (value: unknown): unknown => {
    if (typeof value === "string") return value.replace(sqlParams, "\nparams: [redacted]");
    if (Array.isArray(value)) return "[redacted]";
    if (value && typeof value === "object") {
      return Object.fromEntries(
        Object.entries(value).map(([key, inner]) => [key, key === "params" ? "[redacted]" : scrub(inner)]),
      );
    }
    return value;
  };
  return scrub(serialized) as { type: string; message: string; stack: string; [key: string]: unknown };
}

export function loggerOptions(config: Config, stream?: DestinationStream): FastifyServerOptions["logger"] {
  return {
    level: config.logLevel,
    redact: { paths: redactedPaths, censor: "[redacted]" },
    serializers: {
      err: scrubError,
      // Only the path is logged: query strings may one day carry tokens or personal data.
      req: (request: { method: string; url: string; id: string }) => ({
        id: request.id,
        method: request.method,
        path: request.url.split("?")[0],
      }),
    },
    ...(stream ? { stream } : {}),
    // `npm run dev` prints readable lines; everywhere else logs stay JSON for log collectors.
    ...(config.devServer && !stream
      ? { transport: { target: "pino-pretty", options: { translateTime: "HH:MM:ss" } } }
      : {}),
  };
}
