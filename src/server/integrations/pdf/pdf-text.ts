import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import type PDFDocument from "pdfkit";
import { type Face, FACES, fontBytes, fontFile, isComplex, runsOf } from "../fonts/noto";
import { clustersOf } from "./clusters";
import { skipNullAnchors } from "./null-anchors";

/**
 * What the site's PDFs (fee receipts, prescriptions) share: text set in Noto Sans, each run of it in the face of its
 * script (fonts/noto.ts), so "₹2,000", "आरव शर्मा", "ಸುಮಾ ರಾವ್" and "அருண் குமார்" all print instead of empty boxes.
 * pdfkit embeds only the glyphs a document uses, and opens a face only when text first needs it.
 *
 * Shaped Indian scripts are drawn out of typed order (a vowel sign written before its consonant is drawn first, a
 * reph after the consonant it stands on), so the font's own glyph-to-text table gives copy, search and pdftotext
 * "शमार्" for "शर्मा". Each cluster of such text is therefore drawn on its own, inside a marked-content span whose
 * /ActualText is the cluster as typed (PDF 32000-1, 14.9.4): viewers and pdftotext read that instead of the glyphs.
 * Lines are laid out and wrapped here rather than by pdfkit, which cannot mark clusters and switches fonts only
 * between whole calls.
 */
export type Doc = InstanceType<typeof PDFDocument>;

/** The name a face is registered under in a document: "kannada", "kannadaBold". */
function fontName(face: Face, bold: boolean): string {
  return bold ? `${face}Bold` : face;
}

/**
 * An A4 document with the fonts registered, and a promise of its bytes once `doc.end()` is called. pdfkit is loaded
 * with the first document, so a server that makes none does not hold it in memory; registering a font only names its
 * file, which pdfkit reads when text first uses it.
 */
export async function newDocument(
  info: { Title: string; Author: string },
  options: { bufferPages?: boolean } = {},
): Promise<{ doc: Doc; bytes: Promise<Buffer> }> {
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({ size: "A4", margin: 56, info, bufferPages: options.bufferPages ?? false });
  // Registered as file names, which cost nothing until used; a face's OpenType bytes replace its name the first
  // time the document's text needs it (see `useFace`). Latin is always needed.
  for (const face of FACES) {
    doc.registerFont(fontName(face, false), fontFile(face, 400));
    doc.registerFont(fontName(face, true), fontFile(face, 700));
  }
  useFace(doc, "latin", false);
  useFace(doc, "latin", true);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  return { doc, bytes };
}

interface TextStyle {
  bold?: boolean;
  /** Points; 10 unless given. */
  size?: number;
  color?: string;
}

/**
 * pdfkit's objects where its public API stops: the current font's metrics, and its glyphs with their shaped
 * positions, to draw one cluster at a time (what `doc.text` does for a whole string).
 */
interface PdfkitFont {
  id: string;
  /** The fontkit font (or, for pdfkit's built-in fonts, their metrics). */
  font: unknown;
  /** Per 1000 units of the font size; the descender is negative. */
  ascender: number;
  descender: number;
  ref(): unknown;
  /** Shapes the text and marks its glyphs for the subset: glyph ids in hex, and positions per 1000 units. */
  encode(text: string): [string[], GlyphPosition[]];
}
interface GlyphPosition {
  xAdvance: number;
  xOffset: number;
  yOffset: number;
  /** The glyph's own width, the one the PDF's font dictionary gives viewers. */
  advanceWidth: number;
}
function internals(doc: Doc): { font: PdfkitFont; fontSize: number; pageFonts: Record<string, unknown> } {
  const inner = doc as unknown as {
    _font: PdfkitFont;
    _fontSize: number;
    page: { fonts: Record<string, unknown> };
  };
  return { font: inner._font, fontSize: inner._fontSize, pageFonts: inner.page.fonts };
}

/** A run of text in one font, measured: widths and heights in points. */
interface Piece {
  text: string;
  face: Face;
  font: string;
  complex: boolean;
  width: number;
  ascent: number;
  descent: number;
}

/** Faces each document has been given the bytes of. */
const facesInUse = new WeakMap<Doc, Set<string>>();

/**
 * Gives the document a face's font as OpenType bytes, read once per process (fonts/noto.ts), before its text first
 * uses it; pdfkit would otherwise read the WOFF file again for each document and inflate its tables glyph by glyph.
 */
function useFace(doc: Doc, face: Face, bold: boolean): string {
  const name = fontName(face, bold);
  const used = facesInUse.get(doc) ?? new Set<string>();
  facesInUse.set(doc, used);
  if (!used.has(name)) {
    doc.registerFont(name, fontBytes(face, bold ? 700 : 400));
    used.add(name);
  }
  return name;
}

