import { clinicDate } from "@shared/clinic-time";
import { appointmentInterval } from "@shared/schedule";
import type { AdminToday, TodayClosure } from "@shared/console";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { toAdminAppointment } from "../../core/appointments/admin-view";
import { consultationsOnDate, findAppointment } from "../../core/appointments/repository";
import { HttpError } from "../../http/errors";
import { latestRunningLate } from "../../core/outbox/enqueue";
import { followUpForDoctor } from "../follow-ups/service";
import { planOfDay } from "../schedule/service";
import { uploadCounts } from "../uploads/service";
import { parentsPresent } from "../video/service";
import { isUuid } from "../../db/uuid";

/** GET /api/admin/appointments/{id}/follow-up: the follow-up the consultation offers now, or why none. */
export async function followUpOfConsultation(db: Db, config: Config, siteUrl: string, id: string, now: Date) {
  const row = isUuid(id) ? await findAppointment(db, id) : undefined;
  if (!row?.paidAt) throw new HttpError(404, "Appointment not found");
  return followUpForDoctor(db, config, siteUrl, row, now);
}

// The week's read model and the running-late messages have files of their own; routes reach them through this
// service.
export { calendarOf } from "./calendar";
export { tellParentsRunningLate } from "./running-late";

/**
 * The doctor's day: today's consultations in time order, each with the reports its parent sent, and the times she
 * closed (leave, blocked slots), from the clinic's date at `now`.
 */
export async function doctorsDay(db: Db, config: Config, siteUrl: string, now: Date): Promise<AdminToday> {
  const { timeZone } = config.booking;
  const date = clinicDate(now, timeZone);
  const [rows, plan] = await Promise.all([consultationsOnDate(db, date), planOfDay(db, config, date, now)]);
  const ids = rows.map((row) => row.id);
  const [reports, waiting, late] = await Promise.all([
    uploadCounts(db, ids),
    parentsPresent(db, ids, now),
    latestRunningLate(db, ids),
  ]);
  const closures: TodayClosure[] = plan.leave
    ? [{ kind: "leave", note: plan.leave.note }]
    : plan.blocked.map(({ time, note }) => ({ kind: "blocked", time, note }));
  return {
    date,
    now: now.toISOString(),
    consultations: rows.map((row) => {
      const { startsAt, endsAt } = appointmentInterval(row, timeZone);
      return {
        appointment: toAdminAppointment(row, siteUrl, { now, timeZone }),
        startsAt: startsAt.toISOString(),
        endsAt: endsAt.toISOString(),
        reportCount: reports.get(row.id) ?? 0,
        parentWaitingSince: waiting.get(row.id)?.toISOString() ?? null,
      };
    }),
    closures,
    ownHours: plan.ownHours ?? null,
    runningLate: late ? { ...late, at: late.at.toISOString() } : null,
  };
}
