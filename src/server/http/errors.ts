import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { ApiErrorBody } from "@shared/api-error";

/** An error whose message is written for the person who will read it; services throw it for 4xx answers. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "HttpError";
  }
}

const reasonPhrases: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Entity",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
};

export function errorBody(
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
  switch (error.code) {
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return "The request body is not valid JSON.";
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return "This address accepts JSON only (Content-Type: application/json).";
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return "The request is too large.";
    default:
      return error.message;
  }
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const issues = validationIssues(error);
    if (issues) {
      const message = issues.map((issue) => issue.message).join(". ");
      return reply.status(400).send(errorBody(request, 400, message, issues));
    }
    if (error instanceof HttpError) {
      return reply
        .status(error.statusCode)
        .headers(error.headers)
        .send(errorBody(request, error.statusCode, error.message));
    }
    const statusCode = error.statusCode ?? 500;
    if (statusCode >= 400 && statusCode < 500) {
      return reply.status(statusCode).send(errorBody(request, statusCode, clientErrorMessage(error)));
    }
    request.log.error({ err: error }, "request failed");
    return reply.status(500).send(errorBody(request, 500, "Internal Server Error"));
  });
}

export function sendApiNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply
    .status(404)
    .send(errorBody(request, 404, `No API route ${request.method} ${request.url.split("?")[0] ?? ""}`));
}
