import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { createElement as h } from "react";

/**
 * The picture link previews show (WhatsApp, Facebook, X, LinkedIn): a 1200×630 PNG card with the page's title and
 * the doctor's name in the site's colours. Satori lays the card out as SVG; resvg rasterises it, since the
 * previewers take no SVG.
 */
export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;
/** Changed with the card's look, so that cards kept on disk from an older look are made again. */
export const CARD_LAYOUT = 1;

export interface PreviewCard {
  title: string;
  doctorName: string;
  /** The line under the name: the specialty. */
  subtitle: string;
}

const require = createRequire(import.meta.url);
const fontFile = (weight: 400 | 700) =>
  require.resolve(`@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-latin-${weight}-normal.woff`);

let fonts: Promise<{ name: string; data: Buffer; weight: 400 | 700; style: "normal" }[]> | undefined;
function loadFonts() {
  fonts ??= Promise.all(
    ([400, 700] as const).map(async (weight) => ({
      name: "Noto Sans",
      data: await readFile(fontFile(weight)),
      weight,
      style: "normal" as const,
    })),
  );
  return fonts;
}

const BRAND_900 = "#08384a";
const BRAND_700 = "#0b5c78";
const BRAND_50 = "#eef7fa";
const HEART = "#e11d48";

function card({ title, doctorName, subtitle }: PreviewCard) {
  const titleSize = title.length > 70 ? 52 : title.length > 40 ? 62 : 72;
  return h(
    "div",
    {
      style: {
        width: PREVIEW_WIDTH,
        height: PREVIEW_HEIGHT,
        boxSizing: "border-box",
        display: "flex",
        flexDirection: "column",
        justifyContent: "space-between",
        padding: "72px 80px",
        background: `linear-gradient(135deg, ${BRAND_900} 0%, ${BRAND_700} 100%)`,
        color: "white",
        fontFamily: "Noto Sans",
      },
    },
    h("div", { style: { display: "flex", width: 96, height: 10, background: HEART, borderRadius: 5 } }),
    h(
      "div",
      { style: { display: "flex", fontSize: titleSize, fontWeight: 700, lineHeight: 1.15, maxWidth: 1040 } },
      title,
    ),
    h(
      "div",
      { style: { display: "flex", flexDirection: "column" } },
      h("div", { style: { display: "flex", fontSize: 40, fontWeight: 700 } }, doctorName),
      h("div", { style: { display: "flex", fontSize: 28, color: BRAND_50, marginTop: 8 } }, subtitle),
    ),
  );
}

/** The card as PNG bytes. */
export async function renderPreviewCard(content: PreviewCard): Promise<Buffer> {
  // Loaded with the first card: cards are kept on disk, so most runs of the server never make one.
  const [{ default: satori }, { Resvg }] = await Promise.all([import("satori"), import("@resvg/resvg-js")]);
  const svg = await satori(card(content), {
    width: PREVIEW_WIDTH,
    height: PREVIEW_HEIGHT,
    fonts: await loadFonts(),
  });
  return Buffer.from(new Resvg(svg, { fitTo: { mode: "width", value: PREVIEW_WIDTH } }).render().asPng());
}
