import { createPublicKey, generateKeyPairSync, randomBytes } from "node:crypto";
import { decodeProtectedHeader, type JWTPayload, jwtVerify } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { sampleProfile } from "@shared/sample-profile";
import type { Db } from "../../db/client";
import { appointments } from "../../db/schema";
import { type TestApp, testClock, testEngines, useTestApp } from "../../testing/test-app";
import { roomLinks } from "../../core/appointments/video-links";
import type { OpenVideoRoom, VideoRoomLookup } from "@shared/video";

// The consultation is on 2026-11-22 at 7:00 PM in India, which is 13:30 UTC. Its room opens 60 minutes before
// (12:30 UTC) and closes 3 hours after the start (16:30 UTC).
const slot = { appointmentDate: "2026-11-22", appointmentTime: "19:00" };
const opensAt = "2026-11-22T12:30:00Z";
const closesAt = "2026-11-22T16:30:00Z";
const inWindow = "2026-11-22T13:25:00Z";
/** What every answer about the room says of its window. */
const window = {
  opensAt: "2026-11-22T12:30:00.000Z",
  startsAt: "2026-11-22T13:30:00.000Z",
  closesAt: "2026-11-22T16:30:00.000Z",
  appointmentDate: "2026-11-22",
  appointmentTime: "19:00",
  timeZone: "Asia/Kolkata",
  timeZoneLabel: "IST",
};

const hex128 = () => randomBytes(16).toString("hex");

interface Room {
  id: string;
  roomId: string;
  hostKey: string;
}

/**
 * A paid, confirmed appointment with its room, written straight into the database as a confirmation would write
 * it. Each active appointment needs a slot of its own, so callers name the time.
 */
async function insertRoom(
  db: Db,
  appointmentTime: string,
  change: Partial<typeof appointments.$inferInsert> = {},
): Promise<Room> {
  const roomId = hex128();
  const hostKey = hex128();
  const [row] = await db
    .insert(appointments)
    .values({
      patientName: "Aarav Mehta",
      patientEmail: "parent.mehta@example.org",
      patientPhone: "+91 98450 12345",
      patientAge: 7,
      reasonForConsultation: "Heart murmur heard at school check-up",
      ...slot,
      appointmentTime,
      status: "confirmed",
      paymentStatus: "paid",
      fee: 2000,
      amount: 2000,
      holdExpiresAt: new Date("2026-11-21T10:15:00Z"),
      videoRoomId: roomId,
      videoHostKey: hostKey,
      ...change,
    })
    .returning({ id: appointments.id });
  if (!row) throw new Error("insert returned no row");
  return { id: row.id, roomId, hostKey };
}

