import { type FastifyReply, type FastifyRequest, LogController } from "fastify";
import type { DestinationStream } from "pino";
import type { Config } from "../config";

/**
 * Logs for people and logs for machines. On a terminal the server prints readable lines, one per request at most;
 * anywhere else (a log collector, a pipe, a file) it writes JSON lines. The readable lines are made from the JSON
 * line pino has already written, after its redaction and serializers, so they can hold nothing the JSON would not:
 * paths are route patterns, tokens and ids are cut short.
 */
export type LogFormat = "pretty" | "json";

interface LogOutput {
  /** Standard output is a terminal. */
  isTTY: boolean;
  /** The caller captures the log itself (tests): JSON unless asked otherwise, as a collector would read it. */
  captured: boolean;
}

/** LOG_FORMAT: `auto` is pretty for a person at a terminal and for `npm run dev`, JSON otherwise. */
export function resolveLogFormat(config: Config, output: LogOutput): LogFormat {
  if (config.logFormat !== "auto") return config.logFormat;
  return !output.captured && (output.isTTY || config.devServer) ? "pretty" : "json";
}

/** The format this process logs in when nothing captures its log: what `npm start` prints. */
export function processLogFormat(config: Config): LogFormat {
  return resolveLogFormat(config, { isTTY: process.stdout.isTTY === true, captured: false });
}

/** What a request's pretty line is made from: the fields of its one JSON line (see `OneLinePerRequest`). */
interface RequestLogFields {
  req?: { method?: unknown; path?: unknown };
  res?: { statusCode?: unknown };
  responseTime?: unknown;
}

/** `GET /api/manage/:token 200 12 ms`, or undefined for a line that is not about an answered request. */
export function requestLine(log: RequestLogFields): string | undefined {
  const { req, res, responseTime } = log;
  if (typeof req?.method !== "string" || typeof req.path !== "string" || typeof res?.statusCode !== "number")
    return undefined;
  const time = typeof responseTime === "number" ? ` ${Math.round(responseTime)} ms` : "";
  return `${req.method} ${req.path} ${res.statusCode}${time}`;
}

/** Fields the pretty line leaves out: the request line says them, or they help only a machine. */
const IGNORED_FIELDS = "pid,hostname,reqId,req,res,responseTime";

/**
 * A destination that turns pino's JSON lines into one readable line each, written synchronously (no worker thread,
 * so no extra memory and no lines lost at exit). pino-pretty is loaded only here: the JSON path never loads it.
 */
export async function prettyDestination(destination?: DestinationStream): Promise<DestinationStream> {
  const { default: pinoPretty } = await import("pino-pretty");
  return pinoPretty({
    sync: true,
    destination: destination ?? 1,
    // Colours for a terminal only; a captured stream gets plain text.
    colorize: destination === undefined && pinoPretty.isColorSupported,
    translateTime: "HH:MM:ss",
    singleLine: true,
    ignore: IGNORED_FIELDS,
    messageFormat: (log, messageKey) => {
      const message = log[messageKey];
      return requestLine(log) ?? (typeof message === "string" ? message : "");
    },
  });
}

/**
 * Fastify logs a request twice (received, then answered); the pretty format logs it once, when answered, with its
 * route pattern, status and time. Fastify's other request logs (errors, streams cut short) stay as they are.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {
    // Said by the line written when the request is answered.
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const fields = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...fields, err: error }, "request errored");
    else reply.log.info(fields, "request completed");
  }
}
