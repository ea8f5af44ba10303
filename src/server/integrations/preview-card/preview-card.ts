import { readFile } from "node:fs/promises";
import { createElement as h } from "react";
import { type Face, FACES, facesOf, familyOf, fontFile, type Weight } from "../fonts/noto";

/**
 * The picture link previews show (WhatsApp, Facebook, X, LinkedIn): a 1200×630 PNG card with the page's title and
 * the doctor's name in the site's colours. Satori lays the card out as SVG; resvg rasterises it, since the
 * previewers take no SVG.
 */
export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;
/** Changed with the card's look, so that cards kept on disk from an older look are made again. */
export const CARD_LAYOUT = 2;

export interface PreviewCard {
  title: string;
  doctorName: string;
  /** The line under the name: the specialty. */
  subtitle: string;
  /** The version of the doctor's uploaded photo, when the card shows it (its bytes are given to the renderer). */
  photoVersion?: string;
}

/** Font files read so far, kept for the next card: a site's cards are in one or two scripts. */
const fontData = new Map<string, Promise<Buffer>>();
function readFont(face: Face, weight: Weight): Promise<Buffer> {
  const file = fontFile(face, weight);
  let data = fontData.get(file);
  if (!data) {
    data = readFile(file);
    data.catch(() => fontData.delete(file));
    fontData.set(file, data);
  }
  return data;
}

/**
 * The fonts a card's text needs: Noto Sans for Latin, and the face of each other script in the title, the doctor's
 * name and the specialty (a Hindi article's title in Noto Sans Devanagari), each under a family of its own.
 */
async function fontsFor(content: PreviewCard) {
  const text = `${content.title} ${content.doctorName} ${content.subtitle}`;
  const faces = [...new Set<Face>(["latin", ...facesOf(text)])];
  return Promise.all(
    faces.flatMap((face) =>
      ([400, 700] as const).map(async (weight) => ({
        name: familyOf(face),
        data: await readFont(face, weight),
        weight,
        style: "normal" as const,
      })),
    ),
  );
}

/** Every face's family, Latin first: satori takes each character from the first listed font that has it. */
const FONT_FAMILY = FACES.map(familyOf).join(", ");

const BRAND_900 = "#08384a";
const BRAND_700 = "#0b5c78";
const BRAND_50 = "#eef7fa";
const HEART = "#e11d48";

/** The doctor's photo on the card: 4:3, at the foot on the right, beside the name. */
const PHOTO_WIDTH = 280;
const PHOTO_HEIGHT = 210;

function doctorLine(doctorName: string, subtitle: string, photo: string | undefined) {
  const names = h(
    "div",
    { style: { display: "flex", flexDirection: "column" } },
    h("div", { style: { display: "flex", fontSize: 40, fontWeight: 700 } }, doctorName),
    h("div", { style: { display: "flex", fontSize: 28, color: BRAND_50, marginTop: 8 } }, subtitle),
  );
  if (!photo) return names;
  return h(
    "div",
    { style: { display: "flex", alignItems: "flex-end", justifyContent: "space-between", gap: 32 } },
    names,
    h("img", {
      src: photo,
      width: PHOTO_WIDTH,
      height: PHOTO_HEIGHT,
      style: { borderRadius: 20, objectFit: "cover", border: "4px solid white" },
    }),
  );
}

function card({ title, doctorName, subtitle }: PreviewCard, photo: string | undefined) {
  const titleSize = photo
    ? title.length > 70
      ? 44
      : title.length > 40
        ? 52
        : 64
    : title.length > 70
      ? 52
      : title.length > 40
        ? 62
        : 72;
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
        fontFamily: FONT_FAMILY,
      },
    },
    h("div", { style: { display: "flex", width: 96, height: 10, background: HEART, borderRadius: 5 } }),
    h(
      "div",
      { style: { display: "flex", fontSize: titleSize, fontWeight: 700, lineHeight: 1.15, maxWidth: 1040 } },
      title,
    ),
    doctorLine(doctorName, subtitle, photo),
  );
}

/**
 * The card laid out as SVG (text drawn as paths), and the text satori found no font for: it asks for more fonts
 * (loadAdditionalAsset) with each such piece, which it would otherwise draw as empty boxes.
 */
export async function previewCardSvg(
  content: PreviewCard,
  photo?: Buffer,
): Promise<{ svg: string; unprintable: string[] }> {
  // Loaded with the first card: cards are kept on disk, so most runs of the server never make one.
  const { default: satori } = await import("satori");
  const unprintable: string[] = [];
  const photoUri = photo ? `data:image/jpeg;base64,${photo.toString("base64")}` : undefined;
  const svg = await satori(card(content, photoUri), {
    width: PREVIEW_WIDTH,
    height: PREVIEW_HEIGHT,
    fonts: await fontsFor(content),
    loadAdditionalAsset: async (_code, segment) => {
      unprintable.push(segment);
      return [];
    },
  });
  return { svg, unprintable };
}

/** The card as PNG bytes. */
export async function renderPreviewCard(content: PreviewCard, photo?: Buffer): Promise<Buffer> {
  const [{ svg }, { Resvg }] = await Promise.all([previewCardSvg(content, photo), import("@resvg/resvg-js")]);
  return Buffer.from(new Resvg(svg, { fitTo: { mode: "width", value: PREVIEW_WIDTH } }).render().asPng());
}
