import { is } from "drizzle-orm";
import { PgliteSession } from "drizzle-orm/pglite";
import type { Db } from "./client";

/**
 * Whether this database runs one transaction at a time: the embedded PGlite has one connection, inside this
 * process, and queues every query and transaction behind the one that is open. Locks that only order concurrent
 * transactions (the schedule's advisory lock) cost a statement there and order nothing.
 */
export function runsOneTransactionAtATime(db: Db): boolean {
  return is(db._.session, PgliteSession);
}
