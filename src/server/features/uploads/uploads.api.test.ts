import { once } from "node:events";
import { readdirSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { and, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ApiErrorBody } from "@shared/api-error";
import type { CreatedAppointment, CreatedOrder, PaymentVerification } from "@shared/booking";
import {
  type AdminReportUploads,
  MAX_REPORT_BYTES,
  type ParentReportUploads,
  type ReportUpload,
  UPLOAD_MESSAGES,
} from "@shared/uploads";
import { accessLog, appointments, reportUploads } from "../../db/schema";
import {
  addressesUnder,
  bookingConsent,
  bookPaidAppointment,
  signInAsAdmin,
  testClock,
  testEngines,
  useTestApp,
} from "../../testing/test-app";
import { listUploads, removeAllUploads } from "./service";
import { MULTIPART_BOUNDARY, multipartFile as multipart } from "../../testing/multipart";

/**
 * Reports before the call, through the API as the parent's manage page and the doctor's dashboard use it: the type
 * from the content, the limits enforced while the file streams, the cap under concurrency, who may read a file, and
 * the access log of the doctor's reads.
 */
// 21 Nov 2026, 3:30 PM IST; the consultations below are on later days at 7:00 PM IST (13:30Z) and after.
const START = "2026-11-21T10:00:00Z";
const BOUNDARY = MULTIPART_BOUNDARY;

// ---------------------------------------------------------------------------------------------------------------
// Files as phones and scanners make them (their first bytes; the rest is filler)

function filler(length: number, seed = 31): Buffer {
  return Buffer.from(Array.from({ length }, (_, index) => (index * seed + 7) % 256));
}

const samples = {
  pdf: Buffer.concat([Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n", "latin1"), filler(40_000)]),
  jpeg: Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from("JFIF\0"),
    filler(25_000),
  ]),
  png: Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
    Buffer.from("IHDR"),
    Buffer.from([0, 0, 1, 0, 0, 0, 1, 0, 8, 2, 0, 0, 0, 0x90, 0x77, 0x53, 0xde, 0, 0, 0x10, 0]),
    Buffer.from("IDAT"),
    filler(12_000),
  ]),
  heic: Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from("ftypheic"),
    Buffer.from([0, 0, 0, 0]),
    Buffer.from("mif1heic"),
    filler(30_000),
  ]),
  /** A Windows program: "MZ", the DOS stub, then code. */
  executable: Buffer.concat([
    Buffer.from("MZ"),
    Buffer.alloc(58, 0x90),
    Buffer.from([0x80, 0, 0, 0]),
    filler(9_000),
  ]),
};

// ---------------------------------------------------------------------------------------------------------------
// A real socket, to see when the server answers while a body is still being sent

interface StreamedAnswer {
  status: number;
  body: ApiErrorBody & Partial<ReportUpload>;
  bytesSent: number;
  ended: boolean;
}

/** Sends the parts one after another (waiting `pauseMs` between them), and ends the body only if `end`. */
function streamRequest(
  url: string,
  headers: Record<string, string>,
  parts: Iterable<Buffer>,
  options: { end: boolean; pauseMs?: number },
): Promise<StreamedAnswer> {
  return new Promise((resolve, reject) => {
    let bytesSent = 0;
    let ended = false;
    let answered = false;
    const timer = setTimeout(() => reject(new Error(`no answer after ${bytesSent} bytes`)), 20_000);
    const request = httpRequest(url, { method: "POST", headers });
    request.on("response", (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        clearTimeout(timer);
        const text = Buffer.concat(chunks).toString();
        const body = JSON.parse(text || "{}") as StreamedAnswer["body"];
        resolve({ status: response.statusCode ?? 0, body, bytesSent, ended });
      });
    });
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    void (async () => {
      for (const part of parts) {
        if (answered || request.destroyed) return;
        if (!request.write(part)) {
          const waiting = new AbortController();
          await Promise.race([
            once(request, "drain", { signal: waiting.signal }),
            once(request, "close", { signal: waiting.signal }),
          ]);
          waiting.abort();
        }
        bytesSent += part.length;
        if (options.pauseMs) await new Promise((wait) => setTimeout(wait, options.pauseMs));
      }
      if (options.end && !answered) {
        ended = true;
        request.end();
      }
    })();
  });
}

