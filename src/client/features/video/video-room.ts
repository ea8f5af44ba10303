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
