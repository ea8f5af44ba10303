import { escapeHtml } from "@shared/escape-html";
import { PAGE_DATA_ELEMENT_ID, type PageData } from "@shared/page-data";
import { type BodyPiece, NONCE } from "./prepared-response";

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
  /**
   * The page's address in every language it exists in (absolute, from PUBLIC_BASE_URL), written as hreflang
   * alternates with English as the x-default; none for a page in one language only.
   */
  alternates?: { hreflang: string; url: string }[] | undefined;
  /** The page's locale as Open Graph writes it ("kn_IN"); its alternates' become og:locale:alternate. */
  locale?: string | undefined;
}

/** The app's entry script and the chunks to fetch beside it (its imports and the page's lazily loaded module). */
export interface PageScripts {
  entry: string;
  preloads: string[];
}

/** JSON inside a <script> element must not be able to close the element or start a comment. */
function jsonForScript(value: unknown): string {
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
  if (head.locale) {
    tags.push(meta("property", "og:locale", head.locale));
    for (const alternate of head.alternates ?? []) {
      const locale = `${alternate.hreflang}_IN`;
      if (alternate.hreflang !== "x-default" && locale !== head.locale)
        tags.push(meta("property", "og:locale:alternate", locale));
    }
  }
  for (const alternate of head.alternates ?? [])
    tags.push(
      `<link rel="alternate" hreflang="${escapeHtml(alternate.hreflang)}" href="${escapeHtml(alternate.url)}" />`,
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
  return [tags.join("\n    ")];
}

/**
 * Starts the app's scripts once the page has been painted. The page arrives rendered, so its text and pictures need
 * no script; fetched from the start, the scripts (about 100 KB) would share a phone's slow line with the page's
 * picture and delay it. The loader runs at the end of <body>, once the whole page has been read, and waits for the
 * browser to report the first contentful paint; then it adds the entry script and a preload for each chunk (low
 * priority, with the page's nonce, which 'strict-dynamic' asks of a preload). A page opened in the background is not
 * painted, and a browser without paint timing reports nothing: they start at once, and in any case after 2 s.
 *
 * Until the app has hydrated, a tap on a button that needs the script (Book, Read More, the menu) would do nothing:
 * the loader notes the last such tap and starts the scripts at once, and the app replays it when it has hydrated
 * (`takeEarlyTap` in lib/early-tap.ts). Links and a form's submit button work without script and are left alone.
 */
const SCRIPT_LOADER = `(function (entry, preloads, afterPaint) {
  var nonce = document.currentScript.nonce, started = false, tapped = null;
  function onTap(event) {
    var button = event.target && event.target.closest ? event.target.closest("button") : null;
    if (!button || (button.type === "submit" && button.form)) return;
    tapped = button;
    start();
  }
  document.addEventListener("click", onTap, true);
  document.addEventListener("pointerdown", function () { start(); }, { capture: true, once: true });
  window.__takeEarlyTap = function () {
    document.removeEventListener("click", onTap, true);
    var button = tapped;
    tapped = null;
    return button;
  };
  function add(tag, attributes) {
    var element = document.createElement(tag);
    for (var name in attributes) element[name] = attributes[name];
    element.nonce = nonce;
    element.crossOrigin = "anonymous";
    element.fetchPriority = "low";
    document.head.appendChild(element);
  }
  function start() {
    if (started) return;
    started = true;
    preloads.forEach(function (href) { add("link", { rel: "modulepreload", href: href }); });
    add("script", { type: "module", src: entry });
  }
  var paints = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
  if (!afterPaint || document.visibilityState !== "visible" || !paints || paints.indexOf("paint") < 0) return start();
  new PerformanceObserver(function (list, observer) {
    if (!list.getEntriesByName("first-contentful-paint").length) return;
    observer.disconnect();
    start();
  }).observe({ type: "paint", buffered: true });
  setTimeout(start, 2000);
})`;

/**
 * The loader of a page. `afterPaint` is for a page that arrived rendered; a page the browser renders itself (admin,
 * payment result, video room) has nothing to paint before its script, which then starts at once.
 */
export function renderScriptLoader(scripts: PageScripts, options: { afterPaint: boolean }): BodyPiece[] {
  const args = [scripts.entry, scripts.preloads, options.afterPaint].map((value) => jsonForScript(value));
  const call = `${SCRIPT_LOADER}(${args.join(", ")});`;
  return ['<script nonce="', NONCE, `">${call.replace(/\n\s*/g, " ")}</script>`];
}

/** The page data element: profile, clinic zone and the page's reads, for the browser app to start from. */
function renderPageData(data: PageData): string {
  return `<script id="${PAGE_DATA_ELEMENT_ID}" type="application/json">${jsonForScript(data)}</script>`;
}

/**
 * Fills the page template (index.html, whose style tags carry `noncePlaceholder`) with the head, the app's HTML, the
 * page data and the script loader (`<!--app-scripts-->`, in the built template only). The template is cut at its placeholders first, so only its own tags get the
 * nonce: nothing written by the doctor or a visitor can ever receive one.
 */
export function assemblePage(
  template: string,
  noncePlaceholder: string,
  fill: { head: BodyPiece[]; appHtml: string; data: PageData; scripts?: BodyPiece[] },
): BodyPiece[] {
  // The template says lang="en"; the page's language is its data's.
  template = template.replace('<html lang="en">', `<html lang="${fill.data.language}">`);
  const pieces: BodyPiece[] = [];
  const insertions: Record<string, BodyPiece[]> = {
    "<!--app-head-->": fill.head,
    "<!--app-scripts-->": fill.scripts ?? [],
  };
  template.split(noncePlaceholder).forEach((segment, index) => {
    if (index > 0) pieces.push(NONCE);
    for (const part of segment.split(/(<!--app-head-->|<!--app-scripts-->)/)) {
      const insertion = insertions[part];
      if (insertion) pieces.push(...insertion);
      else
        pieces.push(
          part
            .replace("<!--app-html-->", () => fill.appHtml)
            .replace("<!--app-data-->", () => renderPageData(fill.data)),
        );
    }
  });
  return pieces;
}
