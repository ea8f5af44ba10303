import type { AccessLogEntry, AccessLogView } from "@shared/patients";
import type { Db } from "../../db/client";
import { HttpError } from "../../http/errors";
import { accessLogRows, insertAccessLog, lastRowWasSame, PARENT_SESSION } from "./repository";

export type AccessAction = "view" | "change" | "download" | "export" | "erase";
export type AccessRecordType =
  | "appointment"
  | "patient"
  | "patient_list"
  | "appointment_list"
  | "message_list"
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

/** "1 version", "3 versions": counts in the log's words. */
export function countOf(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

/** The parent's manage link, for a read or change made through it. */
export const PARENT_LINK = PARENT_SESSION;

/**
 * Writes one row of the append-only access log. Called by every dashboard route that reads or changes a patient's
 * data, after the read or change succeeded, and by the parent's link for downloads, exports and erasure requests.
 */
export async function logAccess(db: Db, session: string, entry: AccessEntry, now: Date): Promise<void> {
  const row = {
    at: now,
    action: entry.action,
    recordType: entry.recordType,
    recordId: entry.recordId,
    detail: entry.detail ?? "",
    session,
  };
  // A page left open reads again every 20 or 30 seconds (Today, the calendar, the workspace's reports): the same
  // look, in the same words, by the same sign-in, with nothing about the record in between, is written once in ten
  // minutes, so the log shows what she did, not how long a tab stayed open. Anything new to her (another record,
  // another count, a read after a change) is a row of its own, and so is every search, whose words are not kept.
  if (
    entry.action === "view" &&
    !row.detail.startsWith("searched") &&
    (await lastRowWasSame(db, row, new Date(now.getTime() - REPEATED_VIEW_MS)))
  )
    return;
  await insertAccessLog(db, row);
}

const REPEATED_VIEW_MS = 10 * 60 * 1000;

const ACCESS_LOG_PAGE_SIZE = 100;

/** GET /api/admin/access-log: the newest rows first, a page at a time; `before` is the `next` of the last page. */
export async function accessLogPage(
  db: Db,
  before: string | undefined,
  show: AccessLogView = "all",
): Promise<{ entries: Omit<AccessLogEntry, "subject">[]; next: string | null }> {
  if (before !== undefined && !/^[1-9]\d{0,15}$/.test(before))
    throw new HttpError(400, "The cursor is not one this list gave out");
  const rows = await accessLogRows(
    db,
    before === undefined ? undefined : Number(before),
    ACCESS_LOG_PAGE_SIZE + 1,
    show,
  );
  const page = rows.slice(0, ACCESS_LOG_PAGE_SIZE);
  const last = page.at(-1);
  return {
    entries: page.map((row) => ({ ...row, id: String(row.id), at: row.at.toISOString() })),
    next: rows.length > ACCESS_LOG_PAGE_SIZE && last ? String(last.id) : null,
  };
}
