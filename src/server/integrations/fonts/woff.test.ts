import { readFileSync } from "node:fs";
import PDFDocument from "pdfkit";
import { describe, expect, it } from "vitest";
import { fontFile } from "./noto";
import { woffToSfnt } from "./woff";

/** What pdfkit's font reader (fontkit) makes of a font: its glyph count, and each glyph's outline for a text. */
interface ReadFont {
  numGlyphs: number;
  familyName: string;
  layout(text: string): { glyphs: { id: number; path: { toSVG(): string } }[] };
}
function read(bytes: Buffer): ReadFont {
  const doc = new PDFDocument();
  doc.registerFont("face", bytes).font("face");
  return (doc as unknown as { _font: { font: ReadFont } })._font.font;
}

describe("a WOFF font unwrapped into OpenType", () => {
  it.each([
    ["latin", 400, "Dr. Ananya Rao"],
    ["kannada", 700, "ಸುಮಾ ರಾವ್"],
    ["devanagari", 400, "आरव शर्मा"],
  ] as const)(
    "the %s face (%i) has the same glyphs, shaping and outlines as its WOFF file",
    (face, weight, text) => {
      const woff = readFileSync(fontFile(face, weight));
      const sfnt = woffToSfnt(woff);
      expect(sfnt.readUInt32BE(0)).toBe(woff.readUInt32BE(4)); // the OpenType flavour WOFF names
      expect(sfnt.length).toBe(woff.readUInt32BE(16)); // the size WOFF says the font had
      const [before, after] = [read(woff), read(sfnt)];
      expect(after.numGlyphs).toBe(before.numGlyphs);
      expect(after.familyName).toBe(before.familyName);
      const outlines = (font: ReadFont) =>
        font.layout(text).glyphs.map((glyph) => [glyph.id, glyph.path.toSVG()]);
      expect(outlines(after)).toEqual(outlines(before));
      expect(outlines(before).length).toBeGreaterThan(3);
    },
  );

  it("refuses what is not a WOFF file, and a table that lies outside the file", () => {
    expect(() => woffToSfnt(Buffer.alloc(64, "x"))).toThrow("not a WOFF 1.0 font");
    expect(() => woffToSfnt(readFileSync(fontFile("latin", 400)).subarray(0, 200))).toThrow(
      "outside the file",
    );
  });
});
