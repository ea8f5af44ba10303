import { describe, expect, it } from "vitest";
import type { Language } from "@shared/i18n/languages";
import { latinWordsIn } from "../../testing/latin-words";
import { testAppointment, testSite } from "../../testing/message-fixtures";
import { composeAppointmentEmail } from "../email/compose-email";
import { pdfText } from "../pdf/poppler";
import { renderReceiptPdf } from "../pdf/receipt-pdf";
import { composeAppointmentWhatsApp, DEFAULT_WHATSAPP_TEMPLATES } from "../whatsapp/compose-whatsapp";
import { messageWords } from "./message-words";
import type { AppointmentMessageData, MessageKind } from "./types";

/**
 * The parent's confirmation, WhatsApp messages and fee receipt in the language the booking was made in. What may stay
 * in Latin letters: names (the patient's, the doctor's), the booking id, addresses, "IST", and the payment gateway's
 * name; the site's address.
 */
const NAMES = [
  "drrao.example",
  "Asha Kumar",
  "Dr. Priya Rao",
  "Dr. Ananya Rao",
  "IST",
  "ab12cd34",
  "Cashfree",
];

const IN_WORDS: Record<Exclude<Language, "en">, { when: string; heading: string; receipt: string }> = {
  hi: { when: "रविवार, 22 नवंबर 2026, शाम 7:00 IST", heading: "पक्का", receipt: "फ़ीस की रसीद" },
  kn: { when: "ಭಾನುವಾರ, ನವೆಂಬರ್ 22, 2026, ಸಂಜೆ 7:00 IST", heading: "ಖಚಿತ", receipt: "ಶುಲ್ಕದ ರಸೀದಿ" },
};

