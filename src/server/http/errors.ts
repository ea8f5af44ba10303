import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { ApiErrorBody } from "@shared/api-error";
import { isDatabaseUnavailable, isTransactionConflict } from "../db/errors";
import { newRequestId } from "./request-id";
import { hasOwnTimeAllowance } from "./upload-time";

/**
 * An error whose message is written for the person who will read it; services throw it for 4xx answers. `details`
 * adds field issues, or further fields a client acts on (the appointments a schedule change would affect).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly details: { issues?: ApiErrorBody["issues"]; [field: string]: unknown } = {},
  ) {
    super(message);
    this.name = "HttpError";
  }
}

const DATABASE_UNAVAILABLE_MESSAGE = "The service is briefly unavailable. Please try again in a moment.";

const reasonPhrases: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  413: "Payload Too Large",
  408: "Request Timeout",
  414: "URI Too Long",
  415: "Unsupported Media Type",
  422: "Unprocessable Entity",
  429: "Too Many Requests",
  431: "Request Header Fields Too Large",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
};

function errorBody(
  request: FastifyRequest,
  statusCode: number,
  message: string,
  issues?: ApiErrorBody["issues"],
): ApiErrorBody {
  return {
    statusCode,
    error: reasonPhrases[statusCode] ?? (statusCode >= 500 ? "Internal Server Error" : "Bad Request"),
    message,
    requestId: request.id,
    ...(issues && issues.length > 0 ? { issues } : {}),
  };
}

function validationIssues(error: unknown): ApiErrorBody["issues"] {
  if (!hasZodFastifySchemaValidationErrors(error)) return undefined;
  return error.validation.map((issue) => ({
    path: issue.instancePath.replace(/^\//, "").replaceAll("/", "."),
    message: issue.message ?? "Invalid value",
  }));
}

/** Messages Fastify gives its own 4xx errors, reworded for people where the default is technical. */
function clientErrorMessage(error: FastifyError): string {
  if (error.statusCode === 414) return "The address is too long.";
  switch (error.code) {
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return "The request body is not valid JSON.";
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return "This address accepts JSON only (Content-Type: application/json).";
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return "The request is too large.";
    case "FST_ERR_BAD_URL":
      return "The address is not valid: it contains a malformed percent-encoded character.";
    default:
      return error.message;
  }
}

/** A page's address asked for by a browser (not the API): its errors are pages, not JSON. */
export function isPageRequest(request: FastifyRequest): boolean {
  return (
    (request.method === "GET" || request.method === "HEAD") &&
    !request.url.startsWith("/api/") &&
    request.url !== "/api"
  );
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A page's address with something no page has (a NUL, a parameter of a wrong shape) is an address of no page:
    // the site's 404 page, not an API error's JSON in the browser.
    const status = error instanceof HttpError ? error.statusCode : (error.statusCode ?? 500);
    if (isPageRequest(request) && (status === 400 || status === 404)) return reply.callNotFound();
    const issues = validationIssues(error);
    if (issues) {
      // Two fields wrong in the same way say it once.
      const message = [...new Set(issues.map((issue) => issue.message))].join(". ");
      return reply.status(400).send(errorBody(request, 400, message, issues));
    }
    if (error instanceof HttpError) {
      const { issues: fieldIssues, ...extra } = error.details;
      return reply
        .status(error.statusCode)
        .headers(error.headers)
        .send({ ...extra, ...errorBody(request, error.statusCode, error.message, fieldIssues) });
    }
    if (isUnstorableText(error)) {
      return reply
        .status(400)
        .send(errorBody(request, 400, "The request contains text that cannot be stored."));
    }
    const statusCode = error.statusCode ?? 500;
    if (statusCode >= 400 && statusCode < 500) {
      return reply.status(statusCode).send(errorBody(request, statusCode, clientErrorMessage(error)));
    }
    if (isTransactionConflict(error)) {
      // Another request changed the same rows at the same moment and PostgreSQL stopped this one: nothing was
      // written, and the same request again will likely go through.
      request.log.warn({ err: error }, "request stopped by a concurrent change");
      return reply.status(409).send(errorBody(request, 409, CONCURRENT_CHANGE_MESSAGE));
    }
    request.log.error({ err: error }, "request failed");
    if (isDatabaseUnavailable(error)) {
      // A restart or failover of PostgreSQL, not a fault: the client is told to try again, not that we broke.
      return reply
        .status(503)
        .header("retry-after", "5")
        .send(errorBody(request, 503, DATABASE_UNAVAILABLE_MESSAGE));
    }
    return reply.status(500).send(errorBody(request, 500, "Internal Server Error"));
  });
}

export const CONCURRENT_CHANGE_MESSAGE =
  "Someone else changed this at the same moment, so nothing was saved. Please try again.";

/** PostgreSQL's codes for text it cannot store (a NUL byte, an invalid character): the request's fault, not ours. */
const unstorableText = new Set(["22021", "22P05"]);

function isUnstorableText(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current === "object" && "code" in current && unstorableText.has(String(current.code)))
      return true;
    current = typeof current === "object" && "cause" in current ? current.cause : undefined;
  }
  return false;
}

/** Fastify's own errors raised before routing (a malformed URL): the one error shape with the request id. */
export function frameworkErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const statusCode =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply.status(statusCode).send(errorBody(request, statusCode, clientErrorMessage(error)));
}

/**
 * Errors Node's HTTP parser raises before there is a request (headers too large, a malformed request line): answered
 * on the socket in the one error shape, with a request id of their own, then the connection is closed.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) return;
  // An upload runs on its own, longer allowance (upload-time.ts); the server-wide request timeout does not cut it.
  if (error.code === "ERR_HTTP_REQUEST_TIMEOUT" && hasOwnTimeAllowance(socket)) return;
  const known: Record<string, [number, string]> = {
    HPE_HEADER_OVERFLOW: [431, "The request's headers are too large."],
    HPE_URI_TOO_LONG: [414, "The address is too long."],
    ERR_HTTP_REQUEST_TIMEOUT: [408, "The request took too long to arrive."],
  };
  const [statusCode, message] = known[error.code ?? ""] ?? [400, "The request is not valid HTTP."];
  const body = JSON.stringify({
    statusCode,
    error: reasonPhrases[statusCode] ?? STATUS_CODES[statusCode] ?? "Bad Request",
    message,
    requestId: newRequestId(),
  } satisfies ApiErrorBody);
  socket.end(
    `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode] ?? "Bad Request"}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Connection: close\r\n\r\n${body}`,
  );
}

export function sendApiNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply
    .status(404)
    .send(errorBody(request, 404, `No API route ${request.method} ${request.url.split("?")[0] ?? ""}`));
}