function measure(doc: Doc, text: string, face: Face, style: TextStyle): Piece {
  const font = useFace(doc, face, style.bold ?? false);
  doc.font(font).fontSize(style.size ?? 10);
  skipNullAnchors(internals(doc).font.font);
  const complex = isComplex(face);
  // Shaped clusters are drawn one by one, so the width is theirs added up.
  const width = complex
    ? clustersOf(text).reduce((sum, cluster) => sum + doc.widthOfString(cluster), 0)
    : doc.widthOfString(text);
  const { font: metrics, fontSize } = internals(doc);
  return {
    text,
    face,
    font,
    complex,
    width,
    ascent: (metrics.ascender * fontSize) / 1000,
    descent: (-metrics.descender * fontSize) / 1000,
  };
}

/** Text on one line, as runs of one font each. */
function piecesOf(doc: Doc, text: string, style: TextStyle): Piece[] {
  return runsOf(text).map((run) => measure(doc, run.text, run.face, style));
}

const widthOf = (pieces: Piece[]) => pieces.reduce((sum, piece) => sum + piece.width, 0);

/** The height of a line of these pieces: the tallest ascent and the deepest descent (of Latin, for an empty line). */
function extentOf(doc: Doc, pieces: Piece[], style: TextStyle): { ascent: number; descent: number } {
  const measured = pieces.length > 0 ? pieces : [measure(doc, " ", "latin", style)];
  return {
    ascent: Math.max(...measured.map((piece) => piece.ascent)),
    descent: Math.max(...measured.map((piece) => piece.descent)),
  };
}

const number = (value: number) => String(Math.round(value * 1000) / 1000);

/**
 * A cluster's glyphs in the order to draw them. Viewers (poppler's pdftotext among them) place a span's ActualText
 * from the start of the first glyph drawn to the end of the last one, and read a gap between two spans as a space.
 * So the glyph at the cluster's start is drawn first; and since a mark (a vowel sign above or below, a reph) has no
 * width and a cluster may end with one, the caller stretches the last glyph's extent to the cluster's end.
 */
function inSpanOrder<T extends { x: number }>(glyphs: T[], start: number): T[] {
  const first = glyphs.findIndex((glyph) => Math.abs(glyph.x - start) < 0.001);
  if (first <= 0) return glyphs;
  return [...glyphs.slice(first, first + 1), ...glyphs.slice(0, first), ...glyphs.slice(first + 1)];
}

/** Draws shaped text cluster by cluster, each inside a span whose /ActualText is the cluster as typed. */
function drawClusters(doc: Doc, piece: Piece, x: number, baseline: number): void {
  doc.font(piece.font);
  const { font, fontSize, pageFonts } = internals(doc);
  pageFonts[font.id] ??= font.ref();
  const scale = fontSize / 1000;
  const height = doc.page.height;
  // pdfkit draws in a coordinate system flipped to start at the top; text is drawn unflipped, as pdfkit does, and
  // the spans sit inside the same transform, as viewers place the ActualText with the transform at its end.
  doc.save().transform(1, 0, 0, -1, 0, height);
  const y = height - baseline;
  let left = x;
  for (const cluster of clustersOf(piece.text)) {
    const [glyphs, positions] = font.encode(cluster);
    const start = left;
    const placed = glyphs.map((glyph, index) => {
      const position = positions[index] ?? { xAdvance: 0, xOffset: 0, yOffset: 0, advanceWidth: 0 };
      const x = left + position.xOffset * scale;
      left += position.xAdvance * scale;
      return { glyph, x, y: y + position.yOffset * scale, width: position.advanceWidth * scale };
    });
    doc.markContent("Span", { actual: cluster });
    doc.addContent(`BT /${font.id} ${number(fontSize)} Tf`);
    inSpanOrder(placed, start).forEach((glyph, index, order) => {
      // The last glyph's character spacing carries its width to the cluster's end (see inSpanOrder); the next
      // glyph's position is set with Tm, so the spacing moves nothing.
      const reach = index === order.length - 1 ? left - (glyph.x + glyph.width) : 0;
      if (Math.abs(reach) > 0.001) doc.addContent(`${number(reach)} Tc`);
      doc.addContent(`1 0 0 1 ${number(glyph.x)} ${number(glyph.y)} Tm <${glyph.glyph}> Tj`);
      if (Math.abs(reach) > 0.001) doc.addContent("0 Tc");
    });
    doc.addContent("ET");
    doc.endMarkedContent();
  }
  doc.restore();
}