function* inChunks(buffer: Buffer, size: number): Generator<Buffer> {
  for (let offset = 0; offset < buffer.length; offset += size) yield buffer.subarray(offset, offset + size);
}

// ---------------------------------------------------------------------------------------------------------------

describe.each(testEngines)("reports uploaded before the call, on %s", (engine) => {
  const clock = testClock(START);
  const t = useTestApp(engine, { now: clock.now });
  let cookie: string;
  /** The app on a real port, for the requests whose timing matters. */
  let base: string;
  let day = 22;

  beforeAll(async () => {
    cookie = await signInAsAdmin(t.app);
    base = await t.app.listen({ port: 0, host: "127.0.0.1" });
  });
  beforeEach(() => clock.set(START));

  const nextAddress = addressesUnder("10.77");

  /** Books a consultation on a day of its own at 7:00 PM IST, pays it on the simulator; answers its id and link. */
  async function bookAndPay(): Promise<{ id: string; token: string; startsAt: string }> {
    day += 1;
    const date = `2026-${day > 30 ? "12" : "11"}-${String(day > 30 ? day - 30 : day).padStart(2, "0")}`;
    const booking = { patientEmail: "meera.parent@example.org", appointmentDate: date };
    const { id, token } = await bookPaidAppointment(t.app, booking, nextAddress());
    return { id, token, startsAt: `${date}T13:30:00Z` };
  }

  const upload = (token: string, name: string, bytes: Buffer, claimedType?: string) =>
    t.app.inject({
      method: "POST",
      url: `/api/manage/${token}/uploads`,
      remoteAddress: nextAddress(),
      ...multipart(name, bytes, claimedType),
    });
  const parentList = async (token: string) =>
    (await t.app.inject({ method: "GET", url: `/api/manage/${token}/uploads` })).json<ParentReportUploads>();
  const rowsOf = (appointmentId: string) =>
    t.database.db.select().from(reportUploads).where(eq(reportUploads.appointmentId, appointmentId));
  /** Every file in the record store's folder, temporary ones included. */
  const storedFiles = () => {
    try {
      return readdirSync(t.config.records.localDir);
    } catch {
      return [];
    }
  };
  const storedKeys = async () => {
    const keys: string[] = [];
    for await (const key of t.app.recordStore.keys()) keys.push(key);
    return keys;
  };
  const uploadLog = (recordId: string) =>
    t.database.db
      .select()
      .from(accessLog)
      .where(and(eq(accessLog.recordType, "upload"), eq(accessLog.recordId, recordId)));

  it("takes a PDF, a JPEG, a PNG and an iPhone's HEIC photo, lists them, and gives each back byte for byte", async () => {
    const { token } = await bookAndPay();
    const sent = [
      {
        name: "C:\\fakepath\\Echo report.pdf",
        bytes: samples.pdf,
        fileName: "Echo report.pdf",
        type: "application/pdf",
      },
      // The name claims a PDF; the content is a JPEG, and the download is named for what it is.
      { name: "ecg.pdf", bytes: samples.jpeg, fileName: "ecg.jpg", type: "image/jpeg" },
      { name: "एक्स-रे.png", bytes: samples.png, fileName: "एक्स-रे.png", type: "image/png" },
      { name: "IMG_0042.HEIC", bytes: samples.heic, fileName: "IMG_0042.HEIC", type: "image/heic" },
    ];
    const created: ReportUpload[] = [];
    for (const file of sent) {
      clock.advanceMinutes(1);
      const response = await upload(token, file.name, file.bytes);
      expect(response.statusCode, response.body).toBe(201);
      const body = response.json<ReportUpload>();
      expect(body).toMatchObject({
        fileName: file.fileName,
        contentType: file.type,
        sizeBytes: file.bytes.length,
      });
      created.push(body);
    }

    const listed = await parentList(token);
    expect(listed).toMatchObject({ canUpload: true, closedMessage: null, canRemove: true });
    expect(listed.uploads.map((file) => file.fileName)).toEqual(sent.map((file) => file.fileName));

    for (const [index, file] of sent.entries()) {
      const download = await t.app.inject({
        method: "GET",
        url: `/api/manage/${token}/uploads/${created[index]?.id}`,
      });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(file.bytes)).toBe(true);
      expect(download.headers["content-type"]).toBe(file.type);
      expect(download.headers["x-content-type-options"]).toBe("nosniff");
      expect(String(download.headers["content-disposition"])).toMatch(
        /^attachment; filename="[^"]+"; filename\*=UTF-8''/,
      );
    }
    const devanagari = await t.app.inject({
      method: "GET",
      url: `/api/manage/${token}/uploads/${created[2]?.id}`,
    });
    expect(devanagari.headers["content-disposition"]).toBe(
      `attachment; filename="____-__.png"; filename*=UTF-8''${encodeURIComponent("एक्स-रे.png")}`,
    );
  });

  it("refuses an executable renamed .pdf with 415 and a readable message, and stores nothing", async () => {
    const { id, token } = await bookAndPay();
    const before = storedFiles();
    const response = await upload(token, "echo-report.pdf", samples.executable, "application/pdf");
    expect(response.statusCode).toBe(415);
    expect(response.json<ApiErrorBody>().message).toBe(UPLOAD_MESSAGES.wrongType);
    expect(await rowsOf(id)).toEqual([]);
    expect(storedFiles()).toEqual(before);
    // Text, a Word file or an empty file are not reports either.
    expect((await upload(token, "notes.pdf", Buffer.from("just some text, not a PDF"))).statusCode).toBe(415);
    const empty = await upload(token, "empty.pdf", Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json<ApiErrorBody>().message).toBe(UPLOAD_MESSAGES.empty);
    expect(await rowsOf(id)).toEqual([]);
  });

  it("stops an 11 MB upload with 413 while it streams, before the whole body is sent, and stores nothing", async () => {
    const { id, token } = await bookAndPay();
    const before = storedFiles();
    const head = Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="scan.pdf"\r\n` +
        `Content-Type: application/pdf\r\n\r\n%PDF-1.7\n`,
    );
    const elevenMegabytes = 11 * 1024 * 1024;
    // Chunked, so the server cannot know the size in advance; 10.5 MB are sent, then the sender waits.
    const answer = await streamRequest(
      `${base}/api/manage/${token}/uploads`,
      { "content-type": `multipart/form-data; boundary=${BOUNDARY}`, "transfer-encoding": "chunked" },
      [head, ...inChunks(filler(MAX_REPORT_BYTES + 512 * 1024), 64 * 1024)],
      { end: false },
    );
    expect(answer.status).toBe(413);
    expect(answer.body.message).toBe(UPLOAD_MESSAGES.tooLarge);
    expect(answer.ended).toBe(false);
    expect(answer.bytesSent).toBeLessThan(elevenMegabytes);
    expect(await rowsOf(id)).toEqual([]);
    expect(storedFiles()).toEqual(before);
  });

  it("refuses a body declared larger than 10 MB at once, before reading it", async () => {
    const { id, token } = await bookAndPay();
    const answer = await streamRequest(
      `${base}/api/manage/${token}/uploads`,
      {
        "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
        "content-length": String(11 * 1024 * 1024),
      },
      [...inChunks(multipart("big.pdf", samples.pdf).payload, 16 * 1024)],
      { end: false },
    );
    expect(answer.status).toBe(413);
    expect(answer.body.message).toBe(UPLOAD_MESSAGES.tooLarge);
    expect(await rowsOf(id)).toEqual([]);
  });

  it("refuses a sixth file with 409 and a message, and keeps the five", async () => {
    const { id, token } = await bookAndPay();
    for (let n = 1; n <= 5; n++)
      expect((await upload(token, `page-${n}.pdf`, samples.pdf)).statusCode).toBe(201);
    const sixth = await upload(token, "page-6.pdf", samples.pdf);
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json<ApiErrorBody>().message).toBe(UPLOAD_MESSAGES.tooMany);
    expect(await rowsOf(id)).toHaveLength(5);
    expect(await parentList(token)).toMatchObject({
      canUpload: false,
      closedMessage: UPLOAD_MESSAGES.tooMany,
    });
  });

  it("never lets uploads sent at once pass five files, and keeps no file of those refused", async () => {
    const { id, token } = await bookAndPay();
    const keysBefore = (await storedKeys()).length;
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, n) => upload(token, `report-${n}.jpg`, samples.jpeg)),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 201, 201, 409, 409, 409]);
    expect(await rowsOf(id)).toHaveLength(5);
    expect((await storedKeys()).length - keysBefore).toBe(5);
  });

  it("lets no other parent's link read, list or remove a file (404)", async () => {
    const mine = await bookAndPay();
    const theirs = await bookAndPay();
    const created = (await upload(mine.token, "echo.pdf", samples.pdf)).json<ReportUpload>();

    const read = await t.app.inject({
      method: "GET",
      url: `/api/manage/${theirs.token}/uploads/${created.id}`,
    });
    expect(read.statusCode).toBe(404);
    expect(read.json<ApiErrorBody>().message).toBe(UPLOAD_MESSAGES.notFound);
    expect(read.body).not.toContain("%PDF");
    const removal = await t.app.inject({
      method: "DELETE",
      url: `/api/manage/${theirs.token}/uploads/${created.id}`,
    });
    expect(removal.statusCode).toBe(404);
    expect((await parentList(theirs.token)).uploads).toEqual([]);
    // An altered link opens nothing at all.
    const altered = `${mine.token.slice(0, -1)}${mine.token.endsWith("A") ? "B" : "A"}`;
    expect(
      (await t.app.inject({ method: "GET", url: `/api/manage/${altered}/uploads/${created.id}` })).statusCode,
    ).toBe(404);
    expect((await upload(altered, "echo.pdf", samples.pdf)).statusCode).toBe(404);
    expect(await rowsOf(mine.id)).toHaveLength(1);
  });

  it("lets the doctor list and download with a session, each read written to the access log", async () => {
    const { id, token } = await bookAndPay();
    const created = (await upload(token, "Discharge summary.pdf", samples.pdf)).json<ReportUpload>();

    const withoutSession = await t.app.inject({
      method: "GET",
      url: `/api/admin/appointments/${id}/uploads`,
    });
    expect(withoutSession.statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: "GET", url: `/api/admin/appointments/${id}/uploads/${created.id}` }))
        .statusCode,
    ).toBe(401);

    const list = await t.app.inject({
      method: "GET",
      url: `/api/admin/appointments/${id}/uploads`,
      headers: { cookie },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json<AdminReportUploads>().uploads).toEqual([created]);
    expect(await uploadLog(id)).toEqual([
      expect.objectContaining({
        action: "view",
        session: expect.stringMatching(/^admin [0-9a-f]{16}$/) as unknown,
      }),
    ]);

    for (let n = 1; n <= 2; n++) {
      const download = await t.app.inject({
        method: "GET",
        url: `/api/admin/appointments/${id}/uploads/${created.id}`,
        headers: { cookie },
      });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(samples.pdf)).toBe(true);
      expect(download.headers["content-disposition"]).toBe(
        `attachment; filename="Discharge summary.pdf"; filename*=UTF-8''Discharge%20summary.pdf`,
      );
      expect(download.headers["x-content-type-options"]).toBe("nosniff");
      const downloads = (await uploadLog(created.id)).filter((row) => row.action === "download");
      expect(downloads).toHaveLength(n);
      expect(downloads.every((row) => row.session.startsWith("admin "))).toBe(true);
    }
    // A file of another appointment, or of none, is not found under this one.
    const other = await bookAndPay();
    expect(
      (
        await t.app.inject({
          method: "GET",
          url: `/api/admin/appointments/${other.id}/uploads/${created.id}`,
          headers: { cookie },
        })
      ).statusCode,
    ).toBe(404);
  });

  it("lets the parent remove a file until the consultation starts, and then no more", async () => {
    const { id, token, startsAt } = await bookAndPay();
    const first = (await upload(token, "old.pdf", samples.pdf)).json<ReportUpload>();
    const second = (await upload(token, "new.png", samples.png)).json<ReportUpload>();
    const keysBefore = (await storedKeys()).length;

    const removed = await t.app.inject({ method: "DELETE", url: `/api/manage/${token}/uploads/${first.id}` });
    expect(removed.statusCode).toBe(200);
    expect(removed.json<ParentReportUploads>().uploads.map((file) => file.id)).toEqual([second.id]);
    expect((await storedKeys()).length).toBe(keysBefore - 1);
    expect(
      (await t.app.inject({ method: "GET", url: `/api/manage/${token}/uploads/${first.id}` })).statusCode,
    ).toBe(404);

    clock.set(new Date(new Date(startsAt).getTime() + 60_000).toISOString());
    const late = await t.app.inject({ method: "DELETE", url: `/api/manage/${token}/uploads/${second.id}` });
    expect(late.statusCode).toBe(409);
    expect(late.json<ApiErrorBody>().message).toBe(UPLOAD_MESSAGES.removeClosed);
    expect(await rowsOf(id)).toHaveLength(1);
    // During the call a forgotten report can still be added.
    expect((await upload(token, "forgotten.pdf", samples.pdf)).statusCode).toBe(201);
  });

  it("takes no file for a cancelled booking, an erased one, or after the consultation is over", async () => {
    const cancelled = await bookAndPay();
    expect(
      (
        await t.app.inject({
          method: "POST",
          url: `/api/manage/${cancelled.token}/cancel`,
          remoteAddress: nextAddress(),
        })
      ).statusCode,
    ).toBe(200);
    const refused = await upload(cancelled.token, "echo.pdf", samples.pdf);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ApiErrorBody>().message).toBe(UPLOAD_MESSAGES.cancelled);
    expect(await parentList(cancelled.token)).toMatchObject({
      canUpload: false,
      closedMessage: UPLOAD_MESSAGES.cancelled,
    });

    const erased = await bookAndPay();
    await t.database.db
      .update(appointments)
      .set({ anonymisedAt: clock.now() })
      .where(eq(appointments.id, erased.id));
    expect((await upload(erased.token, "echo.pdf", samples.pdf)).json<ApiErrorBody>().message).toBe(
      UPLOAD_MESSAGES.erased,
    );

    const over = await bookAndPay();
    clock.set(new Date(new Date(over.startsAt).getTime() + 4 * 3_600_000).toISOString());
    const late = await upload(over.token, "echo.pdf", samples.pdf);
    expect(late.statusCode).toBe(409);
    expect(late.json<ApiErrorBody>().message).toBe(UPLOAD_MESSAGES.over);
  });

  it("answers a request that is not a multipart upload with a readable 4xx", async () => {
    const { token } = await bookAndPay();
    const multipartHeaders = { "content-type": `multipart/form-data; boundary=${BOUNDARY}` };
    const refusals: { name: string; body: object; status: number; message?: string }[] = [
      {
        name: "JSON",
        body: { payload: { file: "echo.pdf" } },
        status: 415,
        message: UPLOAD_MESSAGES.notMultipart,
      },
      {
        name: "no file part",
        body: {
          payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${BOUNDARY}--\r\n`,
          headers: multipartHeaders,
        },
        status: 400,
        message: UPLOAD_MESSAGES.noFile,
      },
      {
        name: "cut off",
        body: {
          payload: multipart("echo.pdf", samples.pdf).payload.subarray(0, 20_000),
          headers: multipartHeaders,
        },
        status: 400,
        message: UPLOAD_MESSAGES.unreadable,
      },
      {
        name: "no boundary",
        body: { payload: "x", headers: { "content-type": "multipart/form-data" } },
        status: 400,
      },
    ];
    for (const { name, body, status, message } of refusals) {
      const response = await t.app.inject({ method: "POST", url: `/api/manage/${token}/uploads`, ...body });
      expect(response.statusCode, name).toBe(status);
      if (message) expect(response.json<ApiErrorBody>().message, name).toBe(message);
    }
  });

  it("removes every upload of an appointment, files and rows, for erasure and retention", async () => {
    const { id, token } = await bookAndPay();
    await upload(token, "a.pdf", samples.pdf);
    await upload(token, "b.jpg", samples.jpeg);
    const keys = (await listUploads(t.database.db, id)).map((row) => row.storageKey);
    expect(keys).toHaveLength(2);

    expect(await removeAllUploads(t.database.db, t.app.recordStore, id)).toBe(2);
    expect(await rowsOf(id)).toEqual([]);
    const left = await storedKeys();
    expect(keys.filter((key) => left.includes(key))).toEqual([]);
    expect(await removeAllUploads(t.database.db, t.app.recordStore, id)).toBe(0);
  });
});

