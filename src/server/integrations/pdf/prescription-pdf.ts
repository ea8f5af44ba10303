import type { Language } from "@shared/i18n/languages";
import { messageWords, type MessageWords } from "../messaging/message-words";
import { documentDate } from "./document-dates";
import { type Doc, line, newDocument, rule, textAt, when, widthOfText } from "./pdf-text";

/**
 * An e-prescription as a PDF, in the order India's Telemedicine Practice Guidelines 2020 give for one: the doctor's
 * name, qualifications, registration number and council, address and contact; the date and "Teleconsultation"; the
 * patient's name, age and sex (and the parent who consulted with a child); the provisional diagnosis; the medicines
 * by generic name in capitals with strength, dose, frequency and duration (or that none are prescribed, when it gives
 * advice or investigations alone); investigations, advice and follow-up; the doctor's signature. It is made from the stored version and the doctor's profile whenever it is needed.
 */
export interface PrescriptionPdfMedicine {
  genericName: string;
  strength: string;
  dose: string;
  frequency: string;
  duration: string;
  instructions: string;
}

export interface PrescriptionPdfData {
  /**
   * The booking's language: the labels, dates and times are printed in it (English when absent). The doctor's own
   * words (diagnosis, medicines, advice) are printed as she wrote them.
   */
  language?: Language;
  /** Every date and time is printed in this zone ("Asia/Kolkata"). */
  timeZone: string;
  /** "IST". */
  timeZoneLabel: string;
  doctor: {
    name: string;
    qualifications: string;
    registrationNumber: string;
    council: string;
    address: string;
    email: string;
    phone: string;
    /** A PNG or JPEG of the signature; without it the prescription says it was signed electronically. */
    signature?: Buffer;
  };
  patient: {
    name: string;
    /** "6 years", "5 months", in the prescription's language. */
    age: string;
    /** "Female", in the prescription's language. */
    sex: string;
    weightKg: number | null;
    /** The relationship in the prescription's language ("Mother"). */
    parent: { name: string; relationship: string | null } | null;
  };
  bookingId: string;
  consultationAt: Date;
  issuedAt: Date;
  version: number;
  /** The version this one corrects. */
  replaces: { version: number; issuedAt: Date } | null;
  diagnosis: string;
  medicines: PrescriptionPdfMedicine[];
  investigations: string;
  advice: string;
  /** YYYY-MM-DD, or null. */
  followUpDate: string | null;
  /** The link that books this consultation's follow-up at the follow-up fee (0: free), while the doctor offers one. */
  followUpBooking: { url: string; fee: number; withinDays: number } | null;
}

const GREY = "#444444";

/** The words of the prescription's language, with its dates and times in the clinic's zone. */
interface Words extends MessageWords {
  /** "22 Nov 2026" */
  date: (at: Date) => string;
  /** "22 Nov 2026, 7:00 PM IST" */
  dateAndTime: (at: Date) => string;
  /** "Mon, 23 Nov 2026, 7:00 PM IST" */
  weekdayAndTime: (at: Date) => string;
}

function wordsOf(data: PrescriptionPdfData): Words {
  const words = messageWords(data.language ?? "en");
  const zone = { timeZone: data.timeZone, zone: data.timeZoneLabel };
  return {
    ...words,
    date: (at) => documentDate(words, at, zone, "day"),
    dateAndTime: (at) => documentDate(words, at, zone, "time"),
    weekdayAndTime: (at) => documentDate(words, at, zone, "weekday and time"),
  };
}

function writeDoctor(doc: Doc, data: PrescriptionPdfData, { t }: Words): void {
  const { doctor } = data;
  line(doc, doctor.name, { bold: true, size: 16 });
  if (doctor.qualifications) line(doc, doctor.qualifications);
  line(doc, t("receipt.registration", { number: doctor.registrationNumber, council: doctor.council }), {
    bold: true,
  });
  line(doc, doctor.address);
  line(doc, `${doctor.phone} · ${doctor.email}`);
  rule(doc);
}

