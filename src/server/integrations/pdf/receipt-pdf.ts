import { type Doc, line, newDocument, rule, textAt, when, widthOfText } from "./pdf-text";

/**
 * The fee receipt of a paid consultation as a PDF (pdfkit), in the fonts of pdf-text.ts, which print names in every
 * script of India's scheduled languages, the rupee sign and the minus sign.
 */
export interface ReceiptData {
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

const REFUND_STATES: Record<ReceiptData["refunds"][number]["state"], string> = {
  pending: "being refunded",
  succeeded: "refunded",
  failed: "refund failed, to be retried",
};

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

function writeHeader(doc: Doc, data: ReceiptData): void {
  line(doc, "Fee Receipt", { bold: true, size: 18 });
  line(doc, `Receipt No. ${data.receiptNumber}`, { size: 10 });
  line(doc, `Date: ${when(data.issuedAt, data.timeZone, "d MMM yyyy")}`);
  doc.moveDown(0.8);
  line(doc, data.doctor.name, { bold: true, size: 12 });
  line(doc, data.doctor.qualifications);
  line(doc, `Reg. No. ${data.doctor.registrationNumber}, ${data.doctor.council}`);
  line(doc, data.clinic.address);
  line(doc, `${data.clinic.email} · ${data.clinic.phone}`);
  rule(doc);
}

function writeBilledTo(doc: Doc, data: ReceiptData): void {
  line(doc, "Billed to", { bold: true });
  line(doc, `Patient: ${data.patientName}`);
  if (data.parentName) line(doc, `Parent or guardian: ${data.parentName}`);
  line(doc, `Booking ID: ${data.bookingId}`);
  const start = when(data.consultation.startsAt, data.timeZone, "EEE, d MMM yyyy, h:mm a");
  line(doc, `${data.consultation.description}: ${start} IST, ${data.consultation.durationMinutes} minutes`);
  rule(doc);
}

function writeAmounts(doc: Doc, data: ReceiptData): void {
  amountRow(doc, "Consultation fee", formatReceiptAmount(data.fee));
  if (data.discount > 0) {
    const coupon = data.couponCode ? ` (coupon ${data.couponCode})` : "";
    // U+2212, the minus sign (not the hyphen).
    amountRow(doc, `Coupon discount${coupon}`, `\u2212${formatReceiptAmount(data.discount)}`);
  }
  amountRow(doc, "Amount paid", formatReceiptAmount(data.amountPaid), true);
  doc.moveDown(0.5);
  line(doc, `Payment: ${data.payment.method}, reference ${data.payment.reference}`);
  line(doc, `Paid on ${when(data.payment.paidAt, data.timeZone, "d MMM yyyy, h:mm a")} IST`);
}

function writeRefunds(doc: Doc, data: ReceiptData): void {
  if (data.refunds.length === 0) return;
  rule(doc);
  line(doc, "Refunds", { bold: true });
  for (const refund of data.refunds) {
    const date = when(refund.createdAt, data.timeZone, "d MMM yyyy");
    amountRow(
      doc,
      `${date}: ${refund.reason} (${REFUND_STATES[refund.state]})`,
      formatReceiptAmount(refund.amount),
    );
  }
  amountRow(doc, "Net amount", formatReceiptAmount(netAmount(data)), true);
}

/** The receipt as PDF bytes. */
export async function renderReceiptPdf(data: ReceiptData): Promise<Buffer> {
  const { doc, bytes } = await newDocument({
    Title: `Fee receipt ${data.receiptNumber}`,
    Author: data.doctor.name,
  });
  writeHeader(doc, data);
  writeBilledTo(doc, data);
  writeAmounts(doc, data);
  writeRefunds(doc, data);
  doc.moveDown(2);
  line(doc, "This is a computer-generated receipt.", { size: 8 });
  doc.end();
  return bytes;
}