describe.each(testEngines)("an upload's own time allowance, on %s", (engine) => {
  const t = useTestApp(engine, { now: testClock(START).now, env: { REQUEST_TIMEOUT_SECONDS: "1" } });

  it("lets an upload take longer than REQUEST_TIMEOUT_SECONDS, while other requests are still cut at it", async () => {
    const base = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const booked = await t.app.inject({
      method: "POST",
      url: "/api/appointments",
      payload: {
        patientName: "Arjun Nair",
        patientEmail: "arjun.parent@example.org",
        patientPhone: "+91 98450 54321",
        patientAge: 3,
        reasonForConsultation: "Murmur heard at school check-up",
        ...bookingConsent,
        appointmentDate: "2026-11-25",
        appointmentTime: "19:20",
      },
    });
    const { id } = booked.json<{ appointment: CreatedAppointment }>().appointment;
    const order = (
      await t.app.inject({ method: "POST", url: "/api/create-order", payload: { appointmentId: id } })
    ).json<CreatedOrder>();
    await t.app.inject({
      method: "POST",
      url: `/payment/simulator/${order.orderId}`,
      payload: "outcome=pay",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    const verified = (
      await t.app.inject({ method: "GET", url: `/api/verify-payment/${order.orderId}` })
    ).json<PaymentVerification>();
    const token = new URL(verified.manageUrl ?? "").pathname.split("/").at(-1) ?? "";

    const body = multipart("slow.pdf", samples.pdf).payload;
    const started = Date.now();
    // About 2.5 seconds in all: ten pieces a quarter of a second apart.
    const slow = await streamRequest(
      `${base}/api/manage/${token}/uploads`,
      {
        "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
        "content-length": String(body.length),
      },
      inChunks(body, Math.ceil(body.length / 10)),
      { end: true, pauseMs: 250 },
    );
    expect(Date.now() - started).toBeGreaterThan(2_000);
    expect(slow.status).toBe(201);
    expect(slow.body.sizeBytes).toBe(samples.pdf.length);

    const trickled = await streamRequest(
      `${base}/api/contact`,
      { "content-type": "application/json", "content-length": "1000" },
      Array.from({ length: 12 }, () => Buffer.from(" ")),
      { end: false, pauseMs: 250 },
    ).catch((error: Error) => ({ status: 0, error }));
    expect(trickled.status).toBe(408);
  });
});
