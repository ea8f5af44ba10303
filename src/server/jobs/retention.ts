import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config";
import type { Db } from "../db/client";
import type { RecordStore } from "../integrations/record-store/record-store";
import { applyRetention } from "../features/patients/service";
import { startPeriodic } from "./periodic";

const DAY_MS = 24 * 60 * 60_000;

/**
 * Once a day (and once at start): bookings whose consultation was more than RECORD_RETENTION_YEARS ago have their
 * uploads deleted and their record anonymised. Running it more often changes nothing; missing a day delays by a day.
 */
export function startRetentionJob(deps: {
  db: Db;
  config: Config;
  store: RecordStore;
  log: FastifyBaseLogger;
  siteUrl: string;
}): () => void {
  return startPeriodic(
    "retention job",
    DAY_MS,
    async () => {
      const erased = await applyRetention({ ...deps, now: new Date() });
      if (erased > 0)
        deps.log.info(
          { erased, retentionYears: deps.config.records.retentionYears },
          "retention: records past the retention period anonymised",
        );
    },
    deps.log,
  );
}
