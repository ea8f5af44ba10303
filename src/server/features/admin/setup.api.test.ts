import { describe, expect, it } from "vitest";
import { sampleProfile } from "@shared/sample-profile";
import type { SetupEmailTest, SetupFacts } from "@shared/setup";
import type { ManageView } from "@shared/manage";
import { drainOutboxOf } from "../../testing/app-jobs";
import { seedSampleContent } from "../articles/seed";
import { readableMail } from "../../testing/mime";
import { startSmtpStandIn } from "../../testing/smtp-stand-in";
import { useInSuite } from "../../testing/suite";
import {
  bookPaidAppointment,
  createTestApp,
  doctorRequest,
  signInAsAdmin,
  TEST_SITE,
  testClock,
  testEngines,
  useTestApp,
} from "../../testing/test-app";

/**
 * The first-start checklist's facts and its test e-mail, as the dashboard reads them, and the production rule that
 * the sample's registration number is never served: not on the pages, not on a receipt or a prescription.
 */
const clock = testClock("2026-11-21T10:00:00Z");

describe.each(testEngines)("the setup checklist on %s", (engine) => {
  const smtp = useInSuite(startSmtpStandIn);
  const t = useTestApp(engine, () => ({
    now: clock.now,
    env: { SMTP_URL: smtp.url, DOCTOR_EMAIL: "doctor@clinic.example" },
  }));

  const admin = async (method: "GET" | "POST" | "PUT", url: string, payload?: object) => {
    const headers = { cookie: await signInAsAdmin(t.app), origin: "http://localhost:80" };
    return doctorRequest(t.app, headers, method, url, payload);
  };
  const facts = async () => (await admin("GET", "/api/admin/setup")).json<SetupFacts>();

  it("answers 401 without a session and 403 from another origin", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/admin/setup" })).statusCode).toBe(401);
    const cookie = await signInAsAdmin(t.app);
    const foreign = await t.app.inject({
      method: "POST",
      url: "/api/admin/setup/test-email",
      headers: { cookie, origin: "https://evil.example" },
      payload: {},
    });
    expect(foreign.statusCode).toBe(403);
    expect(smtp.messages).toHaveLength(0);
  });

  it("starts with everything the doctor makes her own still to do, and ticks each as it is saved", async () => {
    expect(await facts()).toEqual({
      profileReplaced: false,
      photoUploaded: false,
      signatureUploaded: false,
      registrationSet: false,
      fees: { consultationFee: 2000, followUp: null, savedByDoctor: false },
      ownContacts: { email: true, whatsapp: false },
      sampleArticles: 0,
      hoursSaved: false,
      payments: { provider: "simulator", environment: "sandbox", keysPresent: false },
      email: "configured",
      whatsapp: "file",
      video: { service: "jitsi", domain: "meet.jit.si" },
      production: false,
    });

    // The sample articles a new embedded database starts with are the doctor's to replace.
    const seeded = await seedSampleContent(t.database.db);
    expect((await facts()).sampleArticles).toBe(seeded);

    const { photoUrl: _photo, signatureImage: _signature, ...doctor } = sampleProfile.doctor;
    const profile = {
      ...sampleProfile,
      social: [],
      doctor: {
        ...doctor,
        name: "Dr. Sunita Kulkarni",
        registration: { number: "KMC 45678", council: "KMC" },
      },
    };
    expect((await admin("PUT", "/api/admin/profile", profile)).statusCode).toBe(200);
    expect(
      (await admin("PUT", "/api/admin/fees", { consultationFee: 1800, followUp: { fee: 0, withinDays: 7 } }))
        .statusCode,
    ).toBe(200);
    const weekly = {
      monday: [{ start: "18:00", end: "20:00", slotMinutes: 20, gapMinutes: 0 }],
      tuesday: [],
      wednesday: [],
      thursday: [],
      friday: [],
      saturday: [],
      sunday: [],
    };
    const hours = await admin("PUT", "/api/admin/schedule", {
      weekly,
      minNoticeMinutes: 120,
      horizonDays: 30,
    });
    expect(hours.statusCode, hours.body).toBe(200);

    expect(await facts()).toMatchObject({
      profileReplaced: true,
      registrationSet: true,
      fees: { consultationFee: 1800, followUp: { fee: 0, withinDays: 7 }, savedByDoctor: true },
      hoursSaved: true,
    });
  });

  it("sends the test e-mail to the doctor's own address through the mail server", async () => {
    const sent = await admin("POST", "/api/admin/setup/test-email");
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<SetupEmailTest>()).toEqual({ to: "doctor@clinic.example", outcome: "sent", note: null });
    const mail = smtp.messages.at(-1);
    expect(mail?.to).toEqual(["doctor@clinic.example"]);
    expect(readableMail(mail?.raw ?? "")).toContain("If you can read it, the site can send e-mails");

    // Her own address, saved in Settings, comes before the server's DOCTOR_EMAIL: for the test and for bookings.
    const wrong = await admin("PUT", "/api/admin/doctor-contacts", {
      email: "not an address",
      whatsapp: "12345",
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ issues: { path: string; message: string }[] }>().issues).toEqual([
      { path: "email", message: "Enter an e-mail address such as name@example.com" },
      { path: "whatsapp", message: "Enter a mobile number such as +91 98450 12345" },
    ]);
    const saved = await admin("PUT", "/api/admin/doctor-contacts", {
      email: "sunita.private@example.org",
      whatsapp: "98450 12399",
    });
    expect(saved.json()).toEqual({ email: "sunita.private@example.org", whatsapp: "+919845012399" });
    expect((await admin("GET", "/api/admin/doctor-contacts")).json()).toEqual(saved.json());
    const toHer = await admin("POST", "/api/admin/setup/test-email");
    expect(toHer.json<SetupEmailTest>().to).toBe("sunita.private@example.org");
    await bookPaidAppointment(
      t.app,
      { appointmentDate: "2026-11-23", appointmentTime: "18:00" },
      "10.90.1.1",
    );
    await drainOutboxOf(t, clock.now);
    const copy = smtp.messages.find((mail) => readableMail(mail.raw).includes("New video consultation"));
    expect(copy?.to).toEqual(["sunita.private@example.org"]);

    smtp.refuseNext(1, 550, "mailbox unavailable", "rcpt");
    const refused = await admin("POST", "/api/admin/setup/test-email");
    expect(refused.statusCode).toBe(502);
    expect(refused.json<{ message: string }>().message).toMatch(/^The mail server refused the test e-mail/);
  });
});

