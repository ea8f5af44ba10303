import type { ApiErrorBody } from "@shared/api-error";

/**
 * A non-OK answer of the API: its status and, when the server sent it, the one error shape. `message` is what a
 * person may read: the server's message, else a short plain-text body, else the status text.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody | null,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** The server's own message of an API error, when there is one a person should read; null otherwise. */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.body) return error.body.message.trim() || error.body.error?.trim() || null;
  return error.message.trim() || null;
}

/** The HTTP status of an API error, or null for anything else (a network failure, a bug). */
export function errorStatus(error: unknown): number | null {
  return error instanceof ApiError ? error.status : null;
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { message?: unknown }).message === "string"
  );
}

async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text();
  let body: ApiErrorBody | null = null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (isErrorBody(parsed)) body = parsed;
  } catch {
    // Not JSON: a proxy's page or plain text.
  }
  // A proxy's HTML page or a long text is nobody's message; the status text says enough.
  const readableText = text.trim() !== "" && !text.trimStart().startsWith("<") && text.length <= 300;
  const message =
    body?.message || (readableText ? text.trim() : response.statusText || `HTTP ${response.status}`);
  return new ApiError(response.status, body, message);
}

/** Every call sends credentials and JSON; a non-OK answer throws an ApiError. */
export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  // A file (an image the doctor uploads) goes as the body itself, with its own type; anything else as JSON.
  const file = data instanceof Blob ? data : undefined;
  const response = await fetch(url, {
    method,
    headers:
      data === undefined
        ? {}
        : { "Content-Type": file ? file.type || "application/octet-stream" : "application/json" },
    body: data === undefined ? undefined : (file ?? JSON.stringify(data)),
    credentials: "include",
  });
  if (!response.ok) throw await toApiError(response);
  return response;
}

/** A call whose answer is JSON of a known type. */
export async function apiJson<T>(method: string, url: string, data?: unknown): Promise<T> {
  return (await (await apiRequest(method, url, data)).json()) as T;
}

/** A read: GET, answered as JSON. */
export function apiGet<T>(url: string): Promise<T> {
  return apiJson<T>("GET", url);
}
