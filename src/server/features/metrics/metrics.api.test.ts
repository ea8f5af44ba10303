import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { drainOutboxOf } from "../../testing/app-jobs";
import { type MessagingStandIns, startMessagingStandIns } from "../../testing/messaging-stand-ins";
import { parseScrape, type Scrape } from "../../testing/prometheus-text";
import { useInSuite } from "../../testing/suite";
import { bookPaidAppointment, testClock, testEngines, useTestApp } from "../../testing/test-app";

/**
 * GET /metrics, read as Prometheus reads it: the counters move with what the site does, the gauges say what the
 * outbox holds, and no label carries a token or an id. Only the bearer token of METRICS_TOKEN opens it.
 */
const METRICS_TOKEN = randomBytes(32).toString("hex");
const START = "2026-11-21T10:00:00Z";

describe.each(testEngines)("metrics on %s", (engine) => {
  const clock = testClock(START);
  const messaging: MessagingStandIns = useInSuite(startMessagingStandIns);
  const t = useTestApp(engine, () => ({
    now: clock.now,
    env: { ...messaging.env, METRICS_TOKEN },
  }));

  const metrics = (authorization?: string) =>
    t.app.inject({
      method: "GET",
      url: "/metrics",
      headers: authorization === undefined ? {} : { authorization },
    });
  const scrape = async (): Promise<Scrape> => {
    const response = await metrics(`Bearer ${METRICS_TOKEN}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    return parseScrape(response.body);
  };

  it.each([
    ["no Authorization header", undefined],
    ["another token", `Bearer ${randomBytes(32).toString("hex")}`],
    ["the token cut short", `Bearer ${METRICS_TOKEN.slice(0, -1)}`],
    ["the token in another scheme", `Basic ${METRICS_TOKEN}`],
  ])("answers 401 with %s, and nothing of the metrics", async (_case, authorization) => {
    const response = await metrics(authorization);
    expect(response.statusCode).toBe(401);
    expect(response.headers["www-authenticate"]).toBe('Bearer realm="metrics"');
    expect(response.body).not.toContain("clinic_");
  });

  it("counts a booking, its payment, its refund and a message that failed, under route patterns only", async () => {
    const before = await scrape();
    // Before any happened, the series the alerts watch are there at 0, so that the first one is seen too.
    for (const [name, labels] of [
      ["clinic_refunds_failed_total", { reason: "rejected" }],
      ["clinic_refunds_failed_total", { reason: "unreachable" }],
      ["clinic_payment_verifications_total", { outcome: "confirmed" }],
      ["clinic_payment_verifications_total", { outcome: "gateway_error" }],
      ["clinic_outbox_deliveries_total", { channel: "whatsapp", outcome: "failed" }],
    ] as const)
      expect(before.has(name, labels), `${name} ${JSON.stringify(labels)}`).toBe(true);

    const { id, token } = await bookPaidAppointment(t.app);
    // More than 24 hours before the consultation: cancelled with everything refunded, paid out by the simulator.
    const cancelled = await t.app.inject({ method: "POST", url: `/api/manage/${token}/cancel`, payload: {} });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // A path no route takes, with the token in it, and a webhook with no valid signature.
    expect((await t.app.inject({ method: "GET", url: `/api/manage/${token}/nope` })).statusCode).toBe(404);
    const webhook = await t.app.inject({ method: "POST", url: "/api/payments/webhook", payload: {} });
    expect(webhook.statusCode).toBe(401);

    clock.advanceMinutes(2);
    const queued = await scrape();
    expect(queued.value("clinic_bookings_created_total")).toBe(
      before.value("clinic_bookings_created_total") + 1,
    );
    expect(queued.value("clinic_bookings_confirmed_total")).toBe(
      before.value("clinic_bookings_confirmed_total") + 1,
    );
    expect(queued.value("clinic_bookings_refunded_total")).toBe(
      before.value("clinic_bookings_refunded_total") + 1,
    );
    const confirmedChecks = { outcome: "confirmed" };
    expect(queued.value("clinic_payment_verifications_total", confirmedChecks)).toBeGreaterThan(
      before.value("clinic_payment_verifications_total", confirmedChecks),
    );
    expect(queued.value("clinic_payment_webhooks_total", { outcome: "rejected" })).toBe(
      before.value("clinic_payment_webhooks_total", { outcome: "rejected" }) + 1,
    );
    // The confirmation and the cancellation wait in the outbox, due since the clock moved on.
    expect(queued.value("clinic_outbox_depth", { channel: "email" })).toBeGreaterThan(0);
    expect(queued.value("clinic_outbox_oldest_due_age_seconds", { channel: "email" })).toBeGreaterThanOrEqual(
      120,
    );
    const manageRequests = { route: "/api/manage/:token/cancel", method: "POST", status_class: "2xx" };
    expect(queued.count("clinic_http_request_duration_seconds", manageRequests)).toBe(
      before.count("clinic_http_request_duration_seconds", manageRequests) + 1,
    );
    expect(
      queued.count("clinic_http_request_duration_seconds", {
        route: "unmatched",
        method: "GET",
        status_class: "4xx",
      }),
    ).toBeGreaterThan(0);

    // The mail server refuses every message for good: each e-mail fails at its first attempt.
    messaging.smtp.refuseNext(100, 550, "Mailbox unavailable");
    await drainOutboxOf(t, clock.now);
    messaging.smtp.refuseNext(0);
    const drained = await scrape();
    const failedMail = { channel: "email", outcome: "failed" };
    expect(drained.value("clinic_outbox_deliveries_total", failedMail)).toBeGreaterThan(
      queued.value("clinic_outbox_deliveries_total", failedMail),
    );
    expect(drained.value("clinic_outbox_oldest_due_age_seconds", { channel: "email" })).toBe(0);

    const secrets = [token, id, id.replaceAll("-", ""), METRICS_TOKEN];
    const leaked = drained.labelValues().filter((value) => secrets.some((secret) => value.includes(secret)));
    expect(leaked).toEqual([]);
  });

  it("reports request durations as a histogram, the process's memory and event-loop delay, and the pool on PostgreSQL only", async () => {
    const scraped = await scrape();
    expect(scraped.declared("histogram")).toContain("clinic_http_request_duration_seconds");
    expect(scraped.value("process_resident_memory_bytes")).toBeGreaterThan(0);
    expect(scraped.families.map((family) => family.name)).toContain("nodejs_eventloop_lag_p99_seconds");
    const pool = scraped.families.find((family) => family.name === "clinic_db_pool_max_connections");
    if (engine === "postgres") expect(Number(pool?.metrics[0]?.value)).toBeGreaterThan(0);
    else expect(pool).toBeUndefined();
  });
});

describe.each(testEngines)("metrics without METRICS_TOKEN on %s", (engine) => {
  const t = useTestApp(engine);

  it("answers /metrics as any unknown path, whatever token is sent", async () => {
    const unknown = await t.app.inject({ method: "GET", url: "/no-such-page" });
    const response = await t.app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toBe(unknown.headers["content-type"]);
  });
});
