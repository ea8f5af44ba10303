import type { AdminAppointment, AdminAppointmentPage, AdminAppointmentViewPage } from "@shared/admin";
import { bookingIdOf } from "@shared/booking";
import { clinicDate, isValidIsoDate } from "@shared/clinic-time";
import { appointmentInterval, isClockTime } from "@shared/schedule";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { HttpError } from "../../http/errors";
import { roomLinks } from "./video-links";
import { DEFAULT_LANGUAGE, isLanguage } from "@shared/i18n/languages";
import {
  type AppointmentRow,
  type AppointmentView,
  listAppointmentsPage,
  listAppointmentsView,
  type ViewCursor,
} from "./repository";

/** How long after its start a consultation nobody marked is put to the doctor as "awaiting outcome". */
const AWAITING_OUTCOME_AFTER_MS = 3 * 60 * 60_000;

/** The time now and the clinic's zone, for what depends on them (an appointment awaiting its outcome). */
interface ClinicClock {
  now: Date;
  timeZone: string;
}

/** A confirmed consultation that started three hours ago or more and was not marked completed or no-show. */
function isAwaitingOutcome(row: AppointmentRow, clock: ClinicClock): boolean {
  if (row.status !== "confirmed") return false;
  const { startsAt } = appointmentInterval(row, clock.timeZone);
  return clock.now.getTime() - startsAt.getTime() >= AWAITING_OUTCOME_AFTER_MS;
}

/** The slot a booking holds, its state and its price: what every view of a booking starts with. */
export function bookingState(row: AppointmentRow) {
  return {
    appointmentDate: row.appointmentDate,
    appointmentTime: row.appointmentTime,
    status: row.status as AdminAppointment["status"],
    paymentStatus: row.paymentStatus as AdminAppointment["paymentStatus"],
    amount: row.amount,
  };
}

export function toAdminAppointment(
  row: AppointmentRow,
  siteUrl: string,
  clock: ClinicClock,
): AdminAppointment {
  // While the parent chooses another time or a refund, the room of the old time is withdrawn: no links to share.
  const asked = row.status === "confirmed" ? row.doctorUnavailableSince : null;
  const links =
    row.videoRoomId && row.videoHostKey && !asked
      ? roomLinks(siteUrl, row.videoRoomId, row.videoHostKey, row.language)
      : undefined;
  return {
    id: row.id,
    bookingId: bookingIdOf(row.id),
    patientName: row.patientName,
    patientAge: row.patientAge,
    patientAgeMonths: row.patientAgeMonths,
    guardian: row.guardianName
      ? { name: row.guardianName, relationship: row.guardianRelationship ?? "" }
      : null,
    patientEmail: row.patientEmail,
    patientPhone: row.patientPhone,
    reasonForConsultation: row.reasonForConsultation,
    language: isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE,
    consultationType: row.consultationType === "follow_up" ? "follow_up" : "consultation",
    ...bookingState(row),
    paidAmount: row.paidAmount,
    refundAmount: row.refundAmount,
    statusNote: row.statusNote,
    awaitingOutcome: isAwaitingOutcome(row, clock),
    parentAskedAt: asked?.toISOString() ?? null,
    reschedules: row.rescheduleCount,
    createdAt: row.createdAt.toISOString(),
    videoRoomUrl: links?.patient ?? null,
    videoHostUrl: links?.host ?? null,
  };
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export async function listAppointments(
  db: Db,
  siteUrl: string,
  clock: ClinicClock,
  limit: number,
  cursor?: string,
): Promise<AdminAppointmentPage> {
  if (cursor !== undefined && !uuidPattern.test(cursor))
    throw new HttpError(400, "The cursor is not one this list gave out");
  const rows = await listAppointmentsPage(db, limit + 1, cursor);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    appointments: page.map((row) => toAdminAppointment(row, siteUrl, clock)),
    nextCursor: rows.length > limit && last ? last.id : null,
  };
}

/** A view's cursor is the last row's date, time and id: "2026-11-22_19:00_{uuid}". */
const viewCursorPattern = /^(\d{4}-\d{2}-\d{2})_(\d{2}:\d{2})_([0-9a-f-]{36})$/;

function parseViewCursor(cursor: string | undefined): ViewCursor | undefined {
  if (cursor === undefined) return undefined;
  const match = viewCursorPattern.exec(cursor);
  const [, date, time, id] = match ?? [];
  // A forged cursor must stop here: an impossible date reaching the query is a database error.
  if (!date || !time || !id || !isValidIsoDate(date) || !isClockTime(time) || !uuidPattern.test(id))
    throw new HttpError(400, "The cursor is not one this list gave out");
  return { date, time, id };
}

/**
 * GET /api/appointments?view=upcoming|past|cancelled: one of the dashboard's three lists, a page at a time, with the
 * number of appointments in it and the clinic's date (the day the dashboard highlights).
 */
export async function listAppointmentView(
  db: Db,
  config: Config,
  siteUrl: string,
  view: AppointmentView,
  options: { limit: number; cursor?: string | undefined; now: Date },
): Promise<AdminAppointmentViewPage> {
  const after = parseViewCursor(options.cursor);
  const today = clinicDate(options.now, config.booking.timeZone);
  const { rows, total } = await listAppointmentsView(db, view, {
    today,
    now: options.now,
    limit: options.limit + 1,
    ...(after ? { after } : {}),
  });
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  return {
    view,
    today,
    total,
    appointments: page.map((row) =>
      toAdminAppointment(row, siteUrl, { now: options.now, timeZone: config.booking.timeZone }),
    ),
    nextCursor:
      rows.length > options.limit && last
        ? `${last.appointmentDate}_${last.appointmentTime}_${last.id}`
        : null,
  };
}
