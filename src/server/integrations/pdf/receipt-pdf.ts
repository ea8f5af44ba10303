import { createRequire } from "node:module";
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import PDFDocument from "pdfkit";

/**
 * The fee receipt of a paid consultation as a PDF (pdfkit). Text is set in Noto Sans Devanagari, whose Latin subset
 * prints the English text and whose Devanagari subset prints Hindi or Marathi names and the rupee sign; each run of
 * text takes the subset that has its characters, so "₹2,000" and "आरव शर्मा" never print as empty boxes.
 * The fonts come from an npm package and are found through Node's resolution, which works from the sources and from
 * the bundled server alike (the bundle keeps packages external).
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

const require = createRequire(import.meta.url);
const fontFile = (subset: "latin" | "devanagari", weight: 400 | 700) =>
  require.resolve(
    `@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-${subset}-${weight}-normal.woff`,
  );

const FONTS = {
  latin: fontFile("latin", 400),
  latinBold: fontFile("latin", 700),
  devanagari: fontFile("devanagari", 400),
  devanagariBold: fontFile("devanagari", 700),
};

/** Characters only the Devanagari subset has: the script itself and the rupee sign. */
const DEVANAGARI_RUN = /((?:\p{Script_Extensions=Devanagari}|\u200C|\u200D|\u20B9)+)/u;

const rupeeFormat = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 0 });
export function formatReceiptAmount(rupees: number): string {
  return `₹${rupeeFormat.format(rupees)}`;
}

const REFUND_STATES: Record<ReceiptData["refunds"][number]["state"], string> = {
  pending: "being refunded",
  succeeded: "refunded",
  failed: "refund failed, to be retried",
};

type Doc = InstanceType<typeof PDFDocument>;

/** Writes one line, switching fonts between runs of Latin and Devanagari text. */
function line(doc: Doc, text: string, options: { bold?: boolean; size?: number; x?: number } = {}): void {
  const runs = text.split(DEVANAGARI_RUN).filter((run) => run !== "");
  doc.fontSize(options.size ?? 10);
  runs.forEach((run, index) => {
    const devanagari = DEVANAGARI_RUN.test(run) && run.match(DEVANAGARI_RUN)?.[0] === run;
    doc.font(
      devanagari ? (options.bold ? "devanagariBold" : "devanagari") : options.bold ? "latinBold" : "latin",
    );
    const continued = index < runs.length - 1;
    if (index === 0 && options.x !== undefined) doc.text(run, options.x, doc.y, { continued });
    else doc.text(run, { continued });
  });
  if (runs.length === 0) doc.moveDown();
}

function when(date: Date, timeZone: string, pattern: string): string {
  return format(new TZDate(date, timeZone), pattern);
}

/**
 * A row of the amounts table: the label on the left, the amount right-aligned. The rupee sign is in the Devanagari
 * subset and the digits in the Latin one, so the amount is set as two runs measured to end at the right margin.
 */
function amountRow(doc: Doc, label: string, amount: string, bold = false): void {
  const y = doc.y;
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  doc
    .font(bold ? "latinBold" : "latin")
    .fontSize(10)
    .text(label, left, y, { width: right - left - 120 });
  const after = doc.y;
  const [sign = "", digits = ""] = amount.split("₹");
  const symbol = `${sign}₹`;
  const symbolFont = bold ? "devanagariBold" : "devanagari";
  const digitFont = bold ? "latinBold" : "latin";
  const symbolWidth = doc.font(symbolFont).widthOfString(symbol);
  const digitWidth = doc.font(digitFont).widthOfString(digits);
  const x = right - symbolWidth - digitWidth;
  doc.font(symbolFont).text(symbol, x, y, { lineBreak: false });
  doc.font(digitFont).text(digits, x + symbolWidth, y, { lineBreak: false });
  doc.y = Math.max(after, y + doc.currentLineHeight(true));
  doc.x = left;
}

function rule(doc: Doc): void {
  const y = doc.y + 4;
  doc
    .moveTo(doc.page.margins.left, y)
    .lineTo(doc.page.width - doc.page.margins.right, y)
    .strokeColor("#999999")
    .lineWidth(0.5)
    .stroke();
  doc.y = y + 8;
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
    amountRow(doc, `Coupon discount${coupon}`, `-${formatReceiptAmount(data.discount)}`);
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
  const doc = new PDFDocument({
    size: "A4",
    margin: 56,
    info: { Title: `Fee receipt ${data.receiptNumber}`, Author: data.doctor.name },
  });
  for (const [name, file] of Object.entries(FONTS)) doc.registerFont(name, file);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  writeHeader(doc, data);
  writeBilledTo(doc, data);
  writeAmounts(doc, data);
  writeRefunds(doc, data);
  doc.moveDown(2);
  line(doc, "This is a computer-generated receipt.", { size: 8 });
  doc.end();
  return done;
}