/** An .ics file's properties by name (the first of each), with folded lines joined. */
function icsProperties(ics: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const line of ics.replace(/\r\n[ \t]/g, "").split("\r\n")) {
    const colon = line.search(/:(?=(?:[^"]*"[^"]*")*[^"]*$)/);
    const name = line.slice(0, colon).split(";")[0];
    if (colon > 0 && name && !map.has(name)) map.set(name, line.slice(colon + 1));
  }
  return map;
}

let address = 0;
const from = () => `10.7.0.${++address}`;

function lookUp(t: TestApp, roomId: string, key?: string) {
  const query = key === undefined ? "" : `?key=${encodeURIComponent(key)}`;
  return t.app.inject({ method: "GET", url: `/api/video-room/${roomId}${query}`, remoteAddress: from() });
}

describe.each(testEngines)("video room API on %s (plain Jitsi)", (engine) => {
  const clock = testClock(inWindow);
  const t = useTestApp(engine, { now: clock.now });
  let room: Room;

  beforeAll(async () => {
    room = await insertRoom(t.database.db, "19:00");
  });

  it("answers the room, the appointment and no token, and forbids caching", async () => {
    clock.set(inWindow);
    const response = await lookUp(t, room.roomId);
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.json<OpenVideoRoom>()).toEqual({
      state: "open",
      ...window,
      room: {
        url: `https://meet.jit.si/consultation-${room.roomId}`,
        name: `consultation-${room.roomId}`,
        domain: "meet.jit.si",
        scriptUrl: "https://meet.jit.si/external_api.js",
      },
      appointment: {
        patientName: "Aarav Mehta",
        patientAge: 7,
        patientAgeMonths: null,
        reasonForConsultation: "Heart murmur heard at school check-up",
        appointmentDate: "2026-11-22",
        appointmentTime: "19:00",
        bookingId: room.id.slice(0, 8),
      },
      moderator: false,
    });
    // The room page needs no contact details, and the host key never leaves the server.
    expect(response.body).not.toMatch(/example\.org|98450/);
    expect(response.body).not.toContain(room.hostKey);
  });

  it("opens the room 60 minutes before the slot and closes it 3 hours after the start", async () => {
    const at = async (iso: string) => {
      clock.set(iso);
      const response = await lookUp(t, room.roomId);
      expect(response.statusCode).toBe(200);
      return response.json<VideoRoomLookup>().state;
    };
    expect(await at("2026-11-22T12:29:00Z")).toBe("not_open"); // 61 minutes before
    expect(await at(opensAt)).toBe("open"); // 60 minutes before
    expect(await at("2026-11-22T13:30:00Z")).toBe("open"); // the start
    expect(await at(closesAt)).toBe("open"); // 3 hours after
    expect(await at("2026-11-22T16:31:00Z")).toBe("ended"); // 3 hours and 1 minute after
    expect(await at("2026-11-21T13:30:00Z")).toBe("not_open"); // the day before
  });

  it("answers a room that is not open yet with its window only: no token, nothing about the patient", async () => {
    for (const key of [undefined, room.hostKey]) {
      clock.set("2026-11-21T13:30:00Z");
      const early = await lookUp(t, room.roomId, key);
      expect(early.headers["cache-control"]).toBe("no-store");
      expect(early.json()).toEqual({ state: "not_open", ...window });
      clock.set("2026-11-22T16:31:00Z");
      const late = await lookUp(t, room.roomId, key);
      expect(late.json()).toEqual({ state: "ended", ...window });
      for (const body of [early.body, late.body]) {
        expect(body).not.toMatch(/Aarav|Heart murmur|example\.org|98450|token|consultation-/);
        expect(body).not.toContain(room.hostKey);
        expect(body).not.toContain(room.id.slice(0, 8));
      }
    }
  });

  it("answers 404 Room not found for unknown and malformed ids", async () => {
    clock.set(inWindow);
    for (const id of [
      hex128(),
      room.roomId.toUpperCase(),
      room.roomId.slice(0, 31),
      `${room.roomId}0`,
      "not-a-room",
      room.id,
      `${room.roomId.slice(0, 31)}g`,
    ]) {
      const response = await lookUp(t, id);
      expect(response.statusCode, id).toBe(404);
      expect(response.json<{ message: string }>().message).toBe("Room not found");
    }
  });

  it("has no room for an appointment that is not confirmed or completed; a cancelled one says it was cancelled", async () => {
    clock.set(inWindow);
    const db = t.database.db;
    // All inside the window at this moment, so only the status keeps them out. Cancelled and expired
    // appointments no longer hold their slot, so they may share 7:00 PM with the confirmed one.
    const held = await insertRoom(db, "19:20", { status: "pending_payment", paymentStatus: "pending" });
    const cancelled = await insertRoom(db, "19:00", { status: "cancelled", paymentStatus: "refunded" });
    const expired = await insertRoom(db, "19:00", { status: "expired" });
    for (const unjoinable of [held, expired]) {
      expect((await lookUp(t, unjoinable.roomId)).statusCode).toBe(404);
    }
    // A booking cancelled after it was paid: the link in the parent's e-mail says so, with no token or patient.
    const answer = await lookUp(t, cancelled.roomId);
    expect(answer.statusCode).toBe(200);
    const body = answer.json<Record<string, unknown>>();
    expect(body).toMatchObject({ state: "cancelled", appointmentTime: "19:00" });
    expect(Object.keys(body).sort()).toEqual([
      "appointmentDate",
      "appointmentTime",
      "closesAt",
      "opensAt",
      "startsAt",
      "state",
      "timeZone",
      "timeZoneLabel",
    ]);
    const completed = await insertRoom(db, "19:40", { status: "completed" });
    expect((await lookUp(t, completed.roomId)).statusCode).toBe(200);
  });

  it("makes the doctor's link, with the host key, a moderator's; any other key is a patient's", async () => {
    clock.set(inWindow);
    const other = await insertRoom(t.database.db, "20:40");
    const host = await lookUp(t, room.roomId, room.hostKey);
    expect(host.statusCode).toBe(200);
    expect(host.json<OpenVideoRoom>().moderator).toBe(true);
    for (const key of [
      "",
      "wrong",
      hex128(),
      other.hostKey,
      room.hostKey.toUpperCase(),
      `${room.hostKey}0`,
    ]) {
      const response = await lookUp(t, room.roomId, key);
      expect(response.statusCode, key).toBe(200);
      expect(response.json<OpenVideoRoom>().moderator, key).toBe(false);
    }
  });

  it("gives the doctor's and the patient's links for e-mails and the admin list", () => {
    expect(roomLinks("https://clinic.example", room.roomId, room.hostKey, "en")).toEqual({
      patient: `https://clinic.example/video-consultation/${room.roomId}`,
      host: `https://clinic.example/video-consultation/${room.roomId}?key=${room.hostKey}`,
    });
  });

  it("gives the patient a link in the booking's language and the doctor hers in English", () => {
    expect(roomLinks("https://clinic.example", room.roomId, room.hostKey, "kn")).toEqual({
      patient: `https://clinic.example/kn/video-consultation/${room.roomId}`,
      host: `https://clinic.example/video-consultation/${room.roomId}?key=${room.hostKey}`,
    });
    expect(roomLinks("https://clinic.example", room.roomId, room.hostKey, "hi").patient).toBe(
      `https://clinic.example/hi/video-consultation/${room.roomId}`,
    );
  });

  it("offers the e-mail's calendar invite at any time: the patient's link, or with the host key the doctor's", async () => {
    clock.set("2026-11-20T08:00:00Z");
    const invite = (key?: string) => {
      const query = key === undefined ? "" : `?key=${encodeURIComponent(key)}`;
      return t.app.inject({
        method: "GET",
        url: `/api/video-room/${room.roomId}/invite.ics${query}`,
        remoteAddress: from(),
      });
    };
    const patient = await invite();
    expect(patient.statusCode).toBe(200);
    expect(patient.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(patient.headers["cache-control"]).toBe("no-store");
    expect(patient.headers["content-disposition"]).toBe(
      `attachment; filename="consultation-${room.id.slice(0, 8)}.ics"`,
    );
    const patientEvent = icsProperties(patient.body);
    expect(patientEvent.get("METHOD")).toBe("REQUEST");
    expect(patientEvent.get("DTSTART")).toBe("20261122T133000Z");
    expect(patientEvent.get("URL")).toMatch(new RegExp(`^https?://[^/]+/video-consultation/${room.roomId}$`));
    expect(patient.body).not.toContain(room.hostKey);

    const doctor = await invite(room.hostKey);
    const doctorEvent = icsProperties(doctor.body);
    const url = new URL(doctorEvent.get("URL") ?? "");
    expect(url.pathname).toBe(`/video-consultation/${room.roomId}`);
    expect(url.searchParams.get("key")).toBe(room.hostKey);
    expect(doctorEvent.get("LOCATION")).toBe(url.href);
    expect(doctorEvent.get("UID")).toBe(patientEvent.get("UID"));
    expect(doctorEvent.get("ORGANIZER")).toBe(`mailto:${sampleProfile.contact.email}`);
    expect(doctorEvent.get("ATTENDEE")?.toLowerCase()).toBe("mailto:parent.mehta@example.org");

    // A wrong key is the patient's invite; an unknown room is a 404.
    expect(icsProperties((await invite("wrong")).body).get("URL")).toBe(patientEvent.get("URL"));
    const unknown = await t.app.inject({ method: "GET", url: `/api/video-room/${hex128()}/invite.ics` });
    expect(unknown.statusCode).toBe(404);
    clock.set(inWindow);
  });

  it("admits the video service in the Content-Security-Policy", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/health" });
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toMatch(/script-src [^;]*https:\/\/meet\.jit\.si/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/meet\.jit\.si/);
  });

  it("limits lookups to 30 a minute per address", async () => {
    clock.set(inWindow);
    const remoteAddress = "10.8.0.1";
    const get = () => t.app.inject({ method: "GET", url: `/api/video-room/${room.roomId}`, remoteAddress });
    for (let i = 0; i < 30; i++) expect((await get()).statusCode).toBe(200);
    const limited = await get();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["retry-after"]).toMatch(/^\d+$/);
    expect(limited.json<{ message: string }>().message).toMatch(
      /^Too many requests for video rooms\. Please try again in \d+ seconds\.$/,
    );
    // Another address is not affected.
    expect((await lookUp(t, room.roomId)).statusCode).toBe(200);
  });
});

describe.each(testEngines)("video room API on %s (self-hosted Jitsi with tokens)", (engine) => {
  const clock = testClock(inWindow);
  const secret = "a-long-shared-secret-for-prosody";
  const t = useTestApp(engine, {
    now: clock.now,
    env: { JITSI_DOMAIN: "meet.clinic.example", JITSI_APP_ID: "clinic-site", JITSI_APP_SECRET: secret },
  });
  let room: Room;

  beforeAll(async () => {
    room = await insertRoom(t.database.db, "19:00");
  });

  const verify = (token: string) =>
    jwtVerify(token, new TextEncoder().encode(secret), {
      algorithms: ["HS256"],
      issuer: "clinic-site",
      audience: "jitsi",
      currentDate: clock.now(),
    });

  it("signs an HS256 token for this room only, expiring when the room closes", async () => {
    const response = await lookUp(t, room.roomId);
    const body = response.json<OpenVideoRoom>();
    expect(body.room).toEqual({
      url: `https://meet.clinic.example/consultation-${room.roomId}`,
      name: `consultation-${room.roomId}`,
      domain: "meet.clinic.example",
      scriptUrl: "https://meet.clinic.example/external_api.js",
    });
    expect(body.token).toEqual(expect.any(String));
    const { payload, protectedHeader } = await verify(body.token ?? "");
    expect(protectedHeader.alg).toBe("HS256");
    expect(payload).toMatchObject({
      iss: "clinic-site",
      aud: "jitsi",
      sub: "meet.clinic.example",
      room: `consultation-${room.roomId}`,
      exp: Date.parse(closesAt) / 1000,
      context: { user: { name: "Aarav Mehta", moderator: "false", affiliation: "member" } },
    });
    // No contact details travel to the video service.
    expect(JSON.stringify(payload)).not.toMatch(/example\.org|98450/);
  });

  it("names the doctor as moderator in the token of the host link", async () => {
    const body = (await lookUp(t, room.roomId, room.hostKey)).json<OpenVideoRoom>();
    expect(body.moderator).toBe(true);
    const { payload } = await verify(body.token ?? "");
    expect(payload).toMatchObject({
      context: { user: { name: sampleProfile.doctor.name, moderator: "true", affiliation: "owner" } },
    });
  });

  it("issues no token for a room that has closed, nor for one not open yet", async () => {
    for (const at of ["2026-11-22T16:31:00Z", "2026-11-22T12:29:00Z"]) {
      clock.set(at);
      for (const key of [undefined, room.hostKey]) {
        const body = (await lookUp(t, room.roomId, key)).json<Record<string, unknown>>();
        expect(body.state).not.toBe("open");
        expect(body).not.toHaveProperty("token");
      }
    }
    clock.set(inWindow);
  });
});

describe.each(testEngines)("video room API on %s (JaaS)", (engine) => {
  const clock = testClock(inWindow);
  const appId = "vpaas-magic-cookie-0123456789abcdef0123456789abcdef";
  const keyId = `${appId}/4f4910`;
  const { privateKey, publicKey } = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
    publicKeyEncoding: { type: "spki", format: "pem" },
  });
  const t = useTestApp(engine, {
    now: clock.now,
    // A one-line value with the line breaks written as \n, as a .env file or a deployment form needs it.
    env: { JAAS_APP_ID: appId, JAAS_KEY_ID: keyId, JAAS_PRIVATE_KEY: privateKey.replaceAll("\n", "\\n") },
  });
  let room: Room;

  beforeAll(async () => {
    room = await insertRoom(t.database.db, "19:00");
  });

  const verify = async (token: string): Promise<JWTPayload> => {
    expect(decodeProtectedHeader(token)).toEqual({ alg: "RS256", kid: keyId, typ: "JWT" });
    const { payload } = await jwtVerify(token, createPublicKey(publicKey), {
      algorithms: ["RS256"],
      issuer: "chat",
      audience: "jitsi",
      subject: appId,
      currentDate: clock.now(),
    });
    return payload;
  };

  it("joins on 8x8.vc under the App ID with an RS256 token naming the room; the patient is no moderator", async () => {
    const body = (await lookUp(t, room.roomId)).json<OpenVideoRoom>();
    expect(body.room).toEqual({
      url: `https://8x8.vc/${appId}/consultation-${room.roomId}`,
      name: `${appId}/consultation-${room.roomId}`,
      domain: "8x8.vc",
      scriptUrl: `https://8x8.vc/${appId}/external_api.js`,
    });
    expect(body.moderator).toBe(false);
    const payload = await verify(body.token ?? "");
    expect(payload).toMatchObject({
      room: `consultation-${room.roomId}`,
      exp: Date.parse(closesAt) / 1000,
      context: {
        user: { name: "Aarav Mehta", moderator: "false" },
        features: { recording: "false", livestreaming: "false", transcription: "false" },
      },
    });
    expect(payload.nbf).toBeLessThanOrEqual(Date.parse(inWindow) / 1000);
  });

  it("makes the doctor moderator in the token of the host link", async () => {
    const body = (await lookUp(t, room.roomId, room.hostKey)).json<OpenVideoRoom>();
    expect(body.moderator).toBe(true);
    const payload = await verify(body.token ?? "");
    expect(payload).toMatchObject({
      context: { user: { name: sampleProfile.doctor.name, moderator: "true" } },
    });
  });

  it("admits 8x8.vc in the Content-Security-Policy", async () => {
    const csp = String(
      (await t.app.inject({ method: "GET", url: "/api/health" })).headers["content-security-policy"],
    );
    expect(csp).toMatch(/script-src [^;]*https:\/\/8x8\.vc/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/8x8\.vc/);
  });
});

describe.each(testEngines)("video room API on %s (stand-in script for browser tests)", (engine) => {
  const clock = testClock(inWindow);
  const t = useTestApp(engine, {
    now: clock.now,
    env: { JITSI_SCRIPT_URL: "http://127.0.0.1:5199/external_api.js", VIDEO_ROOM_OPENS_MINUTES: "100000" },
  });

  it("hands out the stand-in's address and admits its origin as a script source", async () => {
    // With the room open 100000 minutes ahead, a booking for tomorrow can be joined today.
    clock.set("2026-11-21T10:00:00Z");
    const room = await insertRoom(t.database.db, "19:00");
    const response = await lookUp(t, room.roomId);
    expect(response.statusCode).toBe(200);
    expect(response.json<OpenVideoRoom>().room.scriptUrl).toBe("http://127.0.0.1:5199/external_api.js");
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toMatch(/script-src [^;]*http:\/\/127\.0\.0\.1:5199/);
    expect(csp).not.toMatch(/frame-src [^;]*127\.0\.0\.1/);
  });
});
