import { bookingIdOf } from "@shared/booking";
import { clinicDate } from "@shared/clinic-time";
import { hearsOfRunningLate, type RunningLateResult } from "@shared/console";
import { appointmentInterval } from "@shared/schedule";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import {
  type AppointmentRow,
  consultationsOnDate,
  lockAppointment,
} from "../../core/appointments/repository";
import { enqueueRunningLateMessages, runningLateChannels } from "../../core/outbox/enqueue";
import { HttpError } from "../../http/errors";

/**
 * "Running late" on the console's Today page: one press tells the parents of the day's remaining consultations, by
 * e-mail and WhatsApp through the outbox, that the doctor is running about N minutes late.
 */

/**
 * Whether the parent of this booking hears of it at `now`: a confirmed consultation of the clinic's date whose parent
 * is not being asked to choose another time, and which has not ended by the clock (see `hearsOfRunningLate`).
 */
function hearsNow(row: AppointmentRow, timeZone: string, now: Date): boolean {
  return hearsOfRunningLate(
    {
      status: row.status,
      waitingForParent: row.doctorUnavailableSince !== null,
      endsAt: appointmentInterval(row, timeZone).endsAt,
    },
    now,
  );
}

/**
 * Queues the running-late message for every consultation of today (in the clinic's zone) still to come or under way
 * at `now`, in one transaction that locks those bookings, so a booking cancelled or moved meanwhile is left out and
 * two presses at once each get a message of their own. Answers whom it told, in time order.
 */
export async function tellParentsRunningLate(
  db: Db,
  config: Config,
  minutes: number,
  now: Date,
): Promise<RunningLateResult> {
  const { timeZone } = config.booking;
  const date = clinicDate(now, timeZone);
  const told = await db.transaction(async (tx) => {
    const candidates = (await consultationsOnDate(tx, date)).filter((row) => hearsNow(row, timeZone, now));
    const locked: AppointmentRow[] = [];
    // Locked in id order, as every other multi-row lock is taken, so two transactions cannot wait on each other.
    for (const { id } of [...candidates].sort((a, b) => a.id.localeCompare(b.id))) {
      const row = await lockAppointment(tx, id);
      if (row && row.appointmentDate === date && hearsNow(row, timeZone, now)) locked.push(row);
    }
    locked.sort((a, b) => a.appointmentTime.localeCompare(b.appointmentTime) || a.id.localeCompare(b.id));
    const newlyTold = await enqueueRunningLateMessages(tx, locked, minutes, now);
    if (locked.length > 0 && newlyTold.length === 0)
      throw new HttpError(
        409,
        `You told these parents less than two minutes ago that you are running about ${minutes} minutes late: they are not told twice.`,
      );
    return newlyTold;
  });
  return {
    minutes,
    notified: told.length,
    appointments: told.map((row) => ({
      id: row.id,
      bookingId: bookingIdOf(row.id),
      patientName: row.patientName,
      appointmentTime: row.appointmentTime,
      startsAt: appointmentInterval(row, timeZone).startsAt.toISOString(),
      channels: runningLateChannels(row),
    })),
  };
}
