import { parentPort } from "node:worker_threads";
import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";

/**
 * The Markdown renderer's worker thread (started by ./markdown.ts). Article content is Markdown written by the
 * doctor. It becomes HTML here, and the HTML is sanitized with an allow-list, so nothing typed into an article
 * (raw <script>, event handlers, javascript: links) can run in a visitor's browser, even if the admin account were
 * misused. It runs on its own thread because some inputs keep marked busy for many seconds or overflow its stack;
 * the main thread gives each render a time limit and replaces this thread when it is exceeded.
 */
const marked = new Marked({ gfm: true, breaks: false, async: false });

const sanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags: [
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "p",
    "br",
    "hr",
    "blockquote",
    "ul",
    "ol",
    "li",
    "strong",
    "em",
    "del",
    "code",
    "pre",
    "a",
    "img",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "sup",
    "sub",
  ],
  allowedAttributes: {
    a: ["href", "title", "rel"],
    img: ["src", "alt", "title", "width", "height", "loading"],
    th: ["align"],
    td: ["align"],
    ol: ["start"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    // Links leave the site in a new context and pass no referrer or authority to the target.
    a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer nofollow" }),
    img: sanitizeHtml.simpleTransform("img", { loading: "lazy" }),
  },
};

/** What the worker posts: once `ready` after loading, then one answer per Markdown string it receives. */
export type RendererMessage =
  | { type: "ready" }
  | { type: "rendered"; html: string }
  | { type: "failed"; reason: "too-deep" | "error"; detail: string };

function render(markdown: string): RendererMessage {
  try {
    const html = marked.parse(markdown) as string;
    return { type: "rendered", html: sanitizeHtml(html, sanitizeOptions) };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    // marked recurses once per nesting level (">>>>...", deeply indented lists) and overflows the stack.
    const tooDeep = error instanceof RangeError && /call stack/i.test(detail);
    return { type: "failed", reason: tooDeep ? "too-deep" : "error", detail };
  }
}

const port = parentPort;
if (port) {
  port.on("message", (markdown: unknown) => {
    port.postMessage(
      typeof markdown === "string"
        ? render(markdown)
        : { type: "failed", reason: "error", detail: "expected a string of Markdown" },
    );
  });
  port.postMessage({ type: "ready" } satisfies RendererMessage);
}
