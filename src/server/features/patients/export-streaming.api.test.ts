import { randomBytes } from "node:crypto";
import { readdirSync, readlinkSync } from "node:fs";
import { get } from "node:http";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { bookingFor, bookPaidAppointment, testEngines, useSiteApp } from "../../testing/test-app";
import {
  abandonedRequest,
  chunkedBody,
  endsWithLastChunk,
  pausedClient,
  statusOf,
} from "../../testing/raw-http";
import { sql } from "drizzle-orm";
import { uploadReport } from "../../testing/multipart";

/**
 * The parent's ZIP export over real sockets: a download whose reader stops taking bytes holds little memory, is
 * ended after the stall time with its stored files closed, and a booking's downloads at once are capped.
 */
// 21 Nov 2026, 3:30 PM IST; the consultation is two days later.
const START = "2026-11-21T10:00:00Z";
const REPORTS = 5;
const REPORT_BYTES = 10_000_000;
const STALLED_EXPORTS = 20;
const STALL_SECONDS = 2;
const HEALTH_CHECKS = 30;
const MB = 1024 * 1024;

/** A report as a phone's PDF app makes it: the PDF signature, then bytes that do not compress. */
function report(): Buffer {
  return Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(REPORT_BYTES - 9)]);
}

/** One GET /api/health on a new connection, and how long it took in milliseconds. */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Infinity;
}

function timedHealth(port: number): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolveTime, reject) => {
    const request = get({ host: "127.0.0.1", port, path: "/api/health", agent: false }, (response) => {
      response.resume();
      response.on("end", () =>
        resolveTime({ status: response.statusCode ?? 0, ms: performance.now() - started }),
      );
    });
    request.on("error", reject);
  });
}

