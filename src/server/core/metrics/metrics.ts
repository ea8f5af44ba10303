import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { PoolUse } from "../../db/client";
import {
  type ClinicCounters,
  DELIVERY_OUTCOMES,
  REFUND_FAILURES,
  VERIFICATION_OUTCOMES,
  WEBHOOK_OUTCOMES,
} from "./counters";

/**
 * The site's Prometheus metrics: one registry per app (tests build many apps in one process, so prom-client's global
 * registry would mix their figures), holding
 * - the counters of ./counters.ts (bookings, payment checks, webhooks, refunds, outbox deliveries),
 * - the HTTP request durations by route pattern,
 * - gauges read from the database when scraped (the outbox queue, the PostgreSQL pool),
 * - Node's own figures (memory, event-loop delay, garbage collection), when asked for.
 *
 * Another part of the site adds a metric of its own by naming this registry:
 * `new Gauge({ name: "clinic_...", help: "...", registers: [metrics.registry], collect() { ... } })`.
 */
export interface Metrics {
  /** What GET /metrics answers. */
  readonly registry: Registry;
  readonly counters: ClinicCounters;
  /** One answered request: its route pattern (never its path), method and status. */
  observeRequest(request: RequestLabels, seconds: number): void;
}

export interface RequestLabels {
  /** The route's pattern (`/api/manage/:token`), or UNMATCHED_ROUTE for a request no route took. */
  route: string;
  method: string;
  statusCode: number;
}

/** The one label of every request no route took: its path may hold a mistyped token, and paths are unbounded. */
export const UNMATCHED_ROUTE = "unmatched";

/** One channel's outbox queue, as core/outbox's `queueByChannel` answers it. */
interface ChannelQueue {
  channel: string;
  waiting: number;
  oldestDueAt: Date | null;
}

export interface MetricSources {
  /** The app's clock: the age of the oldest due message is measured against it. */
  now: () => Date;
  outboxQueue: () => Promise<readonly ChannelQueue[]>;
  /** The PostgreSQL pool's use; absent on the embedded database, which has no pool. */
  poolUse?: (() => PoolUse) | undefined;
  /**
   * Node's default metrics. prom-client starts an event-loop delay monitor and a garbage-collection observer for
   * them that it never stops, so only an app whose metrics someone reads (METRICS_TOKEN set) collects them.
   */
  processMetrics: boolean;
}

/** The channels the outbox sends on, reported even while empty so that an alert sees a zero rather than nothing. */
const CHANNELS = ["email", "whatsapp"] as const;