function writeTitle(doc: Doc, data: PrescriptionPdfData, words: Words): void {
  const { t } = words;
  line(doc, t("prescription.title"), { bold: true, size: 14 });
  line(
    doc,
    t("prescription.facts", { date: words.date(data.issuedAt), id: data.bookingId, version: data.version }),
  );
  if (data.replaces) {
    const { version, issuedAt } = data.replaces;
    line(doc, t("prescription.corrected", { version, when: words.dateAndTime(issuedAt) }), { bold: true });
  }
  doc.moveDown(0.5);
}

function writePatient(doc: Doc, data: PrescriptionPdfData, words: Words): void {
  const { t } = words;
  const { patient } = data;
  line(doc, t("receipt.patient", { name: patient.name }), { bold: true, size: 11 });
  line(
    doc,
    patient.weightKg === null
      ? t("prescription.ageSex", { age: patient.age, sex: patient.sex })
      : t("prescription.ageSexWeight", {
          age: patient.age,
          sex: patient.sex,
          weight: formatWeight(patient.weightKg),
        }),
  );
  if (patient.parent) {
    const { name, relationship } = patient.parent;
    line(
      doc,
      relationship
        ? t("prescription.parentRelationship", { name, relationship })
        : t("prescription.parent", { name }),
    );
  }
  line(doc, t("prescription.consultation", { when: words.weekdayAndTime(data.consultationAt) }));
  rule(doc);
}

function formatWeight(kg: number): string {
  return new Intl.NumberFormat("en-IN", { maximumFractionDigits: 2 }).format(kg);
}

function section(doc: Doc, title: string, text: string): void {
  if (text.trim() === "") return;
  doc.moveDown(0.4);
  line(doc, title, { bold: true, size: 11 });
  line(doc, text);
}

function writeMedicines(doc: Doc, data: PrescriptionPdfData, { t }: Words): void {
  doc.moveDown(0.6);
  if (data.medicines.length === 0) {
    // Advice or investigations only: said in so many words, so nobody looks for a missing page of medicines.
    line(doc, t("prescription.noMedicines"), { bold: true, size: 11 });
    return;
  }
  line(doc, "Rx", { bold: true, size: 14 });
  const left = doc.page.margins.left;
  data.medicines.forEach((medicine, index) => {
    // A medicine is never split between pages: its dose must be read with its name.
    if (doc.y + 60 > doc.page.height - doc.page.margins.bottom) doc.addPage();
    doc.moveDown(0.3);
    line(doc, `${index + 1}. ${medicine.genericName} ${medicine.strength}`, {
      bold: true,
      size: 11,
      x: left,
    });
    const { dose, frequency, duration } = medicine;
    line(doc, t("prescription.dosing", { dose, frequency, duration }), { x: left + 14 });
    if (medicine.instructions)
      line(doc, t("prescription.instructions", { text: medicine.instructions }), {
        x: left + 14,
        color: GREY,
      });
    doc.x = left;
  });
}

function writeFollowUp(doc: Doc, data: PrescriptionPdfData, words: Words): void {
  if (data.followUpDate) {
    const [year, month, day] = data.followUpDate.split("-").map(Number) as [number, number, number];
    // A calendar date, not an instant: formatted at noon UTC so no zone can move it to another day.
    const date = new Date(Date.UTC(year, month - 1, day, 12));
    const shown = words.language === "en" ? when(date, "UTC", "EEEE, d MMMM yyyy") : words.day(date, "UTC");
    doc.moveDown(0.4);
    line(doc, words.t("prescription.followUp", { date: shown }), { bold: true, size: 11 });
  }
  writeFollowUpBooking(doc, data, words);
}

