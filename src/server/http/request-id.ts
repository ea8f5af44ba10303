import { randomUUID } from "node:crypto";

/** A random id per request, sent as `x-request-id` and in error bodies, and logged, to match a report to the log. */
export function newRequestId(): string {
  return randomUUID();
}
