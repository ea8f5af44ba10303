import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq, like } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { CreatedAppointment } from "@shared/booking";
import { addDaysToDate, slotStart } from "@shared/clinic-time";
import type {
  AdminPrescriptions,
  ConsultationNotesView,
  IssuePrescriptionInput,
  ParentPrescriptions,
  PrescriptionView,
} from "@shared/prescription";
import { sampleProfile } from "@shared/sample-profile";
import type { SiteProfile } from "@shared/site-profile";
import { accessLog, outboxMessages, prescriptions } from "../../db/schema";
import { formatWhenLong } from "../../integrations/messaging/format-appointment";
import { drainOutboxOf } from "../../testing/app-jobs";
import { mimeParts, readableMail } from "../../testing/mime";
import { startMessagingStandIns } from "../../testing/messaging-stand-ins";
import { useInSuite } from "../../testing/suite";
import {
  bookingFor,
  bookingPayload,
  bookPaidAppointment,
  doctorRequest,
  testEngines,
  useSiteApp,
} from "../../testing/test-app";
import { textOfPdf } from "../../testing/pdf-text";

/**
 * Consultation notes and e-prescriptions through the API, as the doctor's dashboard and the parent's manage link use
 * them: the PDF's contents, versions that are never edited, the e-mail and WhatsApp messages that carry the PDF, the
 * parent's downloads, refused input, and the access log.
 */
// 21 Nov 2026, 3:30 PM IST; consultations are booked from 23 Nov on, at 7:00 PM IST.
const START = "2026-11-21T10:00:00Z";

/** A 1×1 PNG: the doctor's signature image named by the profile. */
const SIGNATURE_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

const prescriptionInput = (changes: Partial<IssuePrescriptionInput> = {}): IssuePrescriptionInput => ({
  patientSex: "female",
  weightKg: 17.5,
  diagnosis: "Small muscular ventricular septal defect",
  medicines: [
    {
      genericName: "  furosemide ",
      strength: "10 mg/ml",
      dose: "1 ml",
      frequency: "twice a day",
      duration: "5 days",
      instructions: "After food",
    },
  ],
  investigations: "Echocardiogram in 3 months",
  advice: "Smaller feeds, more often.",
  followUpDate: "2027-02-23",
  ...changes,
});

/** The sample profile, its doctor's signature image written to a file of its own. */
function profileWithSignature(): SiteProfile {
  const signature = join(mkdtempSync(join(tmpdir(), "clinic-signature-")), "signature.png");
  writeFileSync(signature, SIGNATURE_PNG);
  return { ...sampleProfile, doctor: { ...sampleProfile.doctor, signatureImage: signature } };
}

/** The bytes of a base64 attachment in a raw MIME message, found by its file name. */
function attachment(raw: string, filename: string): { contentType: string; bytes: Buffer } | undefined {
  for (const part of raw.split(/\r?\n--[^\r\n]+\r?\n/)) {
    const end = part.search(/\r?\n\r?\n/);
    const headers = part.slice(0, end).replace(/\r?\n[ \t]+/g, " ");
    if (!headers.includes(`filename=${filename}`) && !headers.includes(`filename="${filename}"`)) continue;
    const contentType = /content-type:\s*([^;\r\n]+)/i.exec(headers)?.[1]?.trim() ?? "";
    const body = part.slice(end).split(/\r?\n--/)[0] ?? "";
    return { contentType, bytes: Buffer.from(body.replace(/\s+/g, ""), "base64") };
  }
  return undefined;
}

