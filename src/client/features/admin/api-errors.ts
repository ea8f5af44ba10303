/** Reading the errors apiRequest throws ("{status}: {body}"): the status, the server's message, field issues. */

/** The HTTP status of an error thrown by apiRequest ("{status}: {body}"), or null for any other error. */
export function errorStatus(error: unknown): number | null {
  if (!(error instanceof Error)) return null;
  const match = /^(\d{3}): /.exec(error.message);
  return match?.[1] ? Number(match[1]) : null;
}

/**
 * The server's own message inside an apiRequest error: the JSON body's `message` (or `error`) after the
 * "{status}: " prefix; a plain-text body as it is. Null when there is none to show.
 */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const match = /^\d{3}: ([\s\S]*)$/.exec(error.message);
  const body = match?.[1]?.trim();
  if (!body) return null;
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === "object") {
      for (const key of ["message", "error"] as const) {
        const value = (parsed as Record<string, unknown>)[key];
        if (typeof value === "string" && value.trim() !== "") return value.trim();
      }
      return null;
    }
    return typeof parsed === "string" && parsed.trim() !== "" ? parsed.trim() : null;
  } catch {
    // Not JSON: a proxy's or the status text; short plain text is still worth showing.
    return body.startsWith("<") || body.length > 300 ? null : body;
  }
}

/** Field errors of a 400 answer ({issues: [{path, message}]}), keyed by the first path segment. */
export function fieldIssues(error: unknown): Record<string, string> {
  if (!(error instanceof Error)) return {};
  const match = /^400: ([\s\S]*)$/.exec(error.message);
  if (!match?.[1]) return {};
  try {
    const parsed: unknown = JSON.parse(match[1]);
    if (!parsed || typeof parsed !== "object" || !("issues" in parsed) || !Array.isArray(parsed.issues)) {
      return {};
    }
    const result: Record<string, string> = {};
    for (const issue of parsed.issues as unknown[]) {
      if (!issue || typeof issue !== "object") continue;
      const { path, message } = issue as { path?: unknown; message?: unknown };
      const first: unknown = Array.isArray(path)
        ? path[0]
        : typeof path === "string"
          ? path.split(".")[0]
          : null;
      if (typeof first === "string" && first !== "" && typeof message === "string" && !(first in result)) {
        result[first] = message;
      }
    }
    return result;
  } catch {
    return {};
  }
}
