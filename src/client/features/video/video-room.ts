import { errorStatus } from "@/lib/api";

/** The doctor's link carries the host key as ?key=...; a patient's link has none. */
export function hostKeyFromSearch(search: string): string | undefined {
  const key = new URLSearchParams(search).get("key")?.trim();
  return key ? key : undefined;
}

/** Only a 404 means the room does not exist; anything else is a service problem the person can retry. */
export function isRoomNotFound(error: unknown): boolean {
  return errorStatus(error) === 404;
}

/**
 * What a failed look-up of the room says besides "Video Service Unavailable", from its status alone (the server's
 * own message is English, and the page speaks the address's language): the page asked too often (429), or the
 * server failed (5xx). Nothing more for a network failure or anything else: the card already says to check the
 * connection.
 */
export type LookupProblem = "busy" | "server";

export function lookupProblem(error: unknown): LookupProblem | undefined {
  const status = errorStatus(error);
  if (status === 429) return "busy";
  if (status !== null && status >= 500) return "server";
  return undefined;
}