/** Open file descriptors of this process that point into the folder. */
function openFilesUnder(directory: string): string[] {
  return readdirSync("/proc/self/fd")
    .map((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`);
      } catch {
        return "";
      }
    })
    .filter((target) => target.startsWith(`${directory}/`));
}

describe.each(testEngines)("the data export under stalled readers, on %s", (engine) => {
  const { t } = useSiteApp(engine, START, {
    env: { EXPORT_STALL_SECONDS: String(STALL_SECONDS), EXPORTS_PER_BOOKING: String(STALLED_EXPORTS) },
  });
  let port: number;
  let token: string;
  const reports: Buffer[] = [];

  beforeAll(async () => {
    ({ token } = await bookPaidAppointment(t.app, bookingFor("Anaya Pillai")));
    for (let index = 0; index < REPORTS; index += 1) {
      const bytes = report();
      reports.push(bytes);
      await uploadReport(t.app, token, `scan ${index + 1}.pdf`, bytes);
    }
    await t.app.listen({ host: "127.0.0.1", port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });

  /** Resolves when the server has closed this many export answers; RSS is sampled meanwhile. */
  function exportsClosed(count: number): Promise<void> {
    let closed = 0;
    return new Promise((resolveClosed) => {
      t.app.server.on("request", (request, response) => {
        if (!request.url?.endsWith("/export")) return;
        response.once("close", () => {
          closed += 1;
          if (closed === count) resolveClosed();
        });
      });
    });
  }

  it("holds little memory for readers that never read, keeps /api/health fast, and ends them after the stall time with their files closed", async () => {
    const path = `/api/manage/${token}/export`;
    const recordsDir = resolve(t.config.records.localDir);
    const allClosed = exportsClosed(STALLED_EXPORTS);
    const baseline = process.memoryUsage.rss();
    let peak = baseline;
    let tooMuch: (() => void) | undefined;
    const overBudget = new Promise<never>((_, reject) => {
      tooMuch = () => reject(new Error(`RSS rose by ${Math.round((peak - baseline) / MB)} MB`));
    });
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage.rss());
      if (peak - baseline >= 50 * MB) tooMuch?.();
    }, 5);
    const started = performance.now();
    try {
      const clients = await Promise.all(
        Array.from({ length: STALLED_EXPORTS }, (_, index) =>
          pausedClient(port, `127.0.0.${index + 2}`, path),
        ),
      );
      for (const client of clients) expect(statusOf(client.head)).toBe(200);
      // One more download of the same booking at once is over the cap.
      const extra = await t.app.inject({ method: "GET", url: path, remoteAddress: "127.0.1.1" });
      expect(extra.statusCode).toBe(429);
      expect(extra.json<{ message: string }>().message).toMatch(/already being downloaded/);

      // While the 20 downloads are stalled, the site answers others at once.
      const health: number[] = [];
      for (let check = 0; check < HEALTH_CHECKS; check += 1) {
        const answer = await timedHealth(port);
        expect(answer.status).toBe(200);
        health.push(answer.ms);
      }
      await Promise.race([allClosed, overBudget]).finally(() => clearInterval(sampler));
      const endedAfter = performance.now() - started;

      expect(peak - baseline, `RSS rose by ${Math.round((peak - baseline) / MB)} MB`).toBeLessThan(50 * MB);
      // Stalled downloads that blocked the server would slow every check; one slow check alone is
      // the machine's other work (the suite runs files in parallel), so the median carries the claim.
      const answered = `health answered in ${health.map(Math.round).join(", ")} ms`;
      expect(median(health), answered).toBeLessThan(50);
      expect(Math.max(...health), answered).toBeLessThan(1000);
      expect(endedAfter).toBeGreaterThanOrEqual(STALL_SECONDS * 1000);
      // No stored report is held open by an export that was ended.
      expect(openFilesUnder(recordsDir)).toEqual([]);
      // A stalled reader that reads at last finds a download cut short, never a complete one.
      for (const raw of await Promise.all(clients.map((client) => client.drain()))) {
        expect(statusOf(raw)).toBe(200);
        expect(raw.length).toBeLessThan(REPORTS * REPORT_BYTES);
        expect(endsWithLastChunk(raw)).toBe(false);
      }
    } finally {
      clearInterval(sampler);
    }
  });

  it("lets a booking hold five single-report downloads at once, ends those whose readers never read, with the files closed", async () => {
    const listed = await t.app.inject({ method: "GET", url: `/api/manage/${token}/uploads` });
    const [first] = listed.json<{ uploads: { id: string }[] }>().uploads;
    const path = `/api/manage/${token}/uploads/${first?.id ?? ""}`;
    const recordsDir = resolve(t.config.records.localDir);
    let closed = 0;
    const allClosed = new Promise<void>((resolveClosed) => {
      t.app.server.on("request", (request, response) => {
        if (request.url !== path) return;
        response.once("close", () => {
          closed += 1;
          if (closed === 10) resolveClosed();
        });
      });
    });
    const clients = await Promise.all(
      Array.from({ length: 10 }, (_, index) => pausedClient(port, `127.0.2.${index + 2}`, path)),
    );
    // As many at once as a booking has reports, from any addresses; the rest are told to wait, with no file opened.
    const statuses = clients.map((client) => statusOf(client.head)).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429, 429, 429]);
    await allClosed;
    expect(openFilesUnder(recordsDir)).toEqual([]);
    for (const raw of await Promise.all(clients.map((client) => client.drain()))) {
      expect(raw.length).toBeLessThan(REPORT_BYTES);
      if (statusOf(raw) === 429)
        expect(raw.toString("latin1")).toContain(
          "This booking's reports are already being downloaded. Please let a download finish, then try again.",
        );
    }
    // Once they have ended, the booking's places are free again: a reader that reads gets the whole file.
    const whole = await (await pausedClient(port, "127.0.2.30", path)).drain();
    expect(statusOf(whole)).toBe(200);
    expect(whole.length).toBeGreaterThan(REPORT_BYTES);
  });

  it("frees a booking's download places when the parent hangs up while the server is still looking the booking up", async () => {
    const listed = await t.app.inject({ method: "GET", url: `/api/manage/${token}/uploads` });
    const [first] = listed.json<{ uploads: { id: string }[] }>().uploads;
    const reportPath = `/api/manage/${token}/uploads/${first?.id ?? ""}`;
    const exportPath = `/api/manage/${token}/export`;
    // The database is held up (a lock, a slow disk): every request waits at its first query of the manage link.
    let release = () => {};
    const held = new Promise<void>((resolveHeld) => (release = resolveHeld));
    let locked = () => {};
    const isLocked = new Promise<void>((resolveLocked) => (locked = resolveLocked));
    const holding = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`LOCK TABLE manage_links IN ACCESS EXCLUSIVE MODE`);
      locked();
      await held;
    });
    await isLocked;
    // More parents than the booking has places hang up meanwhile, for the reports and for the export.
    await Promise.all([
      ...Array.from({ length: 6 }, () => abandonedRequest(t.app.server, port, reportPath)),
      ...Array.from({ length: STALLED_EXPORTS + 1 }, () => abandonedRequest(t.app.server, port, exportPath)),
    ]);
    release();
    await holding;
    // Once the lookups behind them have run, the places are free again: a parent who stays gets the whole file.
    const whole = async (path: string) => {
      const deadline = Date.now() + 15_000;
      let raw = await (await pausedClient(port, "127.0.3.1", path)).drain();
      while (statusOf(raw) === 429 && Date.now() < deadline)
        raw = await (await pausedClient(port, "127.0.3.1", path)).drain();
      return raw;
    };
    expect(statusOf(await whole(reportPath))).toBe(200);
    expect(statusOf(await whole(exportPath))).toBe(200);
  });

  it("gives a whole ZIP of every report to a reader that reads, once the stalled downloads are over", async () => {
    const raw = await (await pausedClient(port, "127.0.2.1", `/api/manage/${token}/export`)).drain();
    expect(statusOf(raw)).toBe(200);
    expect(endsWithLastChunk(raw)).toBe(true);
    const files = unzipSync(chunkedBody(raw));
    // Reports uploaded in the same instant are numbered in no set order; each is found by its own name.
    const reportOf = (name: string) =>
      Object.entries(files).find(([path]) => path.startsWith("reports/") && path.endsWith(`-${name}`))?.[1];
    for (const [index, bytes] of reports.entries())
      expect(Buffer.from(reportOf(`scan ${index + 1}.pdf`) ?? []).equals(bytes)).toBe(true);
    expect(new TextDecoder().decode(files["receipt.pdf"]?.subarray(0, 5))).toBe("%PDF-");
  });
});
