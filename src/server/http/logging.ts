import type { FastifyServerOptions } from "fastify";
import type { DestinationStream } from "pino";
import type { Config } from "../config";

/**
 * Patients' personal data never reaches the logs. Fastify logs no bodies by default; these paths make sure that
 * an object logged by mistake is censored too.
 */
const personalFields = [
  "name",
  "email",
  "phone",
  "message",
  "subject",
  "patientName",
  "patientEmail",
  "patientPhone",
  "patientAge",
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

export function loggerOptions(config: Config, stream?: DestinationStream): FastifyServerOptions["logger"] {
  return {
    level: config.logLevel,
    redact: { paths: redactedPaths, censor: "[redacted]" },
    serializers: {
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
