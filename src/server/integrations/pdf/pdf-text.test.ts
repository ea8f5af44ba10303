import { describe, expect, it } from "vitest";
import { line, newDocument } from "./pdf-text";
import { glyphsDrawn, pdfText, pdfWordEdges } from "./poppler";

/** A document of these lines, in pdftotext's reading: pages split at form feeds, lines trimmed, blank ones dropped. */
async function written(texts: string[]): Promise<{ pages: string[][]; pdf: Buffer }> {
  const { doc, bytes } = await newDocument({ Title: "test", Author: "test" });
  for (const text of texts) line(doc, text, { size: 11 });
  doc.end();
  const pdf = await bytes;
  const pages = (await pdfText(pdf))
    .split("\f")
    .map((page) =>
      page
        .split("\n")
        .map((row) => row.trim())
        .filter((row) => row !== ""),
    )
    .filter((page) => page.length > 0);
  return { pages, pdf };
}

describe("lines of text in a PDF", () => {
  it("wraps mixed scripts at spaces, inside the margin, keeping every word whole", async () => {
    const words = Array.from(
      { length: 60 },
      (_, index) => ["ಉಸಿರಾಟದ", "तकलीफ़", "breathless", "மூச்சுத்", "₹2,000"][index % 5],
    ).join(" ");
    const { pages, pdf } = await written([words]);
    const rows = pages.flat();
    expect(rows.length).toBeGreaterThan(2);
    expect(rows.join(" ")).toBe(words);
    expect(await glyphsDrawn(pdf)).toMatchObject({ notdef: 0 });
    // A4 is 595 points wide; the margins are 56.
    const edges = await pdfWordEdges(pdf);
    expect(Math.min(...edges.map((edge) => edge.left))).toBeGreaterThanOrEqual(55.5);
    expect(Math.max(...edges.map((edge) => edge.right))).toBeLessThanOrEqual(595.28 - 56 + 0.5);
    // The lines are filled: the longest reaches within a word of the margin.
    expect(Math.max(...edges.map((edge) => edge.right))).toBeGreaterThan(595.28 - 56 - 80);
  });

  it("breaks a word too long for a line between its clusters", async () => {
    const word = "ಕ್ಷೇಮ".repeat(60);
    const { pages } = await written([word]);
    const rows = pages.flat();
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.join("")).toBe(word);
  });

  it("starts a new line at each line break, however it is written, and a new page when the page is full", async () => {
    const { pages } = await written([
      "ಮೊದಲು\r\nಎರಡನೆಯದು\rthird\nನಾಲ್ಕನೆಯದು",
      ...Array.from({ length: 70 }, (_, index) => `row ${index}`),
    ]);
    expect(pages[0]?.slice(0, 4)).toEqual(["ಮೊದಲು", "ಎರಡನೆಯದು", "third", "ನಾಲ್ಕನೆಯದು"]);
    expect(pages.length).toBe(2);
    expect(pages.flat()).toContain("row 69");
  });
});
