import pino from "pino";
import { drainOutbox } from "../core/outbox/worker";
import { createDeliver } from "../features/notifications/deliver";
import { sweep } from "../features/payments/service";
import type { TestApp } from "./test-app";

/** A log that keeps nothing, for the jobs a test runs itself. */
export const silentLog = pino({ level: "silent" });

/** Sends what the app's outbox holds that is due at `now()`, as the outbox worker does; answers how many it handled. */
export function drainOutboxOf(t: TestApp, now: () => Date): Promise<number> {
  return drainOutbox(
    t.database.db,
    createDeliver(t.app.messaging),
    now,
    silentLog,
    undefined,
    t.app.metrics.counters,
  );
}

/** Runs the app's payment sweep at `now`, as its timer does: lapsed holds, refunds to retry, payments to settle. */
export function sweepPaymentsOf(t: TestApp, now: Date, options?: { lookBackMinutes?: number }) {
  return sweep(
    {
      db: t.database.db,
      config: t.config,
      gateway: t.gateway,
      log: silentLog,
      now,
      counters: t.app.metrics.counters,
    },
    options,
  );
}
