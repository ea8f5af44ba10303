import { ApiError } from "@/lib/api";

/** Field errors of a 400 answer (`issues: [{path, message}]`), keyed by the first path segment. */
export function fieldIssues(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const result: Record<string, string> = {};
  for (const { path, message } of error.body?.issues ?? []) {
    const first = path.split(".")[0];
    if (first && !(first in result)) result[first] = message;
  }
  return result;
}
