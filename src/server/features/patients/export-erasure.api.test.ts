import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { chunkedBody, endsWithLastChunk, pausedClient, statusOf } from "../../testing/raw-http";
import { engineAndStoreCases, recordsInS3Env, useRecordStore } from "../../testing/s3-stand-in";
import {
  askForErasure,
  bookingFor,
  bookPaidAppointment,
  TEST_SITE,
  useSiteApp,
} from "../../testing/test-app";
import { uploadReport } from "../../testing/multipart";

/**
 * The doctor confirms a parent's erasure while that parent's ZIP download is under way: the download still ends
 * whole, as a valid archive, never as a connection reset half-way through the body.
 */
// 21 Nov 2026, 3:30 PM IST; the consultation is two days later at 7:00 PM IST, erasure asked the day after.
const START = "2026-11-21T10:00:00Z";
const AFTER_CONSULTATION = "2026-11-24T06:00:00Z";
// Larger together than what the kernel takes in for a client that does not read, so the download is still reading
// the reports when the erasure comes.
const REPORTS = 3;
const REPORT_BYTES = 8_000_000;

describe.each(engineAndStoreCases)(
  "a download under way when erasure is confirmed, on %s with %s",
  (engine, store) => {
    const s3 = useRecordStore(store);
    const { clock, t } = useSiteApp(engine, START, () => ({ env: recordsInS3Env(s3) }));
    let port: number;

    beforeAll(async () => {
      await t.app.listen({ host: "127.0.0.1", port: 0 });
      port = (t.app.server.address() as AddressInfo).port;
    });

    it("ends the download whole, as a valid archive, with no reset", async () => {
      clock.set(START);
      const { token } = await bookPaidAppointment(t.app, bookingFor("Meera Joshi"));
      const reports = Array.from({ length: REPORTS }, () =>
        Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(REPORT_BYTES - 9)]),
      );
      for (const [index, bytes] of reports.entries()) {
        await uploadReport(t.app, token, `scan ${index + 1}.pdf`, bytes);
      }
      clock.set(AFTER_CONSULTATION);
      const erasure = await askForErasure(t.app, token, TEST_SITE);

      // The parent's download has started and is still reading the reports when the doctor confirms.
      const download = await pausedClient(port, "127.0.0.2", `/api/manage/${token}/export`);
      expect(statusOf(download.head)).toBe(200);
      expect((await erasure.confirm()).status).toBe("completed");

      const answer = await download.drain();
      expect(endsWithLastChunk(answer)).toBe(true);
      const files = unzipSync(chunkedBody(answer));
      expect(Object.keys(files)).toEqual(expect.arrayContaining(["README.txt", "booking.json"]));
      const notIncluded = new TextDecoder().decode(files["not-included.txt"] ?? new Uint8Array());
      const reportOf = (name: string) =>
        Object.entries(files).find(([path]) => path.startsWith("reports/") && path.endsWith(`-${name}`));
      for (const [index, bytes] of reports.entries()) {
        const name = `scan ${index + 1}.pdf`;
        const found = reportOf(name);
        if (store === "the local folder") {
          // Every stored file was opened before the first byte went out; deleting it later does not take it away.
          expect(Buffer.from(found?.[1] ?? []).equals(bytes), name).toBe(true);
        } else if (found) {
          expect(Buffer.from(found[1]).equals(bytes), name).toBe(true);
        } else {
          // A bucket cannot hold an object open: a report erased before the download reached it is named instead.
          expect(notIncluded).toContain(name);
        }
      }
      if (store === "the local folder") expect(files["not-included.txt"]).toBeUndefined();
      else expect(notIncluded).toMatch(/erased while this download was under way/);
      // The erasure itself went through: the link has nothing more to download.
      const after = await t.app.inject({ method: "GET", url: `/api/manage/${token}/export` });
      expect(after.statusCode).toBe(410);
    });
  },
);
