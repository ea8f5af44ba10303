import { createHash } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { desc, lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accessLog } from "../../db/schema";
import { SESSION_COOKIE } from "../admin-auth/guard";

export type AccessAction = "view" | "change" | "download" | "export" | "erase";
export type AccessRecordType =
  | "appointment"
  | "patient"
  | "patient_list"
  | "upload"
  | "prescription"
  | "notes"
  | "erasure_request";

export interface AccessEntry {
  action: AccessAction;
  recordType: AccessRecordType;
  recordId: string;
  /** Words without personal data: "opened the details", "issued version 2". */
  detail?: string;
}

/** Who did it: a short hash of the admin session cookie (the cookie itself is a credential and is never stored). */
export function sessionRef(request: FastifyRequest): string {
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return "no session";
  return `admin ${createHash("sha256").update(token).digest("hex").slice(0, 16)}`;
}

/** The parent's manage link, for a read or change made through it. */
export const PARENT_LINK = "parent link";

/**
 * Writes one row of the append-only access log. Called by every dashboard route that reads or changes a patient's
 * data, after the read or change succeeded, and by the parent's link for downloads, exports and erasure requests.
 */
export async function logAccess(db: Db, session: string, entry: AccessEntry, now: Date): Promise<void> {
  await db.insert(accessLog).values({
    at: now,
    action: entry.action,
    recordType: entry.recordType,
    recordId: entry.recordId,
    detail: entry.detail ?? "",
    session,
  });
}

export interface AccessLogRow {
  id: string;
  at: string;
  action: string;
  recordType: string;
  recordId: string;
  detail: string;
  session: string;
}

/** The newest rows first, a page at a time; `before` is the `at` of the last row of the previous page. */
export async function accessLogPage(db: Db, before: Date | undefined, limit: number): Promise<AccessLogRow[]> {
  const rows = await db
    .select()
    .from(accessLog)
    .where(before ? lt(accessLog.at, before) : undefined)
    .orderBy(desc(accessLog.at), desc(accessLog.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
}
