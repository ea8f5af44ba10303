import type { FastifyBaseLogger } from "fastify";
import type { BackupGuard } from "../features/backup/routes";
import { runScheduledBackup, type BackupDeps } from "../features/backup/service";
import { startPeriodic } from "./periodic";

/** Looked at every minute: the day's backup starts within a minute of BACKUP_SCHEDULE. */
const CHECK_MS = 60_000;

/**
 * The daily backup at BACKUP_SCHEDULE in the clinic's zone (a server started after that time makes the day's at
 * once). Each run is recorded, so the dashboard and the metrics show a failure; the next minute's check does not
 * repeat a day that failed, the next day's does.
 */
export function startScheduledBackups(
  deps: BackupDeps,
  guard: BackupGuard,
  log: FastifyBaseLogger,
): () => void {
  if (!deps.config.schedule) return () => undefined;
  return startPeriodic(
    "the scheduled backup",
    CHECK_MS,
    async () => {
      if (guard.busy()) return;
      const made = await guard(() => runScheduledBackup(deps));
      if (made) log.info({ location: made.location, bytes: made.bytes }, "scheduled backup written");
    },
    log,
  );
}