/** From 5 ms to 10 s: a page from memory takes about a millisecond, an upload of a report several seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const HTTP_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

export function createMetrics(sources: MetricSources): Metrics {
  const registry = new Registry();
  const registers = [registry];
  if (sources.processMetrics) collectDefaultMetrics({ register: registry });

  const duration = new Histogram({
    name: "clinic_http_request_duration_seconds",
    help: "Time to answer a request, by route pattern, method and status class (2xx, 4xx...).",
    labelNames: ["route", "method", "status_class"] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });
  registerOutboxGauges(registry, sources);
  if (sources.poolUse) registerPoolGauges(registry, sources.poolUse);

  return {
    registry,
    counters: createCounters(registry),
    observeRequest: ({ route, method, statusCode }, seconds) =>
      duration.observe(
        {
          route,
          // Node accepts methods beyond these (PROPFIND...); each would be a series of its own.
          method: HTTP_METHODS.has(method) ? method : "other",
          status_class: `${Math.floor(statusCode / 100)}xx`,
        },
        seconds,
      ),
  };
}

function createCounters(registry: Registry): ClinicCounters {
  const registers = [registry];
  const counter = <Label extends string>(name: string, help: string, labelNames: readonly Label[] = []) =>
    new Counter<Label>({ name, help, labelNames, registers });
  const bookings = {
    created: counter("clinic_bookings_created_total", "Bookings made: a slot held for its payment."),
    confirmed: counter("clinic_bookings_confirmed_total", "Bookings confirmed by their payment."),
    expired: counter("clinic_bookings_expired_total", "Payment holds released because their time ran out."),
    refunded: counter("clinic_bookings_refunded_total", "Refunds the payment gateway reported as paid out."),
  };
  const verifications = counter(
    "clinic_payment_verifications_total",
    "Payment checks from the result page, by the booking's outcome (confirmed, pending, refunded...) or the error.",
    ["outcome"],
  );
  const webhooks = counter(
    "clinic_payment_webhooks_total",
    "Webhooks from the payment gateway: handled, duplicate, ignored (unknown order), rejected (bad signature), error.",
    ["outcome"],
  );
  const refundsFailed = counter(
    "clinic_refunds_failed_total",
    "Refunds the gateway refused (rejected), and refund requests that did not reach it (unreachable; retried).",
    ["reason"],
  );
  const deliveries = counter(
    "clinic_outbox_deliveries_total",
    "Attempts to send an outbox message, by channel and outcome (sent, written_to_file, retry, failed...).",
    ["channel", "outcome"],
  );
  // Series an alert watches start at 0, so that `increase()` sees the first event after a start too.
  for (const reason of REFUND_FAILURES) refundsFailed.inc({ reason }, 0);
  for (const outcome of WEBHOOK_OUTCOMES) webhooks.inc({ outcome }, 0);
  for (const outcome of VERIFICATION_OUTCOMES) verifications.inc({ outcome }, 0);
  for (const channel of CHANNELS)
    for (const outcome of DELIVERY_OUTCOMES) deliveries.inc({ channel, outcome }, 0);
  return {
    bookings: (event, count = 1) => {
      if (count > 0) bookings[event].inc(count);
    },
    paymentVerification: (outcome) => verifications.inc({ outcome }),
    paymentWebhook: (outcome) => webhooks.inc({ outcome }),
    refundFailed: (reason) => refundsFailed.inc({ reason }),
    outboxDelivery: (channel, outcome) => deliveries.inc({ channel, outcome }),
  };
}

/** Both outbox gauges come from one query per scrape: the first gauge collected starts it, the other shares it. */
function registerOutboxGauges(registry: Registry, sources: MetricSources): void {
  const queue = sharedWhileRunning(sources.outboxQueue);
  const readErrors = new Counter({
    name: "clinic_metrics_read_errors_total",
    help: "Scrapes whose outbox figures could not be read from the database (the gauges were left out).",
    registers: [registry],
  });
  const gauge = (name: string, help: string, value: (row: ChannelQueue, now: Date) => number): void => {
    new Gauge({
      name,
      help,
      labelNames: ["channel"],
      registers: [registry],
      async collect() {
        this.reset();
        let rows: readonly ChannelQueue[];
        try {
          rows = await queue();
        } catch {
          // The database is down: the other figures still matter, and the health check reports the database.
          if (name === OUTBOX_DEPTH) readErrors.inc();
          return;
        }
        const now = sources.now();
        for (const channel of new Set([...CHANNELS, ...rows.map((row) => row.channel)])) {
          const row = rows.find((candidate) => candidate.channel === channel);
          this.set({ channel }, row ? value(row, now) : 0);
        }
      },
    });
  };
  gauge(
    OUTBOX_DEPTH,
    "Messages waiting to be sent (due, waiting for a retry, or being sent).",
    (row) => row.waiting,
  );
  gauge(
    "clinic_outbox_oldest_due_age_seconds",
    "How long the oldest message that is due has waited to be sent; 0 when none is due.",
    (row, now) => (row.oldestDueAt ? Math.max(0, (now.getTime() - row.oldestDueAt.getTime()) / 1000) : 0),
  );
}

const OUTBOX_DEPTH = "clinic_outbox_depth";

function registerPoolGauges(registry: Registry, poolUse: () => PoolUse): void {
  const gauge = (name: string, help: string, value: (use: PoolUse) => number): void => {
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(value(poolUse()));
      },
    });
  };
  gauge("clinic_db_pool_connections", "PostgreSQL connections the pool holds open.", (use) => use.total);
  gauge("clinic_db_pool_idle_connections", "Of those, connections not running a query.", (use) => use.idle);
  gauge("clinic_db_pool_waiting_queries", "Queries waiting for a free connection.", (use) => use.waiting);
  gauge("clinic_db_pool_max_connections", "The pool's size.", (use) => use.max);
}

/** Calls `load` once for every caller that asks while a call is running. */
function sharedWhileRunning<T>(load: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  return () =>
    (running ??= load().finally(() => {
      running = undefined;
    }));
}
