import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./markdown";

describe("renderMarkdown", () => {
  it("renders Markdown headings, lists, emphasis, links and images", () => {
    const html = renderMarkdown(
      "## Signs\n\n- **fast** breathing\n- *blue* lips\n\n[Read more](https://example.org/x)\n\n![Echo](https://example.org/echo.png)",
    );
    expect(html).toContain("<h2>Signs</h2>");
    expect(html).toContain("<strong>fast</strong>");
    expect(html).toContain("<em>blue</em>");
    expect(html).toContain(
      '<a href="https://example.org/x" rel="noopener noreferrer nofollow">Read more</a>',
    );
    expect(html).toContain('<img src="https://example.org/echo.png" alt="Echo" loading="lazy" />');
  });

  it("removes script elements written as raw HTML", () => {
    const html = renderMarkdown(
      'Hello <script>alert("x")</script> world\n\n<script src="https://evil.test/x.js"></script>',
    );
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain("evil.test");
  });

  it("removes event handler attributes such as onerror", () => {
    const html = renderMarkdown(
      '<img src="https://example.org/a.png" onerror="alert(1)">\n\n<p onclick="steal()">hi</p>',
    );
    expect(html).not.toMatch(/onerror|onclick|alert|steal/i);
  });

  it("removes javascript: URLs from links and images, in Markdown and HTML form", () => {
    const html = renderMarkdown(
      '[click](javascript:alert(1))\n\n<a href="JaVaScRiPt:alert(2)">x</a>\n\n<a href="&#106;avascript:alert(3)">y</a>\n\n![i](javascript:alert(4))',
    );
    expect(html.toLowerCase()).not.toContain("javascript");
    expect(html).not.toContain("alert");
  });

  it("removes iframes, styles, forms and data: images", () => {
    const html = renderMarkdown(
      '<iframe src="https://evil.test"></iframe><style>body{display:none}</style><form action="https://evil.test"><input></form><img src="data:image/svg+xml;base64,PHN2Zz4=">',
    );
    expect(html).not.toMatch(/<iframe|<style|<form|<input|data:/i);
  });
});
