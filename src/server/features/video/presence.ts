import { PRESENCE_GONE_MS } from "@shared/video";
import { and, eq, gt, inArray, isNotNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { roomPresence } from "../../db/schema";

/** Who beat: the parent's page or the doctor's (the right host key). */
export type PresenceSide = "parent" | "doctor";

/** A time still counts as present when it is within a minute of now. */
const presentAt = (seenAt: Date | null, now: Date): boolean =>
  seenAt !== null && now.getTime() - seenAt.getTime() < PRESENCE_GONE_MS;

/**
 * Records that a side's page is open at `now` (or, leaving, that it closed), and answers the row as it stands. The
 * parent's arrival time is kept while they stay, and starts again when they come back after being gone.
 */
export async function beat(
  db: Db,
  appointmentId: string,
  side: PresenceSide,
  leaving: boolean,
  now: Date,
): Promise<typeof roomPresence.$inferSelect> {
  return db.transaction(async (tx) => {
    await tx.insert(roomPresence).values({ appointmentId }).onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(roomPresence)
      .where(eq(roomPresence.appointmentId, appointmentId))
      .for("update");
    const seen = leaving ? null : now;
    const change =
      side === "doctor"
        ? { doctorSeenAt: seen }
        : {
            parentSeenAt: seen,
            parentSince: leaving ? null : presentAt(row?.parentSeenAt ?? null, now) ? row?.parentSince : now,
          };
    const [updated] = await tx
      .update(roomPresence)
      .set(change)
      .where(eq(roomPresence.appointmentId, appointmentId))
      .returning();
    if (!updated) throw new Error("The presence row was not written");
    return updated;
  });
}

export function isPresent(seenAt: Date | null, now: Date): boolean {
  return presentAt(seenAt, now);
}

/** The appointments among `ids` whose parent is at the video page now, with since when. */
export async function parentsPresent(db: Db, ids: readonly string[], now: Date): Promise<Map<string, Date>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: roomPresence.appointmentId, since: roomPresence.parentSince })
    .from(roomPresence)
    .where(
      and(
        inArray(roomPresence.appointmentId, [...ids]),
        isNotNull(roomPresence.parentSince),
        gt(roomPresence.parentSeenAt, new Date(now.getTime() - PRESENCE_GONE_MS)),
      ),
    );
  return new Map(rows.flatMap((row) => (row.since ? [[row.id, row.since] as const] : [])));
}
