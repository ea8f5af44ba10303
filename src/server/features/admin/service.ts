import type { AdminStats } from "@shared/admin";
import { clinicDate } from "@shared/clinic-time";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import * as repository from "./repository";

/** The dashboard's four figures; "today" is the clinic's date, not the server's. */
export function stats(db: Db, config: Config, now: Date): Promise<AdminStats> {
  return repository.dashboardStats(db, clinicDate(now, config.booking.timeZone));
}
