import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import type { AdminAppointment } from "@shared/admin";
import type { ManageView } from "@shared/manage";
import { pdfText } from "../../integrations/pdf/poppler";
import { drainOutboxOf } from "../../testing/app-jobs";
import { latinWordsIn } from "../../testing/latin-words";
import { startMessagingStandIns } from "../../testing/messaging-stand-ins";
import { mimeParts, part, readableMail } from "../../testing/mime";
import { useInSuite } from "../../testing/suite";
import {
  bookPaidAppointment,
  doctorRequest,
  samplePrescription,
  signInAsAdmin,
  testClock,
  TEST_SITE,
  testEngines,
  useSiteApp,
  useTestApp,
} from "../../testing/test-app";

/** Three days before the bookings' day (23 November 2026), whose evening has six times from 7:00 PM. */
const START = "2026-11-20T10:00:00+05:30";
const TIMES = ["19:00", "19:20", "19:40", "20:00", "20:20", "20:40"];

/**
 * The language a booking was made in is kept with it, for its messages and documents; the parent may change it
 * through the manage link. Anything that is not one of the site's languages never stops a booking.
 */
describe.each(testEngines)("the booking's language on %s", (engine) => {
  const clock = testClock(START);
  const t = useTestApp(engine, () => ({ now: clock.now }));
  let taken = 0;
  /** Books and pays the next free time of the day. */
  const book = (changes: Record<string, unknown> = {}) =>
    bookPaidAppointment(t.app, { appointmentTime: TIMES[taken++], ...changes });

  const view = async (token: string) =>
    (await t.app.inject({ method: "GET", url: `/api/manage/${token}` })).json<ManageView>().appointment;
  const asDoctor = async (id: string) => {
    const cookie = await signInAsAdmin(t.app);
    const answer = await t.app.inject({
      method: "GET",
      url: `/api/admin/appointments/${id}`,
      headers: { cookie },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ appointment: AdminAppointment } | AdminAppointment>();
  };
  const languageOf = (shown: { appointment: AdminAppointment } | AdminAppointment) =>
    "appointment" in shown ? shown.appointment.language : shown.language;

  it("keeps the language the booking was made in, and shows it to the parent and the doctor", async () => {
    const { id, token } = await book({ language: "kn" });
    expect((await view(token)).language).toBe("kn");
    expect(languageOf(await asDoctor(id))).toBe("kn");
  });

  it("books in English when the booking names no language, or one the site does not have", async () => {
    for (const language of [undefined, "fr", 42, "KN"]) {
      const { token } = await book(language === undefined ? {} : { language });
      expect((await view(token)).language, String(language)).toBe("en");
    }
  });

  it("lets the parent change it through the manage link, and refuses anything else with a readable message", async () => {
    const { token } = await book({ language: "hi" });
    const changed = await t.app.inject({
      method: "POST",
      url: `/api/manage/${token}/language`,
      payload: { language: "kn" },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<ManageView>().appointment.language).toBe("kn");
    expect((await view(token)).language).toBe("kn");

    for (const payload of [{ language: "fr" }, {}, { language: "KN" }]) {
      const refused = await t.app.inject({ method: "POST", url: `/api/manage/${token}/language`, payload });
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json<{ message: string }>().message).toContain("Choose English, Hindi or Kannada");
    }
    // A NUL is refused before the route, with the site's own words for it.
    const withNul = await t.app.inject({
      method: "POST",
      url: `/api/manage/${token}/language`,
      payload: { language: "kn\u0000" },
    });
    expect(withNul.statusCode).toBe(400);
    expect((await view(token)).language).toBe("kn");

    const unknown = await t.app.inject({
      method: "POST",
      url: `/api/manage/${"A".repeat(43)}/language`,
      payload: { language: "hi" },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

/** Every label the fee receipt prints in English. */
const ENGLISH_RECEIPT_LABELS = [
  "Fee Receipt",
  "Receipt No.",
  "Date:",
  "Reg. No.",
  "Billed to",
  "Patient:",
  "Parent or guardian:",
  "Booking ID",
  "Online video consultation",
  "minutes",
  "Consultation fee",
  "Coupon discount",
  "Amount paid",
  "Payment:",
  "Payment simulator",
  "Paid on",
  "computer-generated",
];

/**
 * What a parent who booked on the Kannada or Hindi pages receives: the confirmation e-mail, its fee receipt and the
 * WhatsApp confirmation in that language, through the real outbox, SMTP and WhatsApp Cloud API clients.
 */
describe.each(testEngines)("the parent's confirmation in the booking's language on %s", (engine) => {
  const standIns = useInSuite(startMessagingStandIns);
  const { clock, t, nextAddress, signIn, doctorHeaders } = useSiteApp(engine, START, () => ({
    env: { ...standIns.env, WHATSAPP_TEMPLATE_TRANSLATIONS: "hi kn" },
  }));
  let taken = 0;

  it.each([
    [
      "kn",
      "ನಿಮ್ಮ ವೀಡಿಯೊ ಸಮಾಲೋಚನೆ ಖಚಿತವಾಗಿದೆ",
      "ಸೋಮವಾರ, ನವೆಂಬರ್ 23, 2026, ಸಂಜೆ",
      "ಶುಲ್ಕದ ರಸೀದಿ",
      "ಈ ಬುಕಿಂಗ್ ಬಗ್ಗೆ ಕ್ಲಿನಿಕ್‌ನ ವೆಬ್‌ಸೈಟ್‌ನಲ್ಲಿರುವ ಎಲ್ಲಾ ಮಾಹಿತಿ.",
    ],
    [
      "hi",
      "आपका वीडियो परामर्श पक्का हो गया है",
      "सोमवार, 23 नवंबर 2026, शाम",
      "फ़ीस की रसीद",
      "इस बुकिंग के बारे में क्लिनिक की वेबसाइट पर रखी गई हर जानकारी।",
    ],
  ])(
    "writes to a %s booking in its language",
    async (language, heading, when, receiptTitle, readmeOpening) => {
      standIns.clear();
      const { id, token } = await bookPaidAppointment(
        t.app,
        { appointmentTime: TIMES[taken++], language, patientName: "Asha Kumar", guardianName: "Meera Kumar" },
        nextAddress(),
      );
      await drainOutboxOf(t, clock.now);
      const reference = id.slice(0, 8);
      const toParent = standIns.smtp.messages.find((mail) => readableMail(mail.raw).includes(heading));
      expect(toParent, "the parent's confirmation").toBeDefined();
      const text = part(toParent?.raw ?? "", "text/plain").body;
      expect(text).toContain(when);
      const names = ["Asha Kumar", "Meera Kumar", "IST", reference, "Dr. Ananya Rao", "Dr. Priya Rao"];
      const site = new URL(TEST_SITE).host;
      expect(latinWordsIn(text, [...names, site])).toEqual([]);
      // Its links lead to the booking's page and its video room in the same language.
      expect(text).toContain(`${TEST_SITE}/${language}/appointments/manage/`);
      expect(text).toContain(`${TEST_SITE}/${language}/video-consultation/`);
      expect(text).not.toMatch(
        new RegExp(`${TEST_SITE.replace(/[.:/]/g, "\\$&")}/(appointments|video-consultation)/`),
      );

      // The receipt attached to it is the one the manage page gives: printed in the same language.
      expect(mimeParts(toParent?.raw ?? "").map((piece) => piece.contentType)).toContain("application/pdf");
      const receipt = await t.app.inject({ method: "GET", url: `/api/manage/${token}/receipt` });
      expect(receipt.statusCode).toBe(200);
      const printed = await pdfText(receipt.rawPayload);
      expect(printed).toContain(receiptTitle);
      expect(printed).toContain(when);
      // The doctor's qualifications, registration and address are her own words, in English; the receipt's are not.
      for (const label of ENGLISH_RECEIPT_LABELS) expect(printed).not.toContain(label);

      // The data export's README says what it holds in the same language.
      const archive = await t.app.inject({ method: "GET", url: `/api/manage/${token}/export` });
      expect(archive.statusCode).toBe(200);
      const readme = new TextDecoder().decode(unzipSync(archive.rawPayload)["README.txt"]);
      expect(readme).toContain(readmeOpening);
      expect(readme).toContain("booking.json");

      const sent = standIns.whatsapp.requests
        .map((request) => request.body as { to?: string; template?: { language?: { code?: string } } })
        .filter((body) => body.template?.language?.code === language);
      expect(sent.length, "the WhatsApp confirmation in the booking's language").toBe(1);
      const doctorCopy = standIns.smtp.messages.find((mail) =>
        readableMail(mail.raw).includes("New video consultation"),
      );
      expect(doctorCopy, "the doctor's copy, in English").toBeDefined();
    },
  );

  it.each([
    [
      "kn",
      "ಔಷಧ ಚೀಟಿ · ಟೆಲಿ-ಸಮಾಲೋಚನೆ",
      "ವಯಸ್ಸು: 5 ವರ್ಷ · ಲಿಂಗ: ಹೆಣ್ಣು · ತೂಕ: 17.5 ಕೆಜಿ",
      "ಪೋಷಕರು ಅಥವಾ ರಕ್ಷಕರು: Meera Kumar (ತಾಯಿ)",
      "ಔಷಧ ಚೀಟಿ",
      "ನಿಮ್ಮ ಔಷಧ ಚೀಟಿ",
    ],
    [
      "hi",
      "पर्चा · टेलीकंसल्टेशन",
      "आयु: 5 साल · लिंग: स्त्री · वज़न: 17.5 किलो",
      "माता-पिता या अभिभावक: Meera Kumar (माँ)",
      "पर्चा",
      "आपका पर्चा",
    ],
  ])(
    "sends a %s booking's prescription with its labels, e-mail and WhatsApp message in that language",
    async (language, title, ageLine, parentLine, whatsAppWhat, heading) => {
      standIns.clear();
      clock.set(START);
      const time = TIMES[taken++] ?? "20:40";
      const { id, token } = await bookPaidAppointment(
        t.app,
        {
          appointmentTime: time,
          language,
          patientName: "Asha Kumar",
          patientAge: 5,
          guardianName: "Meera Kumar",
          guardianRelationship: "Mother",
        },
        nextAddress(),
      );
      await drainOutboxOf(t, clock.now);
      standIns.clear();
      // A prescription is written once the consultation has started.
      clock.set(`2026-11-23T${time}:00+05:30`);
      clock.advanceMinutes(15);
      const cookie = await signIn();
      const issued = await doctorRequest(
        t.app,
        doctorHeaders(cookie),
        "POST",
        `/api/admin/appointments/${id}/prescriptions`,
        {
          ...samplePrescription({ instructions: "After food" }),
          weightKg: 17.5,
          investigations: "Echocardiogram in 3 months",
          advice: "Smaller feeds, more often.",
          followUpDate: "2027-02-23",
        },
      );
      expect(issued.statusCode, issued.body).toBe(201);
      await drainOutboxOf(t, clock.now);

      const mail = standIns.smtp.messages.find((message) => readableMail(message.raw).includes(heading));
      expect(mail, "the parent's prescription e-mail").toBeDefined();
      const text = part(mail?.raw ?? "", "text/plain").body;
      // The booking page's link carries a random token, which may hold letters that read as a word.
      const names = ["Asha Kumar", "Meera Kumar", "IST", id.slice(0, 8), "Dr. Ananya Rao", "PDF"];
      const withoutLinks = text.replace(/https?:\/\/\S+/g, "");
      expect(latinWordsIn(withoutLinks, [...names, new URL(TEST_SITE).host]), withoutLinks).toEqual([]);

      expect(mimeParts(mail?.raw ?? "").map((piece) => piece.contentType)).toContain("application/pdf");
      // The PDF attached is the one the manage page gives.
      const { id: prescriptionId } = issued.json<{ id: string }>();
      const file = await t.app.inject({
        method: "GET",
        url: `/api/manage/${token}/prescriptions/${prescriptionId}/pdf`,
      });
      expect(file.statusCode).toBe(200);
      const printed = await pdfText(file.rawPayload);
      for (const expected of [
        title,
        ageLine,
        parentLine,
        "FUROSEMIDE",
        "twice a day",
        "Echocardiogram in 3 months",
      ])
        expect(printed).toContain(expected);
      // Her own words stay as she wrote them; the labels around them are the booking's language.
      for (const label of ENGLISH_PRESCRIPTION_LABELS) expect(printed).not.toContain(label);

      const sent = standIns.whatsapp.requests
        .map(
          (request) =>
            request.body as {
              template?: {
                name?: string;
                language?: { code?: string };
                components?: { type: string; parameters: { text?: string }[] }[];
              };
            },
        )
        .filter((body) => body.template?.name === "consultation_prescription");
      expect(sent.length, "the WhatsApp prescription in the booking's language").toBe(1);
      const parameters = sent[0]?.template?.components?.find(
        (component) => component.type === "body",
      )?.parameters;
      expect(sent[0]?.template?.language?.code).toBe(language);
      expect(parameters?.[3]?.text).toBe(whatsAppWhat);
    },
  );
});

/** Every label the prescription prints in English around the doctor's own words. */
const ENGLISH_PRESCRIPTION_LABELS = [
  "Prescription",
  "Teleconsultation",
  "Date:",
  "Booking ID",
  "Version",
  "Patient:",
  "Age:",
  "Sex:",
  "Weight:",
  "Parent or guardian",
  "Consultation:",
  "Provisional diagnosis",
  "Dose:",
  "Frequency:",
  "Duration:",
  "Instructions:",
  "Investigations",
  "Advice",
  "Follow-up",
  "Signed electronically",
  "Telemedicine Practice Guidelines",
];
