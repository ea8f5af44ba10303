import type { SiteProfile } from "@shared/site-profile";

/** What the server writes into <head> for one page, so that link previews work without JavaScript. */
export interface PageHead {
  title: string;
  description: string;
  url?: string;
  image?: string | null;
  type?: "website" | "article";
}

const htmlEscapes: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => htmlEscapes[char] ?? char);
}

/** JSON inside a <script> element must not be able to close the element. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

export function renderHead(head: PageHead): string {
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
  if (head.url)
    tags.push(
      meta("property", "og:url", head.url),
      `<link rel="canonical" href="${escapeHtml(head.url)}" />`,
    );
  if (head.image)
    tags.push(meta("property", "og:image", head.image), meta("name", "twitter:image", head.image));
  return tags.join("\n    ");
}

export function renderPage(template: string, head: PageHead, profile: SiteProfile): string {
  const data = `<script id="site-profile" type="application/json">${jsonForScript(profile)}</script>`;
  return template.replace("<!--app-head-->", renderHead(head)).replace("<!--app-data-->", data);
}
