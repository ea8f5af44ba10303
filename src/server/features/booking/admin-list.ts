import type { AdminAppointment, AdminAppointmentPage } from "@shared/admin";
import { bookingIdOf } from "@shared/booking";
import type { Db } from "../../db/client";
import { HttpError } from "../../http/errors";
import { roomLinks } from "../video/links";
import { type AppointmentRow, listAppointmentsPage } from "./repository";

function toAdminAppointment(row: AppointmentRow, siteUrl: string): AdminAppointment {
  const links =
    row.videoRoomId && row.videoHostKey ? roomLinks(siteUrl, row.videoRoomId, row.videoHostKey) : undefined;
  return {
    id: row.id,
    bookingId: bookingIdOf(row.id),
    patientName: row.patientName,
    patientAge: row.patientAge,
    patientEmail: row.patientEmail,
    patientPhone: row.patientPhone,
    reasonForConsultation: row.reasonForConsultation,
    appointmentDate: row.appointmentDate,
    appointmentTime: row.appointmentTime,
    status: row.status as AdminAppointment["status"],
    paymentStatus: row.paymentStatus as AdminAppointment["paymentStatus"],
    amount: row.amount,
    paidAmount: row.paidAmount,
    refundAmount: row.refundAmount,
    statusNote: row.statusNote,
    createdAt: row.createdAt.toISOString(),
    videoRoomUrl: links?.patient ?? null,
    videoHostUrl: links?.host ?? null,
  };
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export async function listAppointments(
  db: Db,
  siteUrl: string,
  limit: number,
  cursor?: string,
): Promise<AdminAppointmentPage> {
  if (cursor !== undefined && !uuidPattern.test(cursor))
    throw new HttpError(400, "The cursor is not one this list gave out");
  const rows = await listAppointmentsPage(db, limit + 1, cursor);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    appointments: page.map((row) => toAdminAppointment(row, siteUrl)),
    nextCursor: rows.length > limit && last ? last.id : null,
  };
}