function writeFollowUpBooking(doc: Doc, data: PrescriptionPdfData, { t }: Words): void {
  const booking = data.followUpBooking;
  if (!booking) return;
  const price = booking.fee === 0 ? t("prescription.free") : `₹${booking.fee.toLocaleString("en-IN")}`;
  doc.moveDown(0.4);
  line(doc, t("prescription.bookFollowUp", { price, days: booking.withinDays }));
  const { x, y: top } = doc;
  line(doc, booking.url, { size: 9, color: "#1d4ed8" });
  // The address is also a link: a tap in a PDF viewer opens the booking.
  doc.link(x, top, widthOfText(doc, booking.url, { size: 9 }), doc.y - top, booking.url);
}

/** The signature block; it starts a new page rather than be split from the doctor's name. */
function writeSignature(doc: Doc, data: PrescriptionPdfData, words: Words): void {
  const { t } = words;
  const needed = 120;
  if (doc.y + needed > doc.page.height - doc.page.margins.bottom) doc.addPage();
  doc.moveDown(1.5);
  const left = doc.page.margins.left;
  const { doctor } = data;
  if (doctor.signature) {
    const top = doc.y;
    doc.image(doctor.signature, left, top, { fit: [160, 60] });
    doc.y = top + 64;
  } else {
    const signedAt = words.dateAndTime(data.issuedAt);
    line(doc, t("prescription.signedElectronically", { doctor: doctor.name, when: signedAt }), { x: left });
  }
  line(doc, doctor.name, { bold: true, x: left });
  line(doc, t("receipt.registration", { number: doctor.registrationNumber, council: doctor.council }), {
    x: left,
  });
}

function writeFooter(doc: Doc, { t }: Words): void {
  doc.moveDown(1.5);
  line(doc, t("prescription.footer"), { size: 8, color: GREY });
}

/** Every page after the first names the patient, so a loose page is never read as another child's. */
function headEveryNextPage(doc: Doc, data: PrescriptionPdfData, { t }: Words): void {
  doc.on("pageAdded", () => {
    line(
      doc,
      t("prescription.continued", { patient: data.patient.name, id: data.bookingId, version: data.version }),
      {
        size: 9,
        color: GREY,
      },
    );
    doc.moveDown(0.8);
  });
}

/** "Page 1 of 2" at the foot of each page, written once the number of pages is known. */
function numberPages(doc: Doc, { t }: Words): void {
  const { start, count } = doc.bufferedPageRange();
  if (count < 2) return;
  for (let index = start; index < start + count; index += 1) {
    doc.switchToPage(index);
    const { margins } = doc.page;
    const bottom = margins.bottom;
    // Written inside the bottom margin: lifted for the line so that it does not start a new page.
    margins.bottom = 0;
    const text = t("prescription.page", { page: index - start + 1, count });
    const style = { size: 8, color: GREY };
    const right = doc.page.width - margins.right;
    textAt(doc, text, right - widthOfText(doc, text, style), doc.page.height - bottom + 16, style);
    margins.bottom = bottom;
  }
}

/** The prescription as PDF bytes. */
export async function renderPrescriptionPdf(data: PrescriptionPdfData): Promise<Buffer> {
  const words = wordsOf(data);
  const { t } = words;
  const { doc, bytes } = await newDocument(
    {
      Title: t("prescription.documentTitle", { id: data.bookingId, version: data.version }),
      Author: data.doctor.name,
    },
    { bufferPages: true },
  );
  headEveryNextPage(doc, data, words);
  writeDoctor(doc, data, words);
  writeTitle(doc, data, words);
  writePatient(doc, data, words);
  section(doc, t("prescription.diagnosis"), data.diagnosis);
  writeMedicines(doc, data, words);
  section(doc, t("prescription.investigations"), data.investigations);
  section(doc, t("prescription.advice"), data.advice);
  writeFollowUp(doc, data, words);
  writeSignature(doc, data, words);
  writeFooter(doc, words);
  numberPages(doc, words);
  doc.end();
  return bytes;
}
