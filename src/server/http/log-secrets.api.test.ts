import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { CreatedAppointment, CreatedOrder, PaymentVerification } from "@shared/booking";
import type { ReportUpload } from "@shared/uploads";
import { appointments } from "../db/schema";
import {
  bookingConsent,
  expectNotLogged,
  signInAsAdmin,
  testClock,
  testEngines,
  useTestApp,
} from "../testing/test-app";
import { multipartFile } from "../testing/multipart";

/**
 * The log never holds what opens a booking: manage tokens, payment order ids (verify-payment issues a new manage
 * link), video room ids and host keys, upload ids. A whole parent's journey runs through the API, with wrong
 * addresses and failing requests on the way, and no secret may show up anywhere in the log it leaves.
 */
// 21 Nov 2026, 3:30 PM IST; the consultations are on 23 and 24 Nov at 7:00 PM IST.
const clock = testClock("2026-11-21T10:00:00Z");
function pdfUpload() {
  const pdf = Buffer.concat([
    Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n", "latin1"),
    Buffer.alloc(2_000, 32),
  ]);
  return multipartFile("echo.pdf", pdf);
}

describe.each(testEngines)("what the log holds on %s", (engine) => {
  const t = useTestApp(engine, { now: clock.now });
  let address = 0;
  const from = () => `10.31.0.${++address}`;

  const get = (url: string) => t.app.inject({ method: "GET", url, remoteAddress: from() });
  const post = (url: string, payload?: object) =>
    t.app.inject({ method: "POST", url, remoteAddress: from(), ...(payload ? { payload } : {}) });

  async function book(appointmentDate: string) {
    const booked = await post("/api/appointments", {
      patientName: "Meera Pillai",
      patientEmail: "meera.parent@example.org",
      patientPhone: "+91 98450 12345",
      patientAge: 5,
      reasonForConsultation: "Breathless when feeding",
      ...bookingConsent,
      appointmentDate,
      appointmentTime: "19:00",
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const { id } = booked.json<{ appointment: CreatedAppointment }>().appointment;
    const order = (await post("/api/create-order", { appointmentId: id })).json<CreatedOrder>();
    return { id, orderId: order.orderId };
  }

  const checkout = (orderId: string, outcome: "pay" | "decline") =>
    t.app.inject({
      method: "POST",
      url: `/payment/simulator/${orderId}`,
      remoteAddress: from(),
      payload: `outcome=${outcome}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });

  it("holds no token, order id, room id, host key or upload id after a whole booking, pay, manage, upload, export and video flow", async () => {
    const secrets: Record<string, string> = {};
    const logsBefore = t.logs.length;

    // Booking and paying on the simulator's checkout, then the result page's verification.
    const { id, orderId } = await book("2026-11-23");
    secrets.orderId = orderId;
    secrets.appointmentId = id;
    expect((await get(`/payment/simulator/${orderId}`)).statusCode).toBe(200);
    await checkout(orderId, "pay");
    const verified = (await get(`/api/verify-payment/${orderId}`)).json<PaymentVerification>();
    expect(verified.outcome).toBe("confirmed");
    const token = new URL(verified.manageUrl ?? "").pathname.split("/").at(-1) ?? "";
    secrets.token = token;
    expect((await get(`/payment/callback?order_id=${orderId}`)).statusCode).toBe(200);

    // The parent's manage page and everything on it.
    expect((await get(`/appointments/manage/${token}`)).statusCode).toBe(200);
    expect((await get(`/api/manage/${token}`)).statusCode).toBe(200);
    expect((await get(`/api/manage/${token}/receipt`)).statusCode).toBe(200);
    const uploaded = await t.app.inject({
      method: "POST",
      url: `/api/manage/${token}/uploads`,
      remoteAddress: from(),
      ...pdfUpload(),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const uploadId = uploaded.json<ReportUpload>().id;
    secrets.uploadId = uploadId;
    expect((await get(`/api/manage/${token}/uploads`)).statusCode).toBe(200);
    expect((await get(`/api/manage/${token}/uploads/${uploadId}`)).statusCode).toBe(200);
    expect((await get(`/api/manage/${token}/prescriptions`)).statusCode).toBe(200);
    expect((await get(`/api/manage/${token}/data-rights`)).statusCode).toBe(200);
    expect((await get(`/api/manage/${token}/export`)).statusCode).toBe(200);

    // The video room, as the patient and as the doctor with the host key.
    const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, id));
    const roomId = row?.videoRoomId ?? "";
    const hostKey = row?.videoHostKey ?? "";
    expect(roomId).toMatch(/^[0-9a-f]{32}$/);
    secrets.roomId = roomId;
    secrets.hostKey = hostKey;
    expect((await get(`/video-consultation/${roomId}`)).statusCode).toBe(200);
    expect((await get(`/video-consultation/${roomId}?key=${hostKey}`)).statusCode).toBe(200);
    expect((await get(`/api/video-room/${roomId}`)).statusCode).toBe(200);
    expect((await get(`/api/video-room/${roomId}?key=${hostKey}`)).statusCode).toBe(200);
    expect((await get(`/api/video-room/${roomId}/invite.ics`)).statusCode).toBe(200);

    // The doctor's dashboard reads the same booking and report.
    const cookie = await signInAsAdmin(t.app);
    const admin = (url: string) => t.app.inject({ method: "GET", url, headers: { cookie } });
    expect((await admin(`/api/admin/appointments/${id}`)).statusCode).toBe(200);
    expect((await admin(`/api/admin/appointments/${id}/uploads/${uploadId}`)).statusCode).toBe(200);

    // The parent removes the report and cancels for a refund.
    const removed = await t.app.inject({
      method: "DELETE",
      url: `/api/manage/${token}/uploads/${uploadId}`,
      remoteAddress: from(),
    });
    expect(removed.statusCode).toBe(200);
    expect((await post(`/api/manage/${token}/cancel`)).statusCode).toBe(200);

    // A second booking whose payment is declined: the site closes its order at the gateway.
    const declined = await book("2026-11-24");
    secrets.declinedOrderId = declined.orderId;
    await checkout(declined.orderId, "decline");
    expect(
      (await get(`/api/verify-payment/${declined.orderId}`)).json<PaymentVerification>().status,
    ).not.toBe("PAID");

    const logged = t.logs.slice(logsBefore).join("");
    expect(logged).toContain('"path":"/api/manage/:token/uploads/:uploadId"');
    expect(logged).toContain('"path":"/video-consultation/:roomId"');
    expectNotLogged(logged, secrets);
  });

  it("holds no secret from 404s on secret-carrying addresses, malformed addresses, or a request that fails", async () => {
    const { id, orderId } = await book("2026-11-25");
    await checkout(orderId, "pay");
    const verified = (await get(`/api/verify-payment/${orderId}`)).json<PaymentVerification>();
    const token = new URL(verified.manageUrl ?? "").pathname.split("/").at(-1) ?? "";
    const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, id));
    const roomId = row?.videoRoomId ?? "";
    const hostKey = row?.videoHostKey ?? "";
    const secrets = { token, orderId, appointmentId: id, roomId, hostKey };
    const logsBefore = t.logs.length;

    const wrong = [
      // Wrong or altered tokens on existing routes: answered 404 by the route.
      `/api/manage/${token}x`,
      `/api/manage/${token}x/uploads/${id}`,
      `/api/verify-payment/${orderId}x`,
      `/api/video-room/${roomId}x?key=${hostKey}`,
      `/payment/simulator/${orderId}x`,
      // Addresses no route has: the API's 404 and the 404 page.
      `/api/manage/${token}/no-such-thing`,
      `/api/verify-payment/${orderId}/again`,
      `/appointments/manage/${token}/extra`,
      `/video-consultation/${roomId}/${hostKey}`,
      `/${token}`,
      `/${orderId}/${roomId}`,
      `/api/${hostKey}`,
    ];
    for (const url of wrong) expect((await get(url)).statusCode, url).toBe(404);
    // Addresses refused before any route runs: a malformed percent-encoding, a NUL byte.
    for (const url of [
      `/api/manage/${token}%ff`,
      `/api/manage/${token}%00`,
      `/video-consultation/${roomId}%ff`,
    ])
      expect((await get(url)).statusCode, url).toBe(400);
    expect((await post(`/api/manage/${token}/reschedule`, { appointmentDate: 7 })).statusCode).toBe(400);

    // A request that fails on the server: its table is missing for a moment.
    await t.database.db.execute(sql`alter table report_uploads rename to report_uploads_away`);
    try {
      expect((await get(`/api/manage/${token}/uploads`)).statusCode).toBe(500);
    } finally {
      await t.database.db.execute(sql`alter table report_uploads_away rename to report_uploads`);
    }

    const logged = t.logs.slice(logsBefore).join("");
    expect(logged).toContain("request failed");
    expect(logged).toContain('"statusCode":404');
    expectNotLogged(logged, secrets);
  });
});
