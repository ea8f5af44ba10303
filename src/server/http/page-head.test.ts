import { describe, expect, it } from "vitest";
import type { PageData } from "@shared/page-data";
import { sampleProfile } from "@shared/sample-profile";
import { assemblePage, renderHead, renderScriptLoader } from "./page-head";
import { NONCE } from "./prepared-response";

const text = (pieces: ReturnType<typeof renderHead>) =>
  pieces.map((piece) => (piece === NONCE ? "{nonce}" : piece)).join("");

const data: PageData = {
  language: "en",
  messages: {},
  profile: sampleProfile,
  clinicTimeZone: "Asia/Kolkata",
  reads: [],
  rendered: true,
};

describe("renderHead", () => {
  it("writes the title, description and Open Graph and Twitter tags", () => {
    const html = text(
      renderHead({
        title: "Heart murmurs",
        description: "When to worry",
        url: "https://c.example/articles/a",
        image: "https://c.example/i.png",
        type: "article",
      }),
    );
    expect(html).toContain("<title>Heart murmurs</title>");
    expect(html).toContain('<meta name="description" content="When to worry" />');
    expect(html).toContain('<meta property="og:title" content="Heart murmurs" />');
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(html).toContain('<meta property="og:image" content="https://c.example/i.png" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toContain('<link rel="canonical" href="https://c.example/articles/a" />');
  });

  it("escapes text so an article title cannot inject markup", () => {
    const html = text(renderHead({ title: '"><script>alert(1)</script>', description: "a & b" }));
    expect(html).not.toContain("<script>alert");
    expect(html).toContain("&quot;&gt;&lt;script&gt;");
    expect(html).toContain("a &amp; b");
  });

  it("writes JSON-LD that cannot close its script element, and marks pages not to index", () => {
    const html = text(
      renderHead({
        title: "t",
        description: "d",
        noindex: true,
        structuredData: { name: "</script><script>alert(1)</script>" },
      }),
    );
    expect(html).toContain('<meta name="robots" content="noindex" />');
    const json = html.slice(html.indexOf("ld+json") + 9, html.lastIndexOf("</script>"));
    expect(json).not.toContain("</script>");
    expect((JSON.parse(json) as { name: string }).name).toBe("</script><script>alert(1)</script>");
  });
});

describe("renderScriptLoader", () => {
  it("is one script with the page's nonce that names the entry and the chunks, and no tag that fetches them", () => {
    const pieces = renderScriptLoader(
      { entry: "/assets/index-a.js", preloads: ["/assets/page-b.js"] },
      { afterPaint: true },
    );
    expect(pieces.filter((piece) => piece === NONCE)).toHaveLength(1);
    const html = text(pieces);
    expect(html.startsWith('<script nonce="{nonce}">')).toBe(true);
    expect(html).toContain('("/assets/index-a.js", ["/assets/page-b.js"], true)');
    expect(html).not.toMatch(/<link|src=/);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
  });
});

describe("assemblePage", () => {
  const template =
    '<head><!--app-head--><script nonce="NONCE_HERE" src="/a.js"></script></head>' +
    '<body><div id="root"><!--app-html--></div><!--app-data--></body>';

  it("puts a nonce hole where the template has its placeholder, and nowhere in the page's content", () => {
    const pieces = assemblePage(template, "NONCE_HERE", {
      head: [`<title>NONCE_HERE</title>`],
      appHtml: "<p>NONCE_HERE $& $1</p>",
      data,
    });
    expect(pieces.filter((piece) => piece === NONCE)).toHaveLength(1);
    expect(text(pieces)).not.toContain("<!--");
    const html = text(pieces);
    expect(html).toContain('<script nonce="{nonce}" src="/a.js">');
    expect(html).toContain("<title>NONCE_HERE</title>");
    expect(html).toContain('<div id="root"><p>NONCE_HERE $& $1</p></div>');
  });

  it("puts the script loader where the built template has its place, after the page's content", () => {
    const html = text(
      assemblePage(template.replace("</body>", "<!--app-scripts--></body>"), "NONCE_HERE", {
        head: [],
        appHtml: "<p>page</p>",
        data,
        scripts: renderScriptLoader({ entry: "/assets/index-a.js", preloads: [] }, { afterPaint: false }),
      }),
    );
    expect(html.indexOf('<script nonce="{nonce}">(function')).toBeGreaterThan(html.indexOf("<p>page</p>"));
    expect(html).toMatch(/<\/script><\/body>$/);
  });

  it("embeds the page data as JSON that cannot close its script element", () => {
    const profile = {
      ...sampleProfile,
      doctor: { ...sampleProfile.doctor, name: "</script><script>alert(1)</script>" },
    };
    const html = text(
      assemblePage(template, "NONCE_HERE", { head: [], appHtml: "", data: { ...data, profile } }),
    );
    const start = html.indexOf('type="application/json">') + 'type="application/json">'.length;
    const json = html.slice(start, html.indexOf("</script>", start));
    expect(json).not.toContain("</script>");
    expect((JSON.parse(json) as PageData).profile.doctor.name).toBe("</script><script>alert(1)</script>");
  });
});
