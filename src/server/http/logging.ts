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

/**
 * Identifiers that open a booking or a call when someone has them: an order id (verify-payment issues a new manage
 * link; it is the appointment's id with a prefix), the appointment's id itself, a video room and its host key, a
 * report upload. Logged as their first characters only, enough to match log lines to a booking reference.
 */
const secretIdFields = [
  "orderId",
  // Refund ids are the appointment's id with a prefix and a counter, like order ids.
  "refundId",
  "appointmentId",
  "uploadId",
  "roomId",
  "videoRoomId",
  "hostKey",
  "videoHostKey",
];

const withNesting = (fields: readonly string[]) => [
  ...fields,
  ...fields.map((field) => `*.${field}`),
  ...fields.map((field) => `*.*.${field}`),
];

const redactedPaths = [
  ...withNesting(personalFields),
  ...withNesting(secretIdFields),
  "req.headers.cookie",
  "req.headers.authorization",
  'res.headers["set-cookie"]',
];

/** How many characters of a secret identifier a log keeps: a booking reference's worth, far too few to use it. */
const KEPT_CHARACTERS = 8;

/** The first characters of a secret (after a short type prefix such as "bk_"), then an ellipsis. */
function shortened(secret: string): string {
  const [, prefix = "", rest = secret] = /^([a-z]{1,4}_)?(.*)$/s.exec(secret) ?? [];
  return rest.length <= KEPT_CHARACTERS ? secret : `${prefix}${rest.slice(0, KEPT_CHARACTERS)}…`;
}

// Tokens, order ids, UUIDs and hex room ids and keys are all unbroken runs of 32 or more of these characters;
// words, SQL and stack frames hardly ever are (and lose nothing but their end when they are).
const secretShaped = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{32,}(?![A-Za-z0-9_-])/g;
// A host key travels in the query (`?key=`), and an address in a message may carry it.
const keyInQuery = /([?&]key=)[^&#\s"'`]+/g;

/** Text that may quote an address or an identifier (an error's message, a log message), with every secret cut short. */
function maskSecrets(text: string): string {
  return text.replace(secretShaped, shortened).replace(keyInQuery, "$1[redacted]");
}

function censor(value: unknown, path: string[]): unknown {
  const field = path.at(-1) ?? "";
  if (secretIdFields.includes(field)) return typeof value === "string" ? shortened(value) : "[redacted]";
  return "[redacted]";
}

/**
 * The fixed words of every route's address ("api", "manage", "uploads"). A request no route matched (a 404, an
 * address refused before routing) is logged with these words whole and every other part of its path cut short,
 * since that part may be a manage token or a room id with a typo.
 */
export class RouteWords {
  private readonly words = new Set<string>();

  add(pattern: string): void {
    for (const segment of pattern.split("/"))
      if (segment && !segment.startsWith(":") && !segment.includes("*")) this.words.add(segment);
  }

  has(word: string): boolean {
    return this.words.has(word);
  }
}

/** What the `req` serializer is given: Fastify's request, or a raw one where a plugin logs that. */
interface LoggedRequest {
  id?: string;
  method?: string;
  url?: string;
  is404?: boolean;
  routeOptions?: { url?: string | undefined };
}

/**
 * The path a request is logged under: its route's pattern (`/api/manage/:token`), which never holds a parameter, or
 * for a request no route took, its path with everything but known route words cut short.
 */
export function loggedPath(request: LoggedRequest, words: RouteWords): string {
  const pattern = request.is404 === false ? request.routeOptions?.url : undefined;
  if (pattern) return pattern;
  const path = (request.url ?? "").split("?")[0] ?? "";
  return path
    .split("/")
    .map((segment) => (segment === "" || words.has(segment) ? segment : shortened(segment)))
    .join("/");
}

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
    if (typeof value === "string") return maskSecrets(value.replace(sqlParams, "\nparams: [redacted]"));
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

/** The error a log call carries: given on its own (`log.error(error)`) or as `err` (`log.warn({ err })`). */
function loggedError(first: unknown): Error | undefined {
  if (first instanceof Error) return first;
  if (typeof first === "object" && first !== null && "err" in first && first.err instanceof Error)
    return first.err;
  return undefined;
}

export function loggerOptions(
  config: Config,
  stream?: DestinationStream,
  routeWords: RouteWords = new RouteWords(),
): FastifyServerOptions["logger"] {
  return {
    level: config.logLevel,
    redact: { paths: redactedPaths, censor },
    serializers: {
      err: scrubError,
      // Never the query (it carries host keys) nor a route's parameters (manage tokens, order ids, room ids).
      req: (request: LoggedRequest) => ({
        id: request.id,
        method: request.method,
        path: loggedPath(request, routeWords),
      }),
    },
    hooks: {
      // Messages are text: one that quotes an address (Fastify's own warnings do) has its secrets cut short too.
      logMethod(args, method) {
        const masked = args.map((arg: unknown) => (typeof arg === "string" ? maskSecrets(arg) : arg));
        // Logged with no message, an error lends pino its own message, which the serializer never sees.
        const error = loggedError(args[0]);
        if (error && masked.length === 1) masked.push(maskSecrets(error.message));
        return method.apply(this, masked as Parameters<typeof method>);
      },
    },
    // Readable lines for a terminal are made from these JSON lines by the stream (./pretty-log.ts).
    ...(stream ? { stream } : {}),
  };
}