describe.each(["hi", "kn"] as const)("a booking made in %s", (language) => {
  const appointment = testAppointment({
    language,
    manageUrl: "https://drrao.example/manage/tok",
    guardianName: "Meera Kumar",
  });
  const expected = IN_WORDS[language];

  it("gets its confirmation e-mail in that language, with the date in its words and nothing in English", async () => {
    const email = await composeAppointmentEmail("confirmation", "patient", appointment, testSite);
    expect(email.subject).toContain(expected.heading);
    expect(latinWordsIn(email.subject, NAMES)).toEqual([]);
    expect(email.html).toContain(`lang="${language}"`);
    expect(email.text).toContain(expected.when);
    expect(email.text).toContain("₹2,000");
    expect(latinWordsIn(email.text, [...NAMES, "Meera Kumar"])).toEqual([]);
    // The policy and the booking's page are linked in the same language.
    expect(email.html).toContain(`https://drrao.example/${language}/refunds-cancellations`);
    expect(email.html).toContain("https://drrao.example/manage/tok");
    // The calendar invite with it too.
    const invite = email.icalEvent?.content.replace(/\r?\n[ \t]/g, "") ?? "";
    const summary = /^SUMMARY:(.*)$/m.exec(invite)?.[1] ?? "";
    const description = /^DESCRIPTION:(.*)$/m.exec(invite)?.[1] ?? "";
    expect(summary).toContain("Dr. Priya Rao");
    expect(latinWordsIn(`${summary}\n${description.replace(/\\n/g, "\n")}`, NAMES)).toEqual([]);
  });

  const changes: [MessageKind, Partial<AppointmentMessageData>][] = [
    ["reminder_24h", {}],
    ["reminder_30m", {}],
    ["rescheduled", {}],
    ["cancelled", { cancellation: { by: "doctor", reason: null, refundAmount: 2000 } }],
    ["cancelled", { cancellation: { by: "patient", reason: null, refundAmount: 0 } }],
    ["doctor_unavailable", {}],
    ["refund", { refund: { reason: "slot_taken", amount: 2000, price: 2000 } }],
    ["refund", { refund: { reason: "underpaid", amount: 1000, price: 2000 } }],
    ["refund", { refund: { reason: "doctor_unavailable", amount: 2000, price: 2000 } }],
  ];
  it.each(changes)("gets its %s e-mail in that language too", async (kind, facts) => {
    const email = await composeAppointmentEmail(kind, "patient", { ...appointment, ...facts }, testSite);
    expect(email.html).toContain(`lang="${language}"`);
    expect(latinWordsIn(email.subject, NAMES)).toEqual([]);
    expect(latinWordsIn(email.text, [...NAMES, "Meera Kumar"])).toEqual([]);
  });

  it("sends the doctor's copy in English all the same", async () => {
    const email = await composeAppointmentEmail("confirmation", "doctor", appointment, testSite);
    expect(email.subject).toMatch(/^New video consultation: Asha Kumar, Sun 22 Nov, 7:00 PM IST/);
    expect(email.html).toContain('lang="en"');
  });

  it("gets the WhatsApp confirmation and reminder in that language once Meta approved them in it", () => {
    const templates = DEFAULT_WHATSAPP_TEMPLATES;
    const approved = { templates, translatedTemplates: { [language]: language } };
    const confirmation = composeAppointmentWhatsApp(
      "confirmation",
      "patient",
      appointment,
      testSite,
      approved,
    );
    expect(confirmation).toMatchObject({ template: "appointment_confirmation", language });
    expect(confirmation.bodyParameters[1]).toBe(expected.when);
    const reminder = composeAppointmentWhatsApp("reminder_24h", "patient", appointment, testSite, approved);
    expect(reminder).toMatchObject({ template: "appointment_reminder", language });
    expect(reminder.bodyParameters).toEqual(["Asha Kumar", expected.when, appointment.roomUrl]);
    // The wording submitted to Meta for the language, filled as WhatsApp fills it: the parent reads no English.
    const [patient = "", when = "", reference = "", room = "", manage = ""] = confirmation.bodyParameters;
    const body = messageWords(language).t("whatsapp.confirmation", {
      patient,
      when,
      reference,
      room,
      manage,
    });
    expect(latinWordsIn(body, NAMES)).toEqual([]);
  });

  it.each(changes.filter(([kind]) => !kind.startsWith("reminder")))(
    "gets its %s WhatsApp message in that language too, once approved",
    (kind, facts) => {
      const approved = {
        templates: DEFAULT_WHATSAPP_TEMPLATES,
        translatedTemplates: { [language]: language },
      };
      const compose = (recipient: "patient" | "doctor") =>
        composeAppointmentWhatsApp(kind, recipient, { ...appointment, ...facts }, testSite, approved);
      const sent = compose("patient");
      expect(sent.language).toBe(language);
      expect(latinWordsIn(sent.bodyParameters.join("\n"), NAMES)).toEqual([]);
      // The doctor's copy of a change stays English.
      if (kind === "rescheduled" || kind === "cancelled") {
        const doctor = compose("doctor");
        expect(doctor.language).toBe("en");
        expect(doctor.bodyParameters[2]).toMatch(
          /^(moved to Sunday|Sunday, 22 November 2026, 7:00 PM IST: cancelled)/,
        );
      }
    },
  );

  it("falls back to the English template, English words and all, where it is not approved", () => {
    const english = composeAppointmentWhatsApp("confirmation", "patient", appointment, testSite, {
      templates: DEFAULT_WHATSAPP_TEMPLATES,
    });
    expect(english).toMatchObject({ template: "appointment_confirmation", language: "en" });
    expect(english.bodyParameters[1]).toBe("Sunday, 22 November 2026, 7:00 PM IST");
  });

  it("gets its fee receipt printed in that language", async () => {
    const pdf = await renderReceiptPdf({
      language,
      receiptNumber: "2026-27/000042",
      issuedAt: new Date("2026-11-21T10:00:00Z"),
      timeZone: "Asia/Kolkata",
      doctor: {
        name: "Dr. Ananya Rao",
        qualifications: "",
        registrationNumber: "123456",
        council: messageWords(language).t("receipt.description"),
      },
      clinic: { name: "Dr. Ananya Rao", address: "", email: "c@x.test", phone: "+91 80 1234 5678" },
      patientName: "Asha Kumar",
      parentName: "Asha Kumar",
      bookingId: "ab12cd34",
      consultation: {
        startsAt: new Date("2026-11-22T13:30:00Z"),
        durationMinutes: 20,
        description: messageWords(language).t("receipt.description"),
      },
      fee: 2500,
      couponCode: null,
      discount: 500,
      amountPaid: 2000,
      payment: { reference: "12345", paidAt: new Date("2026-11-21T10:05:00Z"), method: "Cashfree" },
      refunds: [],
    });
    const text = await pdfText(pdf);
    expect(text).toContain(expected.receipt);
    expect(text).toContain(expected.when);
    expect(latinWordsIn(text, NAMES)).toEqual([]);
  });
});

describe("a booking made in English", () => {
  it("keeps the English confirmation word for word", async () => {
    const email = await composeAppointmentEmail("confirmation", "patient", testAppointment(), testSite);
    expect(email.subject).toBe("Your video consultation is confirmed: Sun 22 Nov, 7:00 PM IST (#ab12cd34)");
    expect(email.html).toContain('lang="en"');
    expect(email.text).toContain("Sunday, 22 November 2026, 7:00 PM IST");
    expect(email.html).toContain("https://drrao.example/refunds-cancellations");
  });
});