describe.each(testEngines)("notes and e-prescriptions on %s", (engine) => {
  const messaging = useInSuite(startMessagingStandIns);
  const { clock, t, signIn, doctorHeaders } = useSiteApp(engine, START, () => ({
    profile: profileWithSignature(),
    env: messaging.env,
  }));
  let cookie = "";
  let day = 0;

  beforeEach(async () => {
    clock.set(START);
    // A fresh session each time: the clock moves, and sessions lapse after two idle hours.
    cookie = await signIn();
  });

  /**
   * Books 7:00 PM IST on the next free day and pays on the simulator; then, unless told not to, moves the clock to
   * `minutesIn` minutes into the consultation (a prescription is issued once it has started). Answers the
   * appointment, its manage token and its date.
   */
  async function bookAndPay(patientName = "Meera Pillai", { started = true, minutesIn = 15 } = {}) {
    day += 1;
    const date = addDaysToDate("2026-11-22", day);
    const booking = bookingFor(patientName, { appointmentDate: date });
    const paid = await bookPaidAppointment(t.app, booking, `10.77.0.${day}`);
    if (started) await moveClockTo(consultationStart(date), minutesIn);
    return { ...paid, date };
  }

  /** The consultation's start (7:00 PM IST) on a date. */
  const consultationStart = (date: string) => slotStart(date, "19:00", "Asia/Kolkata");

  /** Moves the clock to `minutes` after an instant, and signs in again (a session lapses after two idle hours). */
  async function moveClockTo(at: Date, minutes = 0) {
    clock.set(new Date(at.getTime() + minutes * 60_000).toISOString());
    cookie = await signIn();
  }

  const admin = (method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
    doctorRequest(t.app, doctorHeaders(cookie), method, url, payload);
  const issue = (id: string, input: object) =>
    admin("POST", `/api/admin/appointments/${id}/prescriptions`, input);
  const list = async (id: string) =>
    (await admin("GET", `/api/admin/appointments/${id}/prescriptions`)).json<AdminPrescriptions>();
  const adminPdf = async (id: string, prescriptionId: string) => {
    const response = await admin("GET", `/api/admin/appointments/${id}/prescriptions/${prescriptionId}/pdf`);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    return response.rawPayload;
  };
  const drain = () => drainOutboxOf(t, clock.now);
  const prescriptionMessages = (id: string) =>
    t.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.appointmentId, id), like(outboxMessages.kind, "prescription_%")));
  const logRows = (recordId: string) =>
    t.database.db.select().from(accessLog).where(eq(accessLog.recordId, recordId));

  it("issues a prescription whose PDF holds the doctor's registration, the patient and the medicines in capitals", async () => {
    const { id } = await bookAndPay("Ira Menon");
    const response = await issue(id, prescriptionInput());
    expect(response.statusCode, response.body).toBe(201);
    const issued = response.json<PrescriptionView>();
    expect(issued).toMatchObject({ version: 1, replacesId: null, replacesVersion: null, superseded: false });
    expect(issued.content.medicines[0]?.genericName).toBe("FUROSEMIDE");

    const text = await textOfPdf(await adminPdf(id, issued.id));
    for (const expected of [
      "Dr. Ananya Rao",
      `Reg. No. ${sampleProfile.doctor.registration.number}, ${sampleProfile.doctor.registration.council}`,
      "Teleconsultation",
      "Patient: Ira Menon",
      "Age: 5 years · Sex: Female · Weight: 17.5 kg",
      "Parent or guardian: Lakshmi Iyer (Mother)",
      "Small muscular ventricular septal defect",
      "1. FUROSEMIDE 10 mg/ml",
      "Dose: 1 ml · Frequency: twice a day · Duration: 5 days",
      "Follow-up: Tuesday, 23 February 2027",
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain("furosemide");
    // The profile's signature image is printed instead of the electronic-signature sentence.
    expect(text).not.toContain("Signed electronically");
  });

  it("issues a correction as version 2 naming version 1, and leaves version 1 as it was", async () => {
    const { id } = await bookAndPay("Kabir Das");
    const first = (await issue(id, prescriptionInput())).json<PrescriptionView>();
    const [storedFirst] = await t.database.db
      .select()
      .from(prescriptions)
      .where(eq(prescriptions.id, first.id));
    const firstText = await textOfPdf(await adminPdf(id, first.id));

    const again = await issue(id, prescriptionInput());
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toMatch(/correction that replaces version 1/);

    clock.advanceMinutes(20);
    const corrected = await issue(
      id,
      prescriptionInput({
        replaces: first.id,
        medicines: [
          {
            genericName: "Furosemide",
            strength: "10 mg/ml",
            dose: "0.5 ml",
            frequency: "twice a day",
            duration: "5 days",
          },
        ],
      }),
    );
    expect(corrected.statusCode, corrected.body).toBe(201);
    const second = corrected.json<PrescriptionView>();
    expect(second).toMatchObject({ version: 2, replacesId: first.id, replacesVersion: 1 });

    // A correction must start from the latest version: replacing version 1 again is refused.
    const stale = await issue(id, prescriptionInput({ replaces: first.id }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ message: string }>().message).toMatch(/latest version, which is version 2/);

    const versions = await list(id);
    expect(versions.prescriptions.map((p) => [p.version, p.superseded])).toEqual([
      [2, false],
      [1, true],
    ]);
    expect(versions.prescriptions[1]?.content).toEqual(first.content);
    const [storedAfter] = await t.database.db
      .select()
      .from(prescriptions)
      .where(eq(prescriptions.id, first.id));
    expect(storedAfter).toEqual(storedFirst);
    expect(await textOfPdf(await adminPdf(id, first.id))).toBe(firstText);

    const secondText = await textOfPdf(await adminPdf(id, second.id));
    expect(secondText).toContain("Version 2");
    // Booked for 24 Nov at 7:00 PM IST, issued a quarter of an hour in.
    expect(secondText).toMatch(/replaces version 1 issued on 24 Nov 2026, 7:15 PM IST/);
    expect(secondText).toContain("Dose: 0.5 ml");
  });

  it("takes the form's own output: no follow-up date and no weight sent as null", async () => {
    const { id } = await bookAndPay("Anya Bose");
    const answer = await issue(id, { ...prescriptionInput(), followUpDate: null, weightKg: null });
    expect(answer.statusCode, answer.body).toBe(201);
    expect((await list(id)).prescriptions[0]?.content).toMatchObject({ followUpDate: null, weightKg: null });
  });

  it("makes exactly one version of two issues sent at once", async () => {
    const { id } = await bookAndPay("Tara Joshi");
    const answers = await Promise.all([issue(id, prescriptionInput()), issue(id, prescriptionInput())]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect((await list(id)).prescriptions.map((p) => p.version)).toEqual([1]);
  });

  it("e-mails the PDF as an attachment and sends it on WhatsApp as the template's document, for each version", async () => {
    messaging.clear();
    const { id, date } = await bookAndPay("Arjun Nair");
    await drain(); // the booking's confirmations first
    messaging.clear();
    const first = (await issue(id, prescriptionInput())).json<PrescriptionView>();
    await drain();

    const filename = `prescription-${id.slice(0, 8)}-v1.pdf`;
    const mail = messaging.smtp.messages.find((message) => message.to.includes("arjun.parent@example.org"));
    expect(mail, "an e-mail to the parent").toBeDefined();
    expect(readableMail(mail?.raw ?? "")).toMatch(
      /Subject: Prescription for Arjun Nair from Dr\. Ananya Rao/,
    );
    const attached = attachment(mail?.raw ?? "", filename);
    expect(attached?.contentType).toBe("application/pdf");
    expect(await textOfPdf(attached?.bytes ?? Buffer.alloc(0))).toContain("1. FUROSEMIDE 10 mg/ml");

    const upload = messaging.whatsapp.requests.find((request) => request.path.endsWith("/media"));
    const send = messaging.whatsapp.requests.find((request) => request.path.endsWith("/messages"));
    expect(upload?.status).toBe(200);
    expect(upload?.body).toMatchObject({
      messaging_product: "whatsapp",
      type: "application/pdf",
      file: { filename, type: "application/pdf" },
    });
    expect(send?.status).toBe(200);
    const template = (send?.body as { template: { name: string; components: unknown[] } }).template;
    expect(template.name).toBe("consultation_prescription");
    const [header, body] = template.components as [
      { type: string; parameters: { document: { id: string; filename: string } }[] },
      { parameters: { text: string }[] },
    ];
    expect(header.type).toBe("header");
    expect(header.parameters[0]?.document.filename).toBe(filename);
    const uploaded = messaging.whatsapp.media.get(header.parameters[0]?.document.id ?? "");
    expect(await textOfPdf(uploaded?.bytes ?? Buffer.alloc(0))).toContain(
      `Reg. No. ${sampleProfile.doctor.registration.number}`,
    );
    const parameters = body.parameters.map((parameter) => parameter.text);
    expect(parameters.slice(0, 4)).toEqual([
      "Arjun Nair",
      "Dr. Ananya Rao",
      formatWhenLong(slotStart(date, "19:00", "Asia/Kolkata"), "Asia/Kolkata", "IST"),
      "prescription",
    ]);
    expect(parameters[4]).toMatch(/^https:\/\/clinic\.test\/appointments\/manage\/[A-Za-z0-9_-]{43}$/);
    expect(
      (await prescriptionMessages(id)).map((row) => `${row.kind} ${row.channel} ${row.status}`).sort(),
    ).toEqual(["prescription_v1 email sent", "prescription_v1 whatsapp sent"]);

    messaging.clear();
    await issue(id, prescriptionInput({ replaces: first.id }));
    await drain();
    expect(readableMail(messaging.smtp.messages[0]?.raw ?? "")).toMatch(
      /Subject: Corrected prescription \(version 2\)/,
    );
    expect(
      attachment(messaging.smtp.messages[0]?.raw ?? "", `prescription-${id.slice(0, 8)}-v2.pdf`),
    ).toBeDefined();
    const correction = messaging.whatsapp.requests.find((request) => request.path.endsWith("/messages"))
      ?.body as {
      template: { components: { parameters: { text?: string }[] }[] };
    };
    expect(correction.template.components[1]?.parameters[3]?.text).toBe(
      "corrected prescription (version 2, replaces version 1)",
    );
  });

  it("lets the parent download it through their link, and answers 404 to another parent's link", async () => {
    const mine = await bookAndPay("Neel Shah");
    const other = await bookAndPay("Zoya Khan");
    const issued = (await issue(mine.id, prescriptionInput())).json<PrescriptionView>();

    const listed = await t.app.inject({ method: "GET", url: `/api/manage/${mine.token}/prescriptions` });
    expect(listed.statusCode).toBe(200);
    expect(listed.json<ParentPrescriptions>().prescriptions).toEqual([
      { id: issued.id, version: 1, replacesVersion: null, issuedAt: issued.issuedAt, superseded: false },
    ]);
    const download = await t.app.inject({
      method: "GET",
      url: `/api/manage/${mine.token}/prescriptions/${issued.id}/pdf`,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("application/pdf");
    expect(download.headers["content-disposition"]).toContain(`prescription-${mine.id.slice(0, 8)}-v1.pdf`);
    expect(await textOfPdf(download.rawPayload)).toContain("Patient: Neel Shah");

    const othersLink = await t.app.inject({
      method: "GET",
      url: `/api/manage/${other.token}/prescriptions/${issued.id}/pdf`,
    });
    expect(othersLink.statusCode).toBe(404);
    expect(othersLink.json<{ message: string }>().message).toBe("Prescription not found");
    expect(
      (
        await t.app.inject({ method: "GET", url: `/api/manage/${other.token}/prescriptions` })
      ).json<ParentPrescriptions>().prescriptions,
    ).toEqual([]);
    const unknown = await t.app.inject({ method: "GET", url: `/api/manage/${"A".repeat(43)}/prescriptions` });
    expect(unknown.statusCode).toBe(404);

    const downloads = (await logRows(issued.id)).filter((row) => row.session === "parent link");
    expect(downloads.map((row) => `${row.action} ${row.recordType} ${row.detail}`)).toEqual([
      "download prescription downloaded version 1",
    ]);
  });

  it("refuses bad input with 400 and a readable message, and stores nothing", async () => {
    const { id } = await bookAndPay("Dev Kapoor");
    const cases: [object, RegExp][] = [
      // Nothing to send: no medicine, no investigations, no advice.
      [
        prescriptionInput({ medicines: [], investigations: " ", advice: "" }),
        /^The prescription is empty: add a medicine, or write the investigations or the advice$/,
      ],
      [
        { ...prescriptionInput(), medicines: undefined, investigations: undefined, advice: undefined },
        /^The prescription is empty/,
      ],
      [
        prescriptionInput({
          medicines: [
            { genericName: " ", strength: "5 mg", dose: "1 tablet", frequency: "daily", duration: "5 days" },
          ],
        }),
        /^Medicine 1: enter the generic name$/,
      ],
      [
        {
          ...prescriptionInput(),
          medicines: [{ strength: "5 mg", dose: "1 tablet", frequency: "daily", duration: "5 days" }],
        },
        /^Medicine 1: enter the generic name$/,
      ],
      [{ ...prescriptionInput(), diagnosis: undefined }, /^Enter the provisional diagnosis$/],
      [prescriptionInput({ followUpDate: "2026-11-23" }), /^The follow-up date is in the past/],
      [prescriptionInput({ followUpDate: "2026-02-30" }), /^Enter a real follow-up date/],
      [prescriptionInput({ followUpDate: "next week" }), /^Enter a real follow-up date/],
      [{ ...prescriptionInput(), patientSex: undefined }, /^Choose the patient's sex$/],
      // Marks that reverse the text after them, or control characters, which print as boxes on the PDF.
      [
        prescriptionInput({
          medicines: [
            {
              genericName: "digoxin",
              strength: "\u202e gm 005",
              dose: "1 ml",
              frequency: "daily",
              duration: "5 days",
            },
          ],
        }),
        /^Medicine 1: the strength must not contain control characters or invisible direction marks$/,
      ],
      [
        prescriptionInput({ diagnosis: "VSD \u0007\u001b" }),
        /^The diagnosis must not contain control characters/,
      ],
      [prescriptionInput({ advice: "Rest\u2028more" }), /^Advice must not contain control characters/],
    ];
    for (const [input, message] of cases) {
      const response = await issue(id, input);
      expect(response.statusCode, response.body).toBe(400);
      const body = response.json<{ message: string; issues?: { path: string }[] }>();
      expect(body.message).toMatch(message);
      expect(body.issues?.length ?? 0).toBeGreaterThan(0);
    }
    const missingName = await issue(id, {
      ...prescriptionInput(),
      medicines: [{ strength: "5 mg", dose: "1 tablet", frequency: "daily", duration: "5 days" }],
    });
    expect(missingName.json<{ issues: { path: string }[] }>().issues.map((issue) => issue.path)).toContain(
      "medicines.0.genericName",
    );
    // The empty prescription's message goes under the medicines, where the form offers to add one.
    const empty = await issue(id, prescriptionInput({ medicines: [], investigations: "", advice: "" }));
    expect(empty.json<{ issues: { path: string }[] }>().issues.map((issue) => issue.path)).toEqual([
      "medicines",
    ]);
    expect((await list(id)).prescriptions).toEqual([]);
    expect(await prescriptionMessages(id)).toEqual([]);
    const notes = await admin("PUT", `/api/admin/appointments/${id}/notes`, { notes: "x".repeat(20_001) });
    expect(notes.statusCode).toBe(400);
    expect(notes.json<{ message: string }>().message).toMatch(/at most 20,000 characters/);
  });

  it("refuses a prescription for an appointment that is not paid and confirmed, and 404 for an unknown one", async () => {
    day += 1;
    const held = await t.app.inject({
      method: "POST",
      url: "/api/appointments",
      remoteAddress: "10.78.0.1",
      payload: bookingPayload({
        patientName: "Unpaid Child",
        patientEmail: "unpaid@example.org",
        patientAge: 7,
        reasonForConsultation: "Murmur",
        appointmentDate: addDaysToDate("2026-11-22", day),
      }),
    });
    const { appointment } = held.json<{ appointment: CreatedAppointment }>();
    const refused = await issue(appointment.id, prescriptionInput());
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(
      "A prescription can be issued once the consultation is paid.",
    );
    expect((await list(appointment.id)).issuable).toEqual({
      allowed: false,
      message: "A prescription can be issued once the consultation is paid.",
    });
    for (const unknown of ["6f1c7a52-0000-4000-8000-000000000000", "not-an-id"])
      expect((await issue(unknown, prescriptionInput())).statusCode).toBe(404);
  });

  it("saves and reads the notes, and writes an access-log row for every read and change", async () => {
    const { id, date } = await bookAndPay("Rohan Gupta");
    const empty = await admin("GET", `/api/admin/appointments/${id}/notes`);
    expect(empty.json<ConsultationNotesView>()).toEqual({ notes: "", updatedAt: null });
    const saved = await admin("PUT", `/api/admin/appointments/${id}/notes`, {
      notes: "Murmur grade 2/6.\nNo cyanosis.",
    });
    expect(saved.statusCode).toBe(200);
    expect((await admin("GET", `/api/admin/appointments/${id}/notes`)).json<ConsultationNotesView>()).toEqual(
      {
        notes: "Murmur grade 2/6.\nNo cyanosis.",
        updatedAt: new Date(consultationStart(date).getTime() + 15 * 60_000).toISOString(),
      },
    );
    await list(id);
    const issued = (await issue(id, prescriptionInput())).json<PrescriptionView>();
    await adminPdf(id, issued.id);

    const rows = [...(await logRows(id)), ...(await logRows(issued.id))];
    expect(rows.every((row) => row.session.startsWith("admin "))).toBe(true);
    expect(rows.map((row) => `${row.action} ${row.recordType} ${row.detail}`).sort()).toEqual(
      [
        "view notes read the consultation notes",
        "change notes saved the consultation notes",
        "view notes read the consultation notes",
        "view prescription listed the prescriptions (0 versions)",
        "change prescription issued version 1",
        "download prescription downloaded version 1",
      ].sort(),
    );
    // Reads refused by the session check leave no row.
    const before = (await logRows(id)).length;
    await t.app.inject({ method: "GET", url: `/api/admin/appointments/${id}/notes` });
    expect((await logRows(id)).length).toBe(before);
  });
  it("refuses a prescription before the consultation has started, says from when, and issues one from its start", async () => {
    const { id, date } = await bookAndPay("Isha Verma", { started: false });
    const startsAt = consultationStart(date);
    const message = `A prescription can be issued once the consultation has started, from ${formatWhenLong(startsAt, "Asia/Kolkata", "IST")}.`;
    // The day it was booked, and a minute before the start: the PDF would be dated before the consultation.
    for (const at of [new Date(START), new Date(startsAt.getTime() - 60_000)]) {
      await moveClockTo(at);
      const refused = await issue(id, prescriptionInput());
      expect(refused.statusCode).toBe(409);
      expect(refused.json<{ message: string }>().message).toBe(message);
      expect((await list(id)).issuable).toEqual({ allowed: false, message, from: startsAt.toISOString() });
    }
    expect(await prescriptionMessages(id)).toEqual([]);
    expect((await list(id)).prescriptions).toEqual([]);

    await moveClockTo(startsAt);
    expect((await list(id)).issuable).toEqual({ allowed: true });
    const issued = await issue(id, prescriptionInput());
    expect(issued.statusCode, issued.body).toBe(201);
    expect(issued.json<PrescriptionView>().issuedAt).toBe(startsAt.toISOString());
  });

  it("issues advice alone or investigations alone, and the PDF and the e-mail say that no medicine is prescribed", async () => {
    const { id } = await bookAndPay("Advait Rao");
    await drain(); // the booking's own messages first
    messaging.clear();
    const advice = "No medicine is needed now. Review at once if feeds take longer or breathing is fast.";
    const answer = await issue(id, prescriptionInput({ medicines: [], investigations: "", advice }));
    expect(answer.statusCode, answer.body).toBe(201);
    const adviceOnly = answer.json<PrescriptionView>();
    expect(adviceOnly.content).toMatchObject({ medicines: [], investigations: "", advice });

    const text = await textOfPdf(await adminPdf(id, adviceOnly.id));
    expect(text).toContain("Medicines: none prescribed");
    expect(text).toContain(advice);
    expect(text).not.toMatch(/\bRx\b|Investigations|Dose:/);

    await drain();
    const mail = messaging.smtp.messages.find((message) => message.to.includes("advait.parent@example.org"));
    const plain = mimeParts(mail?.raw ?? "").find((part) => part.contentType === "text/plain")?.body ?? "";
    expect(plain.replace(/\s+/g, " ")).toContain(
      "No medicine is prescribed this time: the PDF gives the doctor's advice and any tests to be done.",
    );
    expect(plain).not.toMatch(/pharmacy|Give the medicines/);
    expect(
      (await prescriptionMessages(id)).map((row) => `${row.kind} ${row.channel} ${row.status}`).sort(),
    ).toEqual(["prescription_v1 email sent", "prescription_v1 whatsapp sent"]);

    // A correction with investigations alone, its medicines and advice left out of the request altogether.
    const investigations = "Echocardiogram and ECG in 3 months";
    const corrected = await issue(id, {
      ...prescriptionInput({ replaces: adviceOnly.id, investigations }),
      medicines: undefined,
      advice: undefined,
    });
    expect(corrected.statusCode, corrected.body).toBe(201);
    const investigationsOnly = corrected.json<PrescriptionView>();
    expect(investigationsOnly.content).toMatchObject({ medicines: [], advice: "", investigations });
    const correctedText = await textOfPdf(await adminPdf(id, investigationsOnly.id));
    expect(correctedText).toContain("Medicines: none prescribed");
    expect(correctedText).toContain(`Investigations\n${investigations}`);
    expect(correctedText).not.toContain("Advice");
  });
});
