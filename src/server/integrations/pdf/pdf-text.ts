import { createRequire } from "node:module";
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import type PDFDocument from "pdfkit";

/**
 * What the site's PDFs (fee receipts, prescriptions) share. Text is set in Noto Sans Devanagari, whose Latin subset
 * prints the English text and whose Devanagari subset prints Hindi or Marathi names and the rupee sign; each run of
 * text takes the subset that has its characters, so "₹2,000" and "आरव शर्मा" never print as empty boxes.
 * The fonts come from an npm package and are found through Node's resolution, which works from the sources and from
 * the bundled server alike (the bundle keeps packages external).
 */
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

export type Doc = InstanceType<typeof PDFDocument>;

/**
 * An A4 document with the fonts registered, and a promise of its bytes once `doc.end()` is called. pdfkit is loaded
 * with the first document, so a server that makes none does not hold it in memory.
 */
export async function newDocument(
  info: { Title: string; Author: string },
  options: { bufferPages?: boolean } = {},
): Promise<{ doc: Doc; bytes: Promise<Buffer> }> {
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({ size: "A4", margin: 56, info, bufferPages: options.bufferPages ?? false });
  for (const [name, file] of Object.entries(FONTS)) doc.registerFont(name, file);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  return { doc, bytes };
}

/** Writes one line (wrapped at the margin), switching fonts between runs of Latin and Devanagari text. */
export function line(
  doc: Doc,
  text: string,
  options: { bold?: boolean; size?: number; x?: number; color?: string } = {},
): void {
  const runs = text.split(DEVANAGARI_RUN).filter((run) => run !== "");
  doc.fontSize(options.size ?? 10).fillColor(options.color ?? "#000000");
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
  doc.fillColor("#000000");
}

/** A thin grey line across the page, with a little space around it. */
export function rule(doc: Doc): void {
  const y = doc.y + 4;
  doc
    .moveTo(doc.page.margins.left, y)
    .lineTo(doc.page.width - doc.page.margins.right, y)
    .strokeColor("#999999")
    .lineWidth(0.5)
    .stroke();
  doc.y = y + 8;
}

/** A date or time in the clinic's zone, in a date-fns pattern. */
export function when(date: Date, timeZone: string, pattern: string): string {
  return format(new TZDate(date, timeZone), pattern);
}
