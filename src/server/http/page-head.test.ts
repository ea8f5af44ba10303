import { describe, expect, it } from "vitest";
import { sampleProfile } from "@shared/sample-profile";
import { renderPage } from "./page-head";

const template = "<head><!--app-head--></head><body><div id=root></div><!--app-data--></body>";

describe("renderPage", () => {
  it("writes the title, description and Open Graph and Twitter tags", () => {
    const html = renderPage(
      template,
      {
        title: "Heart murmurs",
        description: "When to worry",
        url: "https://c.example/articles/a",
        image: "https://c.example/i.png",
        type: "article",
      },
      sampleProfile,
    );
    expect(html).toContain("<title>Heart murmurs</title>");
    expect(html).toContain('<meta name="description" content="When to worry" />');
    expect(html).toContain('<meta property="og:title" content="Heart murmurs" />');
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(html).toContain('<meta property="og:image" content="https://c.example/i.png" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
  });

  it("escapes text so an article title cannot inject markup", () => {
    const html = renderPage(
      template,
      { title: '"><script>alert(1)</script>', description: "a & b" },
      sampleProfile,
    );
    expect(html).not.toContain("<script>alert");
    expect(html).toContain("&quot;&gt;&lt;script&gt;");
    expect(html).toContain("a &amp; b");
  });

  it("embeds the site profile as JSON that cannot close its script element", () => {
    const profile = {
      ...sampleProfile,
      doctor: { ...sampleProfile.doctor, name: "</script><script>alert(1)</script>" },
    };
    const html = renderPage(template, { title: "t", description: "d" }, profile);
    const json = html.slice(html.indexOf('application/json">') + 18, html.lastIndexOf("</script>"));
    expect(json).not.toContain("</script>");
    expect((JSON.parse(json) as typeof profile).doctor.name).toBe("</script><script>alert(1)</script>");
  });
});