describe.each(testEngines)("the sample's registration number in production on %s", (engine) => {
  const production = {
    NODE_ENV: "production",
    PAYMENT_PROVIDER: "simulator",
    PUBLIC_BASE_URL: TEST_SITE,
  };

  const smtp = useInSuite(startSmtpStandIn);

  it("is refused on receipts until the doctor sets her own, and says so at start", async () => {
    const t = await createTestApp(engine, {
      now: clock.now,
      env: { ...production, SMTP_URL: smtp.url, MAIL_FROM: "clinic@clinic.example" },
      serveClient: false,
    });
    try {
      expect(t.logs.join("")).toContain("the doctor's registration number is still the sample's");
      const { id, token } = await bookPaidAppointment(t.app, {}, "10.90.0.1");
      const receipt = await t.app.inject({ method: "GET", url: `/api/manage/${token}/receipt` });
      expect(receipt.statusCode).toBe(409);
      expect(receipt.json<{ message: string }>().message).toBe(
        "The doctor's registration number is not set yet, and receipts and prescriptions carry it. The doctor sets it in the dashboard's Settings.",
      );
      // The parent's confirmation still goes out, without a receipt; the booking's page offers none.
      const view = (await t.app.inject({ method: "GET", url: `/api/manage/${token}` })).json<ManageView>();
      expect(view.appointment.receiptAvailable).toBe(false);
      await drainOutboxOf(t, clock.now);
      const confirmation = smtp.messages.find((mail) => mail.to.includes("pillai.family@example.org"));
      expect(confirmation?.raw).toContain("Your video consultation is confirmed");
      expect(confirmation?.raw).not.toContain("application/pdf");

      const cookie = await signInAsAdmin(t.app, { origin: TEST_SITE });
      const headers = { cookie, origin: TEST_SITE };
      const { photoUrl: _photo, signatureImage: _signature, ...doctor } = sampleProfile.doctor;
      const saved = await t.app.inject({
        method: "PUT",
        url: "/api/admin/profile",
        headers,
        payload: {
          ...sampleProfile,
          social: [],
          doctor: { ...doctor, registration: { number: "KMC 45678", council: "KMC" } },
        },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const after = await t.app.inject({ method: "GET", url: `/api/manage/${token}/receipt` });
      expect(after.statusCode).toBe(200);
      expect(
        (await t.app.inject({ method: "GET", url: `/api/admin/appointments/${id}/receipt`, headers }))
          .statusCode,
      ).toBe(200);
    } finally {
      await t.close();
    }
  });
});