/** Draws pieces on one line whose top is at `top`, on a common baseline. Answers the line's height. */
function drawPieces(doc: Doc, pieces: Piece[], x: number, top: number, style: TextStyle): number {
  const { ascent, descent } = extentOf(doc, pieces, style);
  const baseline = top + ascent;
  doc.fontSize(style.size ?? 10).fillColor(style.color ?? "#000000");
  let left = x;
  for (const piece of pieces) {
    if (piece.complex) drawClusters(doc, piece, left, baseline);
    else doc.font(piece.font).text(piece.text, left, baseline, { lineBreak: false, baseline: "alphabetic" });
    left += piece.width;
  }
  return ascent + descent;
}

/** Cuts a word too wide for a line into parts that fit, between clusters. */
function splitWord(doc: Doc, word: Piece[], width: number, style: TextStyle): Piece[][] {
  const parts: Piece[][] = [];
  let part: Piece[] = [];
  let used = 0;
  for (const piece of word) {
    for (const cluster of clustersOf(piece.text)) {
      const measured = measure(doc, cluster, piece.face, style);
      if (used + measured.width > width && part.length > 0) {
        parts.push(part);
        part = [];
        used = 0;
      }
      const last = part.at(-1);
      if (last && last.font === measured.font) {
        last.text += cluster;
        last.width += measured.width;
      } else part.push(measured);
      used += measured.width;
    }
  }
  if (part.length > 0) parts.push(part);
  return parts;
}

/** A paragraph's lines: words are kept whole where they fit, and lines break at spaces. */
function wrap(doc: Doc, paragraph: string, width: number, style: TextStyle): Piece[][] {
  const lines: Piece[][] = [];
  let current: Piece[] = [];
  let pendingSpace: Piece[] = [];
  // Lines break at spaces and tabs only: a no-break space keeps its words together.
  for (const token of paragraph.match(/[ \t]+|[^ \t]+/g) ?? []) {
    if (/^[ \t]/.test(token)) {
      pendingSpace = current.length > 0 ? piecesOf(doc, token.replace(/\t/g, " "), style) : [];
      continue;
    }
    const word = piecesOf(doc, token, style);
    const fits = widthOf(current) + widthOf(pendingSpace) + widthOf(word) <= width;
    if (current.length > 0 && fits) current.push(...pendingSpace, ...word);
    else {
      if (current.length > 0) lines.push(current);
      const parts = widthOf(word) > width ? splitWord(doc, word, width, style) : [word];
      lines.push(...parts.slice(0, -1));
      current = parts.at(-1) ?? [];
    }
    pendingSpace = [];
  }
  lines.push(current);
  return lines;
}

/** Joins neighbouring pieces of one font, so that Latin text is drawn (and read back) as whole strings. */
function joined(pieces: Piece[]): Piece[] {
  const result: Piece[] = [];
  for (const piece of pieces) {
    const last = result.at(-1);
    if (last && last.font === piece.font) {
      last.text += piece.text;
      last.width += piece.width;
    } else result.push({ ...piece });
  }
  return result;
}

/**
 * Writes text from `x` (the current x unless given, and then the current x after it) wrapped at the right margin
 * or at `width`, a new page when a line does not fit; a line break in the text starts a new line.
 */
export function line(doc: Doc, text: string, options: TextStyle & { x?: number; width?: number } = {}): void {
  const x = options.x ?? doc.x;
  const width = options.width ?? doc.page.width - doc.page.margins.right - x;
  for (const paragraph of text.split(/\r\n|\r|\n/)) {
    for (const pieces of wrap(doc, paragraph, width, options)) {
      const { ascent, descent } = extentOf(doc, pieces, options);
      // A new page's own header (pageAdded) may write with another style; each line sets its own.
      if (doc.y + ascent + descent > doc.page.height - doc.page.margins.bottom) doc.addPage();
      const top = doc.y;
      doc.y = top + drawPieces(doc, joined(pieces), x, top, options);
    }
  }
  doc.x = x;
  doc.fillColor("#000000");
}

/** The width of text on one line. */
export function widthOfText(doc: Doc, text: string, style: TextStyle = {}): number {
  return widthOf(piecesOf(doc, text, style));
}

/** Writes text on one line with its top at (x, top), leaving the current position as it was; answers its height. */
export function textAt(doc: Doc, text: string, x: number, top: number, style: TextStyle = {}): number {
  const { x: currentX, y: currentY } = doc;
  const height = drawPieces(doc, joined(piecesOf(doc, text, style)), x, top, style);
  doc.x = currentX;
  doc.y = currentY;
  doc.fillColor("#000000");
  return height;
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
