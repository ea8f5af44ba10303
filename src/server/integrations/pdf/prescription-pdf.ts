import { type Doc, line, newDocument, rule, when, widthOfText } from "./pdf-text";

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
    /** "6 years", "5 months". */
    age: string;
    /** "Female". */
    sex: string;
    weightKg: number | null;
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

function writeDoctor(doc: Doc, data: PrescriptionPdfData): void {
  const { doctor } = data;
  line(doc, doctor.name, { bold: true, size: 16 });
  if (doctor.qualifications) line(doc, doctor.qualifications);
  line(doc, `Reg. No. ${doctor.registrationNumber}, ${doctor.council}`, { bold: true });
  line(doc, doctor.address);
  line(doc, `${doctor.phone} · ${doctor.email}`);
  rule(doc);
}

function writeTitle(doc: Doc, data: PrescriptionPdfData): void {
  line(doc, "Prescription · Teleconsultation", { bold: true, size: 14 });
  const issued = when(data.issuedAt, data.timeZone, "d MMM yyyy");
  line(doc, `Date: ${issued} · Booking ID: ${data.bookingId} · Version ${data.version}`);
  if (data.replaces) {
    const earlier = when(data.replaces.issuedAt, data.timeZone, "d MMM yyyy, h:mm a");
    line(
      doc,
      `Corrected prescription: this version replaces version ${data.replaces.version} issued on ${earlier} ${data.timeZoneLabel}.`,
      { bold: true },
    );
  }
  doc.moveDown(0.5);
}

function writePatient(doc: Doc, data: PrescriptionPdfData): void {
  const { patient } = data;
  line(doc, `Patient: ${patient.name}`, { bold: true, size: 11 });
  const weight = patient.weightKg === null ? "" : ` · Weight: ${formatWeight(patient.weightKg)} kg`;
  line(doc, `Age: ${patient.age} · Sex: ${patient.sex}${weight}`);
  if (patient.parent) {
    const relationship = patient.parent.relationship ? ` (${patient.parent.relationship})` : "";
    line(doc, `Parent or guardian: ${patient.parent.name}${relationship}`);
  }
  const at = when(data.consultationAt, data.timeZone, "EEE, d MMM yyyy, h:mm a");
  line(doc, `Consultation: online video consultation, ${at} ${data.timeZoneLabel}`);
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

function writeMedicines(doc: Doc, data: PrescriptionPdfData): void {
  doc.moveDown(0.6);
  if (data.medicines.length === 0) {
    // Advice or investigations only: said in so many words, so nobody looks for a missing page of medicines.
    line(doc, "Medicines: none prescribed", { bold: true, size: 11 });
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
    line(doc, `Dose: ${medicine.dose} · Frequency: ${medicine.frequency} · Duration: ${medicine.duration}`, {
      x: left + 14,
    });
    if (medicine.instructions)
      line(doc, `Instructions: ${medicine.instructions}`, { x: left + 14, color: GREY });
    doc.x = left;
  });
}

function writeFollowUp(doc: Doc, data: PrescriptionPdfData): void {
  if (data.followUpDate) {
    const [year, month, day] = data.followUpDate.split("-").map(Number) as [number, number, number];
    // A calendar date, not an instant: formatted at noon UTC so no zone can move it to another day.
    const date = new Date(Date.UTC(year, month - 1, day, 12));
    doc.moveDown(0.4);
    line(doc, `Follow-up: ${when(date, "UTC", "EEEE, d MMMM yyyy")}`, { bold: true, size: 11 });
  }
  writeFollowUpBooking(doc, data);
}

function writeFollowUpBooking(doc: Doc, data: PrescriptionPdfData): void {
  const booking = data.followUpBooking;
  if (!booking) return;
  const days = booking.withinDays === 1 ? "1 day" : `${booking.withinDays} days`;
  const price = booking.fee === 0 ? "free" : `₹${booking.fee.toLocaleString("en-IN")}`;
  doc.moveDown(0.4);
  line(doc, `Book a follow-up (${price}, within ${days} of this consultation):`);
  const { x, y: top } = doc;
  line(doc, booking.url, { size: 9, color: "#1d4ed8" });
  // The address is also a link: a tap in a PDF viewer opens the booking.
  doc.link(x, top, widthOfText(doc, booking.url, { size: 9 }), doc.y - top, booking.url);
}

/** The signature block; it starts a new page rather than be split from the doctor's name. */
function writeSignature(doc: Doc, data: PrescriptionPdfData): void {
  const needed = 120;
  if (doc.y + needed > doc.page.height - doc.page.margins.bottom) doc.addPage();
  doc.moveDown(1.5);
  const left = doc.page.margins.left;
  if (data.doctor.signature) {
    const top = doc.y;
    doc.image(data.doctor.signature, left, top, { fit: [160, 60] });
    doc.y = top + 64;
  } else {
    const at = when(data.issuedAt, data.timeZone, "d MMM yyyy, h:mm a");
    line(doc, `Signed electronically by ${data.doctor.name} on ${at} ${data.timeZoneLabel}`, { x: left });
  }
  line(doc, data.doctor.name, { bold: true, x: left });
  line(doc, `Reg. No. ${data.doctor.registrationNumber}, ${data.doctor.council}`, { x: left });
}

function writeFooter(doc: Doc): void {
  doc.moveDown(1.5);
  line(
    doc,
    "This prescription was issued after a teleconsultation (online video consultation) under India's Telemedicine Practice Guidelines 2020. In an emergency, go to the nearest hospital.",
    { size: 8, color: GREY },
  );
}

/** Every page after the first names the patient, so a loose page is never read as another child's. */
function headEveryNextPage(doc: Doc, data: PrescriptionPdfData): void {
  doc.on("pageAdded", () => {
    line(doc, `${data.patient.name} · Prescription #${data.bookingId}, version ${data.version} (continued)`, {
      size: 9,
      color: GREY,
    });
    doc.moveDown(0.8);
  });
}

/** "Page 1 of 2" at the foot of each page, written once the number of pages is known. */
function numberPages(doc: Doc): void {
  const { start, count } = doc.bufferedPageRange();
  if (count < 2) return;
  for (let index = start; index < start + count; index += 1) {
    doc.switchToPage(index);
    const { margins } = doc.page;
    const bottom = margins.bottom;
    // Written inside the bottom margin: lifted for the line so that it does not start a new page.
    margins.bottom = 0;
    doc
      .font("latin")
      .fontSize(8)
      .fillColor(GREY)
      .text(`Page ${index - start + 1} of ${count}`, margins.left, doc.page.height - bottom + 16, {
        width: doc.page.width - margins.left - margins.right,
        align: "right",
      });
    margins.bottom = bottom;
  }
}

/** The prescription as PDF bytes. */
export async function renderPrescriptionPdf(data: PrescriptionPdfData): Promise<Buffer> {
  const { doc, bytes } = await newDocument(
    { Title: `Prescription ${data.bookingId} version ${data.version}`, Author: data.doctor.name },
    { bufferPages: true },
  );
  headEveryNextPage(doc, data);
  writeDoctor(doc, data);
  writeTitle(doc, data);
  writePatient(doc, data);
  section(doc, "Provisional diagnosis", data.diagnosis);
  writeMedicines(doc, data);
  section(doc, "Investigations", data.investigations);
  section(doc, "Advice", data.advice);
  writeFollowUp(doc, data);
  writeSignature(doc, data);
  writeFooter(doc);
  numberPages(doc);
  doc.end();
  return bytes;
}
