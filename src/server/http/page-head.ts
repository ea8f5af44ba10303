import { escapeHtml } from "@shared/escape-html";
import { PAGE_DATA_ELEMENT_ID, type PageData } from "@shared/page-data";
import { type BodyPiece, NONCE } from "./prepared-response";

export { escapeHtml };

/** What the server writes into <head> for one page, so that link previews and search results need no JavaScript. */
export interface PageHead {
  title: string;
  description: string;
  /** The page's canonical address, from PUBLIC_BASE_URL only; none without it. */
  url?: string | undefined;
  image?: string | null;
  /** The image's size and words for those who cannot see it; previewers show a large card only with the size. */
  imageWidth?: number;
  imageHeight?: number;
  imageAlt?: string;
  type?: "website" | "article";
  /** Pages that are nobody's search result (the admin, payment result, video room and 404 pages). */
  noindex?: boolean;
  /** schema.org JSON-LD describing the page. */
  structuredData?: object | undefined;
  /** Script chunks the page needs at once (its lazily loaded page module), preloaded beside the entry. */
  preloads?: string[];
}

/** JSON inside a <script> element must not be able to close the element or start a comment. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

export function renderHead(head: PageHead): BodyPiece[] {
  const meta = (attribute: "name" | "property", key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta("name", "description", head.description),
    meta("property", "og:type", head.type ?? "website"),
    meta("property", "og:title", head.title),
    meta("property", "og:description", head.description),
    meta("name", "twitter:card", head.image ? "summary_large_image" : "summary"),
    meta("name", "twitter:title", head.title),
    meta("name", "twitter:description", head.description),
  ];
  if (head.noindex) tags.push(meta("name", "robots", "noindex"));
  if (head.url)
    tags.push(
      meta("property", "og:url", head.url),
      `<link rel="canonical" href="${escapeHtml(head.url)}" />`,
    );
  if (head.image) {
    tags.push(meta("property", "og:image", head.image), meta("name", "twitter:image", head.image));
    if (head.imageWidth && head.imageHeight)
      tags.push(
        meta("property", "og:image:width", String(head.imageWidth)),
        meta("property", "og:image:height", String(head.imageHeight)),
      );
    if (head.imageAlt)
      tags.push(
        meta("property", "og:image:alt", head.imageAlt),
        meta("name", "twitter:image:alt", head.imageAlt),
      );
  }
  if (head.structuredData)
    tags.push(`<script type="application/ld+json">${jsonForScript(head.structuredData)}</script>`);
  const pieces: BodyPiece[] = [tags.join("\n    ")];
  // Under 'strict-dynamic' a preload is fetched only with the page's nonce.
  for (const file of head.preloads ?? [])
    pieces.push(
      `\n    <link rel="modulepreload" fetchpriority="low" crossorigin href="/${escapeHtml(file)}" nonce="`,
      NONCE,
      `" />`,
    );
  return pieces;
}

/** The page data element: profile, clinic zone and the page's reads, for the browser app to start from. */
export function renderPageData(data: PageData): string {
  return `<script id="${PAGE_DATA_ELEMENT_ID}" type="application/json">${jsonForScript(data)}</script>`;
}

/**
 * Fills the page template (index.html, whose script, preload and style tags carry `noncePlaceholder`) with the head,
 * the app's HTML and the page data. The template is cut at its placeholders first, so only its own tags get the
 * nonce: nothing written by the doctor or a visitor can ever receive one.
 */
export function assemblePage(
  template: string,
  noncePlaceholder: string,
  fill: { head: BodyPiece[]; appHtml: string; data: PageData },
): BodyPiece[] {
  const pieces: BodyPiece[] = [];
  template.split(noncePlaceholder).forEach((segment, index) => {
    if (index > 0) pieces.push(NONCE);
    const headAt = segment.indexOf("<!--app-head-->");
    let rest = segment;
    if (headAt >= 0) {
      pieces.push(segment.slice(0, headAt), ...fill.head);
      rest = segment.slice(headAt + "<!--app-head-->".length);
    }
    pieces.push(
      rest
        .replace("<!--app-html-->", () => fill.appHtml)
        .replace("<!--app-data-->", () => renderPageData(fill.data)),
    );
  });
  return pieces;
}
