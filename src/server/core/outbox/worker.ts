import type { FastifyBaseLogger } from "fastify";
import { addMinutes } from "date-fns";
import type { Db } from "../../db/client";
import { claimDue, finish, type OutboxRow } from "./repository";
import { TransportError } from "../../integrations/messaging/types";
import { type ClinicCounters, uncounted } from "../metrics/counters";

/** What became of one message. Errors are thrown instead: they are retried. */
export type DeliveryOutcome =
  | { status: "sent"; providerMessageId?: string }
  | { status: "skipped"; note: string }
  /** The channel is not set up (outside production): the message was written to a file under DATA_DIR/outbox. */
  | { status: "written_to_file"; note: string }
  | { status: "cancelled"; note: string };

type Deliver = (row: OutboxRow) => Promise<DeliveryOutcome>;

/** Waits after the 1st, 2nd... failed attempt; the 6th failure is final. */
export const RETRY_DELAYS_MINUTES = [1, 5, 30, 120, 120];
/** A row is locked this long while a worker sends it; a worker that dies frees it when the lock lapses. */
const LOCK_MINUTES = 5;
const BATCH = 10;

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 2000);
}

/**
 * How long to wait before writing a delivered message's result again when the write failed: the message went out,
 * so the row must say so, or it would be sent again when its lock lapses. Well inside LOCK_MINUTES in all.
 */
export const RECORD_RETRY_DELAYS_MS = [500, 2_000, 5_000, 15_000, 30_000];

type RowChanges = Parameters<typeof finish>[2];

/** The row's changes for a delivery that happened (sent, written to a file) or was decided against. */
function outcomeChanges(outcome: DeliveryOutcome, at: Date): RowChanges {
  if (outcome.status === "sent")
    return {
      status: "sent",
      sentAt: at,
      providerMessageId: outcome.providerMessageId ?? null,
      lastError: null,
      lockedUntil: null,
      updatedAt: at,
    };
  return {
    status: outcome.status,
    // A message written to a file is delivered as far as the site can take it: when is worth showing.
    ...(outcome.status === "written_to_file" ? { sentAt: at } : {}),
    lastError: outcome.note,
    lockedUntil: null,
    updatedAt: at,
  };
}

/** The row's changes for a delivery that failed: tried again later, or failed for good. */
function failureChanges(row: OutboxRow, error: unknown, at: Date, log: FastifyBaseLogger): RowChanges {
  const permanent = error instanceof TransportError && error.permanent;
  const delay = RETRY_DELAYS_MINUTES[row.attempts - 1];
  if (permanent || delay === undefined) {
    log.warn(
      { outboxId: row.id, kind: row.kind, channel: row.channel, attempts: row.attempts },
      "message failed for good",
    );
    return { status: "failed", lastError: errorText(error), lockedUntil: null, updatedAt: at };
  }
  return {
    status: "pending",
    dueAt: addMinutes(at, delay),
    lastError: errorText(error),
    lockedUntil: null,
    updatedAt: at,
  };
}

/**
 * Writes a delivered message's result, again and again while the database fails (a restart, a dropped connection):
 * a failed write is never taken for a failed delivery, which would send the message a second time.
 */
async function recordDelivered(
  db: Db,
  row: OutboxRow,
  changes: RowChanges,
  wait: (ms: number) => Promise<void>,
  log: FastifyBaseLogger,
): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await finish(db, row.id, changes);
    } catch (error) {
      const delay = RECORD_RETRY_DELAYS_MS[attempt];
      if (delay === undefined) throw error;
      log.warn(
        { outboxId: row.id, err: error },
        "a delivered message's result could not be written; trying again",
      );
      await wait(delay);
    }
  }
}

/** Sends one claimed row and records the result: sent, written to a file, skipped, cancelled, retried later, or failed. */
async function process(db: Db, deliver: Deliver, row: OutboxRow, deps: DrainDeps): Promise<void> {
  let outcome: DeliveryOutcome;
  try {
    outcome = await deliver(row);
  } catch (error) {
    const changes = failureChanges(row, error, deps.now(), deps.log);
    await finish(db, row.id, changes);
    deps.counters.outboxDelivery(row.channel, changes.status === "failed" ? "failed" : "retry");
    return;
  }
  await recordDelivered(db, row, outcomeChanges(outcome, deps.now()), deps.wait, deps.log);
  deps.counters.outboxDelivery(row.channel, outcome.status);
}

interface DrainDeps {
  now: () => Date;
  log: FastifyBaseLogger;
  /** Waits between writes of a delivered message's result (tests pass one that does not wait). */
  wait: (ms: number) => Promise<void>;
  counters: ClinicCounters;
}

const waitFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Claims and sends due messages until none is due. Safe to run in several processes at once. */
export async function drainOutbox(
  db: Db,
  deliver: Deliver,
  now: () => Date,
  log: FastifyBaseLogger,
  wait: (ms: number) => Promise<void> = waitFor,
  counters: ClinicCounters = uncounted,
): Promise<number> {
  let handled = 0;
  for (;;) {
    const at = now();
    const rows = await claimDue(db, at, addMinutes(at, LOCK_MINUTES), BATCH);
    if (rows.length === 0) return handled;
    for (const row of rows) await process(db, deliver, row, { now, log, wait, counters });
    handled += rows.length;
  }
}

/** The worker inside the server: drains the outbox every few seconds, one run at a time. */
export function startOutboxWorker(deps: {
  db: Db;
  deliver: Deliver;
  pollSeconds: number;
  log: FastifyBaseLogger;
  now?: () => Date;
  counters: ClinicCounters;
}) {
  const now = deps.now ?? (() => new Date());
  let running: Promise<unknown> | undefined;
  const tick = () => {
    if (running) return;
    running = drainOutbox(deps.db, deps.deliver, now, deps.log, waitFor, deps.counters)
      .catch((error: unknown) =>
        deps.log.error({ err: error }, "outbox worker run failed; it will run again"),
      )
      .finally(() => (running = undefined));
  };
  const timer = setInterval(tick, deps.pollSeconds * 1000);
  timer.unref();
  tick();
  return {
    /** Runs the outbox now (after a booking is confirmed) instead of waiting for the next poll. */
    nudge: tick,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
