import type { Language } from "@shared/i18n/languages";
import { messageWords, type MessageWords } from "../messaging/message-words";
import { documentDate } from "./document-dates";
import { type Doc, line, newDocument, rule, textAt, widthOfText } from "./pdf-text";

/**
 * The fee receipt of a paid consultation as a PDF (pdfkit), in the fonts of pdf-text.ts, which print names in every
 * script of India's scheduled languages, the rupee sign and the minus sign.
 */
export interface ReceiptData {
  /** The booking's language: the receipt's labels, dates and times are printed in it (English when absent). */
  language?: Language;
  /** "2026-27/000001": in sequence per Indian financial year. */
  receiptNumber: string;
  issuedAt: Date;
  /** Every date and time is printed in this zone ("Asia/Kolkata"). */
  timeZone: string;
  doctor: { name: string; qualifications: string; registrationNumber: string; council: string };
  clinic: { name: string; address: string; email: string; phone: string };
  patientName: string;
  parentName: string | null;
  bookingId: string;
  consultation: { startsAt: Date; durationMinutes: number; description: string };
  /** Rupees. */
  fee: number;
  couponCode: string | null;
  discount: number;
  amountPaid: number;
  payment: { reference: string; paidAt: Date; method: string };
  refunds: { amount: number; state: "pending" | "succeeded" | "failed"; createdAt: Date; reason: string }[];
}

const rupeeFormat = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 0 });
function formatReceiptAmount(rupees: number): string {
  return `₹${rupeeFormat.format(rupees)}`;
}

/** A date of the receipt in its words; the clinic's zone is India's. */
function dateOn(
  words: MessageWords,
  at: Date,
  timeZone: string,
  detail: "day" | "time" | "weekday and time",
): string {
  return documentDate(words, at, { timeZone, zone: "IST" }, detail);
}

/**
 * A row of the amounts table: the label on the left (wrapped before the amounts' column), the amount right-aligned.
 * The rupee sign and the digits come from different faces; the amount is measured whole to end at the right margin.
 */
function amountRow(doc: Doc, label: string, amount: string, bold = false): void {
  const y = doc.y;
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  line(doc, label, { bold, x: left, width: right - left - 120 });
  const after = doc.y;
  const height = textAt(doc, amount, right - widthOfText(doc, amount, { bold }), y, { bold });
  doc.y = Math.max(after, y + height);
  doc.x = left;
}

function netAmount(data: ReceiptData): number {
  const refunded = data.refunds
    .filter((refund) => refund.state !== "failed")
    .reduce((sum, refund) => sum + refund.amount, 0);
  return data.amountPaid - refunded;
}

function writeHeader(doc: Doc, data: ReceiptData, words: MessageWords): void {
  const { t } = words;
  line(doc, t("receipt.title"), { bold: true, size: 18 });
  line(doc, t("receipt.number", { number: data.receiptNumber }), { size: 10 });
  line(doc, t("receipt.date", { date: dateOn(words, data.issuedAt, data.timeZone, "day") }));
  doc.moveDown(0.8);
  line(doc, data.doctor.name, { bold: true, size: 12 });
  line(doc, data.doctor.qualifications);
  line(
    doc,
    t("receipt.registration", { number: data.doctor.registrationNumber, council: data.doctor.council }),
  );
  line(doc, data.clinic.address);
  line(doc, `${data.clinic.email} · ${data.clinic.phone}`);
  rule(doc);
}

function writeBilledTo(doc: Doc, data: ReceiptData, words: MessageWords): void {
  const { t } = words;
  line(doc, t("receipt.billedTo"), { bold: true });
  line(doc, t("receipt.patient", { name: data.patientName }));
  if (data.parentName) line(doc, t("receipt.parent", { name: data.parentName }));
  line(doc, t("receipt.bookingId", { id: data.bookingId }));
  const { consultation } = data;
  const start = dateOn(words, consultation.startsAt, data.timeZone, "weekday and time");
  line(
    doc,
    t("receipt.consultation", {
      description: consultation.description,
      when: start,
      minutes: consultation.durationMinutes,
    }),
  );
  rule(doc);
}

function writeAmounts(doc: Doc, data: ReceiptData, words: MessageWords): void {
  const { t } = words;
  amountRow(doc, t("receipt.fee"), formatReceiptAmount(data.fee));
  if (data.discount > 0) {
    const label = data.couponCode
      ? t("receipt.discountCoupon", { code: data.couponCode })
      : t("receipt.discount");
    // U+2212, the minus sign (not the hyphen).
    amountRow(doc, label, `\u2212${formatReceiptAmount(data.discount)}`);
  }
  amountRow(doc, t("receipt.amountPaid"), formatReceiptAmount(data.amountPaid), true);
  doc.moveDown(0.5);
  line(doc, t("receipt.payment", { method: data.payment.method, reference: data.payment.reference }));
  line(doc, t("receipt.paidOn", { when: dateOn(words, data.payment.paidAt, data.timeZone, "time") }));
}

const REFUND_STATES = {
  pending: "receipt.refund.pending",
  succeeded: "receipt.refund.succeeded",
  failed: "receipt.refund.failed",
} as const;

function writeRefunds(doc: Doc, data: ReceiptData, words: MessageWords): void {
  if (data.refunds.length === 0) return;
  const { t } = words;
  rule(doc);
  line(doc, t("receipt.refunds"), { bold: true });
  for (const refund of data.refunds) {
    const date = dateOn(words, refund.createdAt, data.timeZone, "day");
    amountRow(
      doc,
      t("receipt.refundLine", { date, reason: refund.reason, state: t(REFUND_STATES[refund.state]) }),
      formatReceiptAmount(refund.amount),
    );
  }
  amountRow(doc, t("receipt.net"), formatReceiptAmount(netAmount(data)), true);
}

/** The receipt as PDF bytes. */
export async function renderReceiptPdf(data: ReceiptData): Promise<Buffer> {
  const words = messageWords(data.language ?? "en");
  const { doc, bytes } = await newDocument({
    Title: words.t("receipt.documentTitle", { number: data.receiptNumber }),
    Author: data.doctor.name,
  });
  writeHeader(doc, data, words);
  writeBilledTo(doc, data, words);
  writeAmounts(doc, data, words);
  writeRefunds(doc, data, words);
  doc.moveDown(2);
  line(doc, words.t("receipt.computerGenerated"), { size: 8 });
  doc.end();
  return bytes;
}
