import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Availability, CreatedAppointment, PublicConfig } from "@shared/booking";
import { CONSENT_VERSIONS } from "@shared/consent";
import { appointments, consents, consentTexts } from "../../db/schema";
import {
  bookingConsent,
  bookPaidAppointment,
  testClock,
  testEngines,
  useTestApp,
} from "../../testing/test-app";

// 10:00 UTC is 15:30 in India: today's slots are still bookable, tomorrow is 2026-11-22.
const clock = testClock("2026-11-21T10:00:00Z");
const env = { COUPON_CODE: "HEART10", COUPON_FEE: "1500" };

export const validBooking = {
  patientName: "Aarav Mehta",
  patientEmail: "parent.mehta@example.org",
  patientPhone: "+91 98450 12345",
  patientAge: 7,
  reasonForConsultation: "Heart murmur heard at school check-up",
  ...bookingConsent,
  appointmentDate: "2026-11-22",
  appointmentTime: "19:00",
};

describe.each(testEngines)("booking API on %s", (engine) => {
  const t = useTestApp(engine, { env, now: clock.now });
  let address = 0;
  const from = () => `10.1.0.${++address}`;
  const book = (payload: object, remoteAddress = from()) =>
    t.app.inject({ method: "POST", url: "/api/appointments", payload, remoteAddress });
  const slotsOn = async (date: string) =>
    (await t.app.inject({ method: "GET", url: `/api/appointments?date=${date}` })).json<Availability>();

  it("publishes the fee, the coupon's availability and the clinic's zone, never the coupon code", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/config" });
    expect(response.json<PublicConfig>()).toEqual({
      consultationFee: 2000,
      followUp: null,
      currency: "INR",
      couponAvailable: true,
      paymentProvider: "simulator",
      paymentMode: "sandbox",
      clinicTimeZone: "Asia/Kolkata",
      timeZoneLabel: "IST",
      holdMinutes: 15,
      minNoticeMinutes: 30,
      horizonDays: 60,
      consultationHours: [
        {
          days: "Daily",
          times: "7:00 PM - 9:00 PM",
          weekdays: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
          sessions: [{ opens: "19:00", closes: "21:00" }],
        },
      ],
    });
    expect(response.body).not.toContain("HEART10");
    expect(response.body).not.toContain("1500");
  });

  it("validates coupons trimmed and upper-cased, and limits guessing", async () => {
    const check = (code: string, remoteAddress: string) =>
      t.app.inject({ method: "POST", url: "/api/coupons/validate", payload: { code }, remoteAddress });
    const address = from();
    expect((await check(" heart10 ", address)).json()).toEqual({ valid: true, fee: 1500, discount: 500 });
    expect((await check("HEART11", address)).json()).toEqual({ valid: false, fee: 2000, discount: 0 });
    expect((await check("", address)).json()).toEqual({ valid: false, fee: 2000, discount: 0 });
    for (let i = 0; i < 7; i++) await check("GUESS" + i, address);
    const limited = await check("HEART10", address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ message: string }>().message).toMatch(
      /Too many coupon codes tried\. Please try again in \d+ seconds\./,
    );
  });

  it("creates a held appointment with a UUID and the server's price", async () => {
    const response = await book(validBooking);
    expect(response.statusCode).toBe(201);
    const { appointment } = response.json<{ appointment: CreatedAppointment }>();
    expect(appointment.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(appointment).toMatchObject({
      bookingId: appointment.id.slice(0, 8),
      // What the review step shows the parent to check: where the messages will go, as stored.
      patientName: "Aarav Mehta",
      patientPhone: "+919845012345",
      patientEmail: "parent.mehta@example.org",
      status: "pending_payment",
      paymentStatus: "pending",
      amount: 2000,
      originalFee: 2000,
      couponApplied: false,
      holdExpiresAt: "2026-11-21T10:15:00.000Z",
    });
  });

  it("shows a held slot as booked to the next visitor, without any patient data", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/appointments?date=2026-11-22" });
    expect(response.json()).toEqual({ date: "2026-11-22", bookedSlots: ["19:00"], unavailableSlots: [] });
    expect(response.body).not.toMatch(/Aarav|mehta|98450/i);
  });

  it("answers a second booking of the same slot with 409 naming the slot", async () => {
    const response = await book({ ...validBooking, patientName: "Someone Else" });
    expect(response.statusCode).toBe(409);
    expect(response.json<{ message: string }>().message).toContain("slot");
  });

  it("prices with the coupon and ignores a discountedAmount sent by the browser", async () => {
    const tampered = await book({ ...validBooking, appointmentTime: "19:20", discountedAmount: 1 });
    expect(tampered.json<{ appointment: CreatedAppointment }>().appointment).toMatchObject({
      amount: 2000,
      couponApplied: false,
    });
    const coupon = await book({
      ...validBooking,
      appointmentTime: "19:40",
      couponCode: "heart10",
      discountedAmount: 1,
    });
    expect(coupon.json<{ appointment: CreatedAppointment }>().appointment).toMatchObject({
      amount: 1500,
      originalFee: 2000,
      couponApplied: true,
    });
  });

  it("rejects each invalid field with the form's own message", async () => {
    const cases: [object, string, string][] = [
      [{ patientName: "   " }, "patientName", "Patient name is required"],
      [{ patientName: "Ab\u0001c" }, "patientName", "Please enter the name without special characters"],
      [
        { patientName: "Line\r\nBcc: x@y.z" },
        "patientName",
        "Please enter the name without special characters",
      ],
      [{ patientEmail: "" }, "patientEmail", "Email is required"],
      [{ patientEmail: "a b@c.d" }, "patientEmail", "Please enter a valid email address"],
      [{ patientPhone: "" }, "patientPhone", "Phone number is required"],
      [{ patientPhone: "98450-12" }, "patientPhone", "Please enter a valid phone number"],
      [{ patientPhone: "call me maybe" }, "patientPhone", "Please enter a valid phone number"],
      [
        { patientAge: 0 },
        "patientAge",
        "For a baby under one year, choose months and enter the age in months",
      ],
      [{ patientAge: undefined }, "patientAge", "Please enter a valid age"],
      [{ patientAge: 121 }, "patientAge", "Please enter a valid age"],
      [{ reasonForConsultation: " " }, "reasonForConsultation", "Please provide reason for consultation"],
      [{ appointmentDate: "" }, "appointmentDate", "Please select an appointment date"],
      [{ appointmentTime: "" }, "appointmentTime", "Please select a time slot"],
      [{ appointmentTime: "18:00" }, "appointmentTime", "Please select one of the available time slots"],
      [
        { teleconsultationConsent: false },
        "teleconsultationConsent",
        "Please agree to the teleconsultation consent to continue",
      ],
      [
        { teleconsultationConsent: undefined },
        "teleconsultationConsent",
        "Please agree to the teleconsultation consent to continue",
      ],
      [
        { privacyAcknowledged: false },
        "privacyAcknowledged",
        "Please confirm you have read the Privacy Notice",
      ],
      [
        { consentVersion: "2020-01-01" },
        "consentVersion",
        "The consent wording has changed since this page was opened. Please reload the page and read it again.",
      ],
      [
        { privacyAcknowledged: "true" },
        "privacyAcknowledged",
        "Please confirm you have read the Privacy Notice",
      ],
      [{ guardianName: "\u202egpj.exe" }, "guardianName", "Please enter the name without special characters"],
      [{ patientName: "Ab\u200bc" }, "patientName", "Please enter the name without special characters"],
      [{ guardianName: undefined }, "guardianName", "Please enter the name of the parent or guardian"],
      [{ guardianName: "  " }, "guardianName", "Please enter the name of the parent or guardian"],
      [
        { guardianRelationship: undefined },
        "guardianRelationship",
        "Please choose your relationship to the patient",
      ],
      [
        { guardianRelationship: "Neighbour" },
        "guardianRelationship",
        "Please choose your relationship to the patient",
      ],
    ];
    for (const [change, path, message] of cases) {
      const response = await book({ ...validBooking, appointmentTime: "20:00", ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json<{ issues: unknown[] }>().issues).toContainEqual({ path, message });
    }
    expect((await slotsOn("2026-11-22")).bookedSlots).not.toContain("20:00");
  });

  it("refuses a name without a letter and 0 years without months with a readable message, and takes names in Indian scripts", async () => {
    const letters = "Please enter a name with letters, not only numbers or symbols";
    for (const name of ["12345", "🙂🙂", "---"]) {
      for (const field of ["patientName", "guardianName"]) {
        const refused = await book({ ...validBooking, appointmentTime: "20:00", [field]: name });
        expect(refused.statusCode, `${field} ${name}`).toBe(400);
        expect(refused.json<{ message: string; issues: unknown[] }>()).toMatchObject({
          message: letters,
          issues: [{ path: field, message: letters }],
        });
      }
    }
    const baby = await book({ ...validBooking, appointmentTime: "20:00", patientAge: 0 });
    expect(baby.statusCode).toBe(400);
    expect(baby.json<{ message: string }>().message).toBe(
      "For a baby under one year, choose months and enter the age in months",
    );
    expect((await slotsOn("2026-11-22")).bookedSlots).not.toContain("20:00");

    const names = [
      ["ಸುಮಾ ರಾವ್", "ಲಕ್ಷ್ಮಿ ರಾವ್", "19:00"],
      ["आरव शर्मा", "मीना शर्मा", "19:20"],
      ["José Núñez", "Zoë O'Brien-Smith", "19:40"],
    ];
    for (const [patientName, guardianName, appointmentTime] of names) {
      const response = await book({
        ...validBooking,
        appointmentDate: "2026-11-29",
        appointmentTime,
        patientName,
        guardianName,
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json<{ appointment: CreatedAppointment }>().appointment.patientName).toBe(patientName);
    }
  });

  it("records who consented to which wording, word for word; an adult patient books without a guardian", async () => {
    const child = await book({ ...validBooking, appointmentDate: "2026-11-28", appointmentTime: "19:00" });
    expect(child.statusCode, child.body).toBe(201);
    const childId = child.json<{ appointment: CreatedAppointment }>().appointment.id;
    const [childRow] = await t.database.db.select().from(appointments).where(eq(appointments.id, childId));
    expect(childRow).toMatchObject({ guardianName: "Lakshmi Iyer", guardianRelationship: "Mother" });
    const [consent] = await t.database.db
      .select({ givenBy: consents.givenBy, givenAt: consents.givenAt, text: consentTexts })
      .from(consents)
      .innerJoin(consentTexts, eq(consents.consentTextId, consentTexts.id))
      .where(eq(consents.appointmentId, childId));
    expect(consent).toMatchObject({
      givenBy: "Lakshmi Iyer",
      givenAt: clock.now(),
      text: {
        version: CONSENT_VERSIONS.en,
        language: "en",
        teleconsultation:
          "I agree to an online video consultation for the patient. I understand that the doctor cannot examine the patient in person, may advise an in-person visit or tests, and that in an emergency I should go to the nearest hospital instead.",
        privacy:
          "I have read the Privacy Notice and agree that the details above, including the patient's health information, are used for this consultation as it describes.",
      },
    });

    const { guardianName: _name, guardianRelationship: _relationship, ...withoutGuardian } = validBooking;
    const adult = await book({
      ...withoutGuardian,
      patientName: "Ravi Kumar",
      patientAge: 19,
      appointmentDate: "2026-11-28",
      appointmentTime: "19:20",
    });
    expect(adult.statusCode, adult.body).toBe(201);
    const adultId = adult.json<{ appointment: CreatedAppointment }>().appointment.id;
    const [adultRow] = await t.database.db.select().from(appointments).where(eq(appointments.id, adultId));
    expect(adultRow).toMatchObject({ guardianName: null, guardianRelationship: null });
    const adultConsents = await t.database.db
      .select()
      .from(consents)
      .where(eq(consents.appointmentId, adultId));
    expect(adultConsents.map((row) => row.givenBy)).toEqual(["Ravi Kumar"]);
    // One wording, kept once however many bookings agreed to it.
    expect(await t.database.db.select().from(consentTexts)).toHaveLength(1);
  });

  it("a booking made in Kannada or Hindi records that language's wording; another language's version is refused", async () => {
    const times = { kn: "19:40", hi: "20:00" } as const;
    for (const language of ["kn", "hi"] as const) {
      const made = await book({
        ...validBooking,
        appointmentDate: "2026-11-28",
        appointmentTime: times[language],
        language,
        consentVersion: CONSENT_VERSIONS[language],
      });
      expect(made.statusCode, made.body).toBe(201);
      const id = made.json<{ appointment: CreatedAppointment }>().appointment.id;
      const [consent] = await t.database.db
        .select({ text: consentTexts })
        .from(consents)
        .innerJoin(consentTexts, eq(consents.consentTextId, consentTexts.id))
        .where(eq(consents.appointmentId, id));
      expect(consent?.text).toMatchObject({ version: CONSENT_VERSIONS[language], language });
      // The text as the dialog shows it, without the link's markup, and in the language's script.
      const words = `${consent?.text.teleconsultation} ${consent?.text.privacy}`;
      expect(words).not.toMatch(/[<>]|[A-Za-z]{3,}/);
      expect(words).toMatch(language === "kn" ? /[\u0C80-\u0CFF]{4}/ : /[\u0900-\u097F]{4}/);
    }

    const stale = await book({
      ...validBooking,
      appointmentDate: "2026-11-28",
      appointmentTime: "20:20",
      language: "kn",
      consentVersion: "2000-01-01",
    });
    expect(stale.statusCode).toBe(400);
    expect(stale.json<{ message: string }>().message).toMatch(/consent wording has changed/);
  });

  it("books a baby under one year by months, and keeps months only for an age of 0", async () => {
    const baby = await book({
      ...validBooking,
      appointmentTime: "20:40",
      patientAge: 0,
      patientAgeMonths: 5,
    });
    expect(baby.statusCode, baby.body).toBe(201);
    const { appointment } = baby.json<{ appointment: CreatedAppointment }>();
    const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, appointment.id));
    expect(row).toMatchObject({ patientAge: 0, patientAgeMonths: 5 });
    const tooOld = await book({
      ...validBooking,
      appointmentTime: "20:20",
      patientAge: 0,
      patientAgeMonths: 12,
    });
    expect(tooOld.json<{ issues: unknown[] }>().issues).toContainEqual({
      path: "patientAgeMonths",
      message: "Please enter the age in months (0 to 11)",
    });
  });

  it("refuses past dates, dates beyond the horizon and slots inside the minimum notice", async () => {
    const yesterday = await book({ ...validBooking, appointmentDate: "2026-11-20" });
    expect(yesterday.statusCode).toBe(400);
    expect(yesterday.json<{ message: string }>().message).toBe(
      "This date can no longer be booked. Please choose a later date.",
    );
    const lastDay = await book({ ...validBooking, appointmentDate: "2027-01-20", appointmentTime: "20:40" });
    expect(lastDay.statusCode).toBe(201);
    const beyond = await book({ ...validBooking, appointmentDate: "2027-01-21" });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json<{ message: string }>().message).toContain("up to 60 days ahead");

    clock.set("2026-11-21T13:05:00Z"); // 18:35 IST: 7:00 PM is 25 minutes away, 7:20 PM is 45.
    const tooSoon = await book({ ...validBooking, appointmentDate: "2026-11-21", appointmentTime: "19:00" });
    expect(tooSoon.statusCode).toBe(400);
    expect(tooSoon.json<{ message: string }>().message).toContain("at least 30 minutes ahead");
    expect((await slotsOn("2026-11-21")).unavailableSlots).toEqual(["19:00"]);
    clock.set("2026-11-21T10:00:00Z");
  });

  it("answers a malformed date with 400 and the list without a date only to the administrator", async () => {
    for (const date of ["tomorrow", "2026-02-30", "2026-11-22' or 1=1"]) {
      const response = await t.app.inject({
        method: "GET",
        url: `/api/appointments?date=${encodeURIComponent(date)}`,
      });
      expect(response.statusCode, date).toBe(400);
    }
    expect((await t.app.inject({ method: "GET", url: "/api/appointments" })).statusCode).toBe(401);
  });

  it("frees the slot of a lapsed hold, even before the sweeper marks it", async () => {
    const first = await book({ ...validBooking, appointmentDate: "2026-11-23" });
    const { appointment } = first.json<{ appointment: CreatedAppointment }>();
    expect((await slotsOn("2026-11-23")).bookedSlots).toEqual(["19:00"]);

    clock.advanceMinutes(15);
    expect((await slotsOn("2026-11-23")).bookedSlots).toEqual([]);
    const second = await book({ ...validBooking, appointmentDate: "2026-11-23", patientName: "Next Parent" });
    expect(second.statusCode).toBe(201);
    const [old] = await t.database.db.select().from(appointments).where(eq(appointments.id, appointment.id));
    expect(old?.status).toBe("expired");
    clock.set("2026-11-21T10:00:00Z");
  });

  it("replaces the parent's own unpaid hold at once when the details or the coupon change before paying", async () => {
    // A phone that has not used the coupon yet: each phone number may use it once.
    const onDay = { ...validBooking, appointmentDate: "2026-11-24", patientPhone: "+91 98450 77777" };
    const first = (await book(onDay)).json<{ appointment: CreatedAppointment }>().appointment;
    const corrected = await book({
      ...onDay,
      patientEmail: "mehta.parent@example.org",
      couponCode: "HEART10",
      replacesAppointmentId: first.id,
    });
    expect(corrected.statusCode).toBe(201);
    expect(corrected.json<{ appointment: CreatedAppointment }>().appointment).toMatchObject({
      patientEmail: "mehta.parent@example.org",
      amount: 1500,
    });
    const [old] = await t.database.db.select().from(appointments).where(eq(appointments.id, first.id));
    expect(old).toMatchObject({ status: "expired", paymentStatus: "pending", holdExpiresAt: clock.now() });
    expect((await slotsOn("2026-11-24")).bookedSlots).toEqual(["19:00"]);

    // Another parent (another phone and e-mail) who names someone's hold does not release it: the time stays taken.
    const second = (await book({ ...onDay, appointmentTime: "20:20" })).json<{
      appointment: CreatedAppointment;
    }>().appointment;
    const stranger = await book({
      ...onDay,
      appointmentTime: "20:20",
      patientEmail: "someone.else@example.org",
      patientPhone: "+91 90000 22222",
      replacesAppointmentId: second.id,
    });
    expect(stranger.statusCode).toBe(409);
    const [untouched] = await t.database.db.select().from(appointments).where(eq(appointments.id, second.id));
    expect(untouched?.status).toBe("pending_payment");

    // A paid booking is never released by a booking that names it, nor is an unknown id an obstacle.
    const paid = await bookPaidAppointment(t.app, {
      appointmentDate: "2026-11-24",
      appointmentTime: "19:20",
    });
    const onPaid = await book({ ...onDay, appointmentTime: "19:20", replacesAppointmentId: paid.id });
    expect(onPaid.statusCode).toBe(409);
    const [kept] = await t.database.db.select().from(appointments).where(eq(appointments.id, paid.id));
    expect(kept?.status).toBe("confirmed");
    const unknown = await book({
      ...onDay,
      appointmentTime: "19:40",
      replacesAppointmentId: "00000000-0000-4000-8000-000000000000",
    });
    expect(unknown.statusCode).toBe(201);
    expect(
      (await book({ ...onDay, appointmentTime: "20:00", replacesAppointmentId: "abc" })).statusCode,
    ).toBe(400);
  });

  it("lets one address start 20 bookings an hour, then answers 429 with when to try again", async () => {
    const address = from();
    const times = ["19:00", "19:20", "19:40", "20:00", "20:20"];
    for (let i = 0; i < 20; i++) {
      const response = await book(
        {
          ...validBooking,
          appointmentDate: `2026-12-${String(1 + Math.floor(i / 5)).padStart(2, "0")}`,
          appointmentTime: times[i % 5],
        },
        address,
      );
      expect(response.statusCode).toBe(201);
    }
    const limited = await book({ ...validBooking, appointmentDate: "2026-12-10" }, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ message: string }>().message).toMatch(
      /^Too many bookings were started from this address\. Please try again in \d+ minutes/,
    );
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("counts an IPv6 visitor by its /64, so a phone cannot pass the limit by changing the address's last half", async () => {
    const times = ["19:00", "19:20", "19:40", "20:00", "20:20"];
    for (let i = 0; i < 20; i++) {
      const response = await book(
        {
          ...validBooking,
          appointmentDate: `2026-12-0${5 + Math.floor(i / 5)}`,
          appointmentTime: times[i % 5],
        },
        `2001:db8:1:2::${(i + 1).toString(16)}`,
      );
      expect(response.statusCode).toBe(201);
    }
    const sameNetwork = await book(
      { ...validBooking, appointmentDate: "2026-12-09", appointmentTime: "19:00" },
      "2001:db8:1:2:ffff:ffff:ffff:fffe",
    );
    expect(sameNetwork.statusCode).toBe(429);
    const otherNetwork = await book(
      { ...validBooking, appointmentDate: "2026-12-09", appointmentTime: "19:00" },
      "2001:db8:1:3::1",
    );
    expect(otherNetwork.statusCode).toBe(201);
  });

  it("counts only bookings made against the address's limit, not refused ones", async () => {
    const address = from();
    for (let i = 0; i < 25; i++) {
      const refused = await book({ ...validBooking, patientName: "" }, address);
      expect(refused.statusCode).toBe(400);
    }
    const first = await book(
      { ...validBooking, appointmentDate: "2026-12-20", appointmentTime: "19:00" },
      address,
    );
    expect(first.statusCode).toBe(201);
    for (let i = 0; i < 5; i++) {
      const taken = await book(
        { ...validBooking, appointmentDate: "2026-12-20", appointmentTime: "19:00" },
        address,
      );
      expect(taken.statusCode).toBe(409);
    }
    const next = await book(
      { ...validBooking, appointmentDate: "2026-12-20", appointmentTime: "19:20" },
      address,
    );
    expect(next.statusCode).toBe(201);
  });

  it("answers the admin list 401 without a session, before it looks at the query", async () => {
    for (const url of [
      "/api/appointments?limit=0",
      "/api/appointments?limit=abc",
      `/api/appointments?cursor=${"x".repeat(201)}`,
    ]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(401);
    }
    const invalidDate = await t.app.inject({ method: "GET", url: "/api/appointments?date=2026-13-01" });
    expect(invalidDate.statusCode).toBe(400);
  });

  it("gives exactly one of 50 simultaneous bookings of one slot, and 409 to the 49 others", async () => {
    const attempts = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        book({ ...validBooking, appointmentDate: "2026-11-25", patientName: `Parent ${i}` }),
      ),
    );
    const codes = attempts.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(49);
    for (const response of attempts.filter((r) => r.statusCode === 409)) {
      expect(response.json<{ message: string }>().message).toContain("slot");
    }
    const rows = await t.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.appointmentDate, "2026-11-25"));
    expect(rows).toHaveLength(1);
  });

  it("takes a mobile number WhatsApp can reach, Indian unless it starts with +, and stores it in E.164", async () => {
    // Numbers the old check let through, then WhatsApp could not use: the spec's message, and no slot held.
    for (const patientPhone of [
      "----------",
      "1234567890",
      "0000000000",
      "+91 80 4123 4567", // a Bengaluru landline
      "080 4123 4567",
      "98450 1234", // a digit short
      "+44 20 7946 0958", // a London landline
      "+1 234 567",
      "98450 12345 x2", // an extension: WhatsApp cannot dial one
    ]) {
      const refused = await book({ ...validBooking, appointmentDate: "2026-12-15", patientPhone });
      expect(refused.statusCode, patientPhone).toBe(400);
      expect(refused.json<{ issues: unknown[] }>().issues).toEqual([
        { path: "patientPhone", message: "Please enter a valid phone number" },
      ]);
    }
    expect((await slotsOn("2026-12-15")).bookedSlots).toEqual([]);

    const typed: [string, string, string][] = [
      ["98450 12345", "19:00", "+919845012345"],
      ["098450-12345", "19:20", "+919845012345"],
      ["+91 (98450) 12345", "19:40", "+919845012345"],
      ["+971 50 123 4567", "20:00", "+971501234567"],
      ["+1 415 555 2671", "20:20", "+14155552671"],
    ];
    for (const [patientPhone, appointmentTime, stored] of typed) {
      const response = await book({
        ...validBooking,
        appointmentDate: "2026-12-15",
        appointmentTime,
        patientPhone,
      });
      expect(response.statusCode, response.body).toBe(201);
      const { id } = response.json<{ appointment: CreatedAppointment }>().appointment;
      const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, id));
      expect(row?.patientPhone, patientPhone).toBe(stored);
    }
  });
});
