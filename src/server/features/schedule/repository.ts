import { asc, eq, gte, sql } from "drizzle-orm";
import type { ScheduleException, Session, TakenSlot, WeeklyTemplate } from "@shared/schedule";
import { type Db, rowsOf } from "../../db/client";
import { runsOneTransactionAtATime } from "../../db/one-at-a-time";
import { scheduleExceptions, scheduleSettings } from "../../db/schema";
import { availabilityChanged } from "../../core/appointments/availability-cache";

export interface StoredSettings {
  weekly: WeeklyTemplate;
  minNoticeMinutes: number;
  horizonDays: number;
}

/** What availability needs for a range of dates, read in one statement. */
interface ScheduleRows {
  /** Undefined until the doctor saves the weekly hours: the defaults apply. */
  settings: StoredSettings | undefined;
  exceptions: ScheduleException[];
  /** Slots held or booked in the range: confirmed or completed appointments and payment holds not yet lapsed. */
  taken: TakenSlot[];
}

interface ExceptionJson {
  id: string;
  kind: string;
  startsOn: string;
  endsOn: string;
  time: string | null;
  sessions: Session[] | null;
  note: string;
}

function toException(row: ExceptionJson): ScheduleException {
  const base = { id: row.id, startsOn: row.startsOn, endsOn: row.endsOn, note: row.note };
  if (row.kind === "hours") return { ...base, kind: "hours", sessions: row.sessions ?? [] };
  if (row.kind === "block") return { ...base, kind: "block", time: row.time ?? "" };
  return { ...base, kind: "leave" };
}

/** Drivers hand json columns over parsed; a string (from a driver that does not) is parsed here. */
function json<T>(value: unknown): T {
  return (typeof value === "string" ? JSON.parse(value) : value) as T;
}

/**
 * The settings row, the exceptions touching [from, to] and the slots taken in it, in one round trip: the month
 * calendar asks for 31 days at once, and a query per day (or per table) would multiply under load.
 */
export async function loadScheduleRows(db: Db, from: string, to: string, now: Date): Promise<ScheduleRows> {
  const result = await db.execute(sql`
    select
      (select json_build_object('weekly', weekly, 'minNoticeMinutes', min_notice_minutes,
                                'horizonDays', horizon_days)
         from schedule_settings where id = 1) as settings,
      (select coalesce(json_agg(json_build_object('id', id, 'kind', kind, 'startsOn', starts_on,
                                                  'endsOn', ends_on, 'time', slot_time, 'sessions', sessions,
                                                  'note', note) order by starts_on, created_at), '[]'::json)
         from schedule_exceptions where ends_on >= ${from} and starts_on <= ${to}) as exceptions,
      (select coalesce(json_agg(json_build_array(appointment_date, appointment_time, duration_minutes)),
                       '[]'::json)
         from appointments
        where appointment_date between ${from} and ${to}
          and (status in ('confirmed', 'completed')
               or (status = 'pending_payment' and hold_expires_at > ${now}))) as taken
  `);
  const [row] = rowsOf<{ settings: unknown; exceptions: unknown; taken: unknown }>(result);
  const settings = row?.settings ? json<StoredSettings>(row.settings) : undefined;
  return {
    settings,
    exceptions: json<ExceptionJson[]>(row?.exceptions ?? "[]").map(toException),
    taken: json<[string, string, number][]>(row?.taken ?? "[]").map(([date, time, durationMinutes]) => ({
      date,
      time,
      durationMinutes,
    })),
  };
}

export async function readSettings(db: Db): Promise<StoredSettings | undefined> {
  const [row] = await db
    .select({
      weekly: scheduleSettings.weekly,
      minNoticeMinutes: scheduleSettings.minNoticeMinutes,
      horizonDays: scheduleSettings.horizonDays,
    })
    .from(scheduleSettings)
    .where(eq(scheduleSettings.id, 1));
  return row ? { ...row, weekly: row.weekly as WeeklyTemplate } : undefined;
}

export async function saveSettings(db: Db, settings: StoredSettings, now: Date): Promise<void> {
  availabilityChanged();
  await db
    .insert(scheduleSettings)
    .values({ id: 1, ...settings, updatedAt: now })
    .onConflictDoUpdate({ target: scheduleSettings.id, set: { ...settings, updatedAt: now } });
}

/** Serialises changes to the schedule: two saves at once would each check the appointments against a stale plan. */
export async function lockSchedule(db: Db): Promise<void> {
  if (runsOneTransactionAtATime(db)) return;
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('clinic.schedule'))`);
}

/**
 * Taken by a payment about to confirm a booking: it waits for a schedule change in progress and holds the next one
 * back until it commits, so a booking is never confirmed on a date the doctor is just taking away.
 */
export async function lockScheduleForReading(db: Db): Promise<void> {
  if (runsOneTransactionAtATime(db)) return;
  await db.execute(sql`select pg_advisory_xact_lock_shared(hashtext('clinic.schedule'))`);
}

export type NewException =
  | { kind: "leave"; startsOn: string; endsOn: string; note: string }
  | { kind: "hours"; startsOn: string; endsOn: string; sessions: Session[]; note: string }
  | { kind: "block"; startsOn: string; endsOn: string; time: string; note: string };

export async function insertException(
  db: Db,
  exception: NewException,
  now: Date,
): Promise<ScheduleException> {
  availabilityChanged();
  const [row] = await db
    .insert(scheduleExceptions)
    .values({
      kind: exception.kind,
      startsOn: exception.startsOn,
      endsOn: exception.endsOn,
      slotTime: exception.kind === "block" ? exception.time : null,
      sessions: exception.kind === "hours" ? exception.sessions : null,
      note: exception.note,
      createdAt: now,
    })
    .returning();
  if (!row) throw new Error("Schedule exception insert returned no row");
  return fromRow(row);
}

/** Exceptions that last until a date or later, by first date: what the doctor's list shows. */
export async function exceptionsFrom(db: Db, date: string): Promise<ScheduleException[]> {
  const rows = await db
    .select()
    .from(scheduleExceptions)
    .where(gte(scheduleExceptions.endsOn, date))
    .orderBy(
      asc(scheduleExceptions.startsOn),
      asc(scheduleExceptions.slotTime),
      asc(scheduleExceptions.createdAt),
    );
  return rows.map(fromRow);
}

function fromRow(row: typeof scheduleExceptions.$inferSelect): ScheduleException {
  return toException({
    id: row.id,
    kind: row.kind,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    time: row.slotTime,
    sessions: row.sessions as Session[] | null,
    note: row.note,
  });
}

export async function findException(db: Db, id: string): Promise<ScheduleException | undefined> {
  const [row] = await db.select().from(scheduleExceptions).where(eq(scheduleExceptions.id, id)).limit(1);
  return row ? fromRow(row) : undefined;
}

export async function deleteException(db: Db, id: string): Promise<void> {
  availabilityChanged();
  await db.delete(scheduleExceptions).where(eq(scheduleExceptions.id, id));
}
