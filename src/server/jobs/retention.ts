import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config";
import type { Db } from "../db/client";
import type { RecordStore } from "../integrations/record-store/record-store";
import { applyRetention } from "../features/patients/service";
import { removeOrphanedFiles } from "../features/uploads/service";
import { startPeriodic } from "./periodic";

const DAY_MS = 24 * 60 * 60_000;

interface RetentionDeps {
  db: Db;
  config: Config;
  store: RecordStore;
  log: FastifyBaseLogger;
  siteUrl: string;
}

/**
 * Once a day (and once at start): bookings whose consultation was more than RECORD_RETENTION_YEARS ago have their
 * uploads deleted and their record anonymised, and report files no upload refers to (left by a process stopped
 * during an upload) are removed. Running it more often changes nothing; missing a day delays by a day.
 */
export function startRetentionJob(deps: RetentionDeps): () => void {
  return startPeriodic("retention job", DAY_MS, () => runRetention(deps, new Date()), deps.log);
}

/** One run of the retention job, as of `now`. */
export async function runRetention(deps: RetentionDeps, now: Date): Promise<void> {
  const erased = await applyRetention({ ...deps, now });
  if (erased > 0)
    deps.log.info(
      { erased, retentionYears: deps.config.records.retentionYears },
      "retention: records past the retention period anonymised",
    );
  const removed = await removeOrphanedFiles(deps.db, deps.store, now);
  if (removed.temporary > 0 || removed.unreferenced > 0)
    deps.log.info(removed, "retention: report files no upload refers to removed");
}
