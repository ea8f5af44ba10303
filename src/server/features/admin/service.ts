import type { AdminAppointmentDetails, AdminStats } from "@shared/admin";
import { z } from "zod";
import { clinicDate } from "@shared/clinic-time";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { HttpError } from "../../http/errors";
import { toAdminAppointment } from "../booking/admin-list";
import { findAppointment } from "../booking/repository";
import { appointmentNotifications } from "../notifications/outbox-admin";
import * as repository from "./repository";

/** The dashboard's four figures; "today" is the clinic's date, not the server's. */
export function stats(db: Db, config: Config, now: Date): Promise<AdminStats> {
  return repository.dashboardStats(db, clinicDate(now, config.booking.timeZone));
}

/** Patients' requests to move an appointment, newest first. */
export async function rescheduleRequests(db: Db) {
  return { requests: await repository.listRescheduleRequests(db) };
}

/** One appointment as the dashboard's details show it: the patient, the payment, the links and every message. */
export async function appointmentDetails(
  db: Db,
  siteUrl: string,
  id: string,
): Promise<AdminAppointmentDetails> {
  const row = z.uuid().safeParse(id).success ? await findAppointment(db, id) : undefined;
  if (!row) throw new HttpError(404, "Appointment not found");
  return {
    appointment: toAdminAppointment(row, siteUrl),
    messages: await appointmentNotifications(db, row.id),
  };
}
