import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

/**
 * For the tests: a PDF as poppler reads it (pdftotext, pdffonts from poppler-utils, as Linux PDF viewers do), and
 * the glyphs it draws as empty boxes.
 */
const run = promisify(execFile);

async function poppler(tool: "pdftotext" | "pdffonts", args: string[], pdf: Buffer): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), "clinic-pdf-"));
  try {
    const file = join(folder, "document.pdf");
    await writeFile(file, pdf);
    return (await run(tool, [...args, file, ...(tool === "pdftotext" ? ["-"] : [])])).stdout;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT")
      throw new Error(`${tool} was not found: install poppler-utils (apt-get install poppler-utils)`, {
        cause: error,
      });
    throw error;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** The text a viewer's copy and search get: pdftotext's, lines in reading order. */
export function pdfText(pdf: Buffer): Promise<string> {
  return poppler("pdftotext", ["-enc", "UTF-8"], pdf);
}

/** Where pdftotext finds each word: its left and right edges in points, from the page's left. */
export async function pdfWordEdges(pdf: Buffer): Promise<{ word: string; left: number; right: number }[]> {
  const html = await poppler("pdftotext", ["-enc", "UTF-8", "-bbox"], pdf);
  return [
    ...html.matchAll(/<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<\/word>/g),
  ].map((match) => ({ word: match[3] ?? "", left: Number(match[1]), right: Number(match[2]) }));
}

interface PdfFont {
  /** "BCZZZZ+NotoSansKannada-Regular": a subset's name starts with six capitals and a plus. */
  name: string;
  embedded: boolean;
  subset: boolean;
}

/** The fonts pdffonts lists. */
export async function pdfFonts(pdf: Buffer): Promise<PdfFont[]> {
  const lines = (await poppler("pdffonts", [], pdf)).trim().split("\n").slice(2);
  return lines.map((line) => {
    // name, type (may hold spaces), encoding, emb, sub, uni, object, ID
    const columns = line.trim().split(/\s+/);
    const at = (fromEnd: number) => columns[columns.length - fromEnd];
    return { name: columns[0] ?? "", embedded: at(5) === "yes", subset: at(4) === "yes" };
  });
}

/**
 * How many glyphs the PDF draws, and how many of them as .notdef, the empty box a font prints for a character it
 * does not have. The site's PDFs set text as glyph ids in hex, four digits each, in Tj and TJ operations of
 * Flate-compressed content streams; .notdef is glyph 0.
 */
export async function glyphsDrawn(pdf: Buffer): Promise<{ glyphs: number; notdef: number }> {
  const { inflateSync } = await import("node:zlib");
  const bytes = pdf.toString("latin1");
  const ids: string[] = [];
  for (const match of bytes.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = bytes.indexOf("endstream", start);
    let content: string;
    try {
      content = inflateSync(Buffer.from(bytes.slice(start, end), "latin1")).toString("latin1");
    } catch {
      continue;
    }
    const shown = [
      ...[...content.matchAll(/<([0-9a-f]*)>\s*Tj/g)].map((shows) => shows[1] ?? ""),
      ...[...content.matchAll(/\[([^\]]*)\]\s*TJ/g)].flatMap((shows) =>
        [...(shows[1] ?? "").matchAll(/<([0-9a-f]*)>/g)].map((hex) => hex[1] ?? ""),
      ),
    ];
    for (const hex of shown) ids.push(...(hex.match(/.{4}/g) ?? []));
  }
  return { glyphs: ids.length, notdef: ids.filter((id) => id === "0000").length };
}
