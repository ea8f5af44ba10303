import { beforeAll, describe, expect, it } from "vitest";
import { CONTENT_NOT_RENDERED } from "@shared/articles";
import { HttpError } from "../../http/errors";
import { renderMarkdown } from "./markdown";

describe("renderMarkdown", () => {
  // The worker thread loads once here, so the timings below measure rendering, not the first start.
  beforeAll(async () => {
    await renderMarkdown("warm");
  });

  it("renders Markdown headings, lists, emphasis, links and images", async () => {
    const html = await renderMarkdown(
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

  it("removes script elements written as raw HTML", async () => {
    const html = await renderMarkdown(
      'Hello <script>alert("x")</script> world\n\n<script src="https://evil.test/x.js"></script>',
    );
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain("evil.test");
  });

  it("removes event handler attributes such as onerror", async () => {
    const html = await renderMarkdown(
      '<img src="https://example.org/a.png" onerror="alert(1)">\n\n<p onclick="steal()">hi</p>',
    );
    expect(html).not.toMatch(/onerror|onclick|alert|steal/i);
  });

  it("removes javascript: URLs from links and images, in Markdown and HTML form", async () => {
    const html = await renderMarkdown(
      '[click](javascript:alert(1))\n\n<a href="JaVaScRiPt:alert(2)">x</a>\n\n<a href="&#106;avascript:alert(3)">y</a>\n\n![i](javascript:alert(4))',
    );
    expect(html.toLowerCase()).not.toContain("javascript");
    expect(html).not.toContain("alert");
  });

  it("removes iframes, styles, forms and data: images", async () => {
    const html = await renderMarkdown(
      '<iframe src="https://evil.test"></iframe><style>body{display:none}</style><form action="https://evil.test"><input></form><img src="data:image/svg+xml;base64,PHN2Zz4=">',
    );
    expect(html).not.toMatch(/<iframe|<style|<form|<input|data:/i);
  });
});

describe("renderMarkdown, unchanged output", () => {
  it("renders a whole document to the same sanitized HTML as always", async () => {
    const html = await renderMarkdown(
      '## Signs\n\nMost murmurs are **innocent**; see [the guide](https://example.org/g "Guide").\n\n> Ask your doctor.\n\n1. Echo\n2. ECG\n\n| test | when |\n| :--- | ---: |\n| echo | now |\n\n![Echo](https://example.org/e.png)\n\n<script>x()</script><a href="javascript:y()">z</a>',
    );
    expect(html).toBe(
      '<h2>Signs</h2>\n<p>Most murmurs are <strong>innocent</strong>; see <a href="https://example.org/g" title="Guide" rel="noopener noreferrer nofollow">the guide</a>.</p>\n<blockquote>\n<p>Ask your doctor.</p>\n</blockquote>\n<ol>\n<li>Echo</li>\n<li>ECG</li>\n</ol>\n<table>\n<thead>\n<tr>\n<th align="left">test</th>\n<th align="right">when</th>\n</tr>\n</thead>\n<tbody><tr>\n<td align="left">echo</td>\n<td align="right">now</td>\n</tr>\n</tbody></table>\n<p><img src="https://example.org/e.png" alt="Echo" loading="lazy" /></p>\n<a rel="noopener noreferrer nofollow">z</a>',
    );
  });
});

/** Inputs that kept marked busy for many seconds, or overflowed its stack, when it ran on the main thread. */
const pathological: [string, string][] = [
  ['"*a " × 20,000', "*a ".repeat(20_000)],
  ['">" × 5,000', ">".repeat(5_000)],
  ['"[a](" × 30,000', "[a](".repeat(30_000)],
  ['"<" × 100,000', "<".repeat(100_000)],
];

/**
 * The time limit the pathological renders below run into: short, so that they take little of the run, and far
 * beyond the few milliseconds ordinary content takes (the default, RENDER_TIME_LIMIT_MS, is the server's).
 */
const LIMIT_MS = 300;

/** Renders, or returns the refusal; either way with how long it took. */
async function timedRender(
  markdown: string,
  timeLimitMs = LIMIT_MS,
): Promise<{ ms: number; html?: string; error?: unknown }> {
  const started = performance.now();
  try {
    const html = await renderMarkdown(markdown, timeLimitMs);
    return { ms: performance.now() - started, html };
  } catch (error) {
    return { ms: performance.now() - started, error };
  }
}

describe("renderMarkdown on pathological input", () => {
  beforeAll(async () => {
    await renderMarkdown("warm");
  });

  it.each(pathological)("renders %s or refuses it with a 422 within seconds", async (_name, markdown) => {
    const { ms, html, error } = await timedRender(markdown);
    // The limit, and the start of a fresh worker after a refusal (slow on a busy machine): far below the tens of
    // seconds the slowest of these takes to render.
    expect(ms).toBeLessThan(LIMIT_MS + 8_000);
    if (error === undefined) {
      expect(typeof html).toBe("string");
    } else {
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).statusCode).toBe(422);
      expect(Object.values(CONTENT_NOT_RENDERED)).toContain((error as HttpError).message);
    }
  });

  it("refuses the slowest one as too complex once the time limit passes", async () => {
    const { ms, error } = await timedRender("*a ".repeat(20_000));
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ statusCode: 422, message: CONTENT_NOT_RENDERED.tooComplex });
    expect(ms).toBeGreaterThanOrEqual(LIMIT_MS - 5);
  });

  it("keeps the event loop free while a render runs into the time limit", async () => {
    let longestGap = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 10);
    try {
      await timedRender("*a ".repeat(20_000));
    } finally {
      // A render that held the thread would leave no tick to measure the gap with; this measures it.
      longestGap = Math.max(longestGap, performance.now() - last);
      clearInterval(ticker);
    }
    expect(longestGap).toBeLessThan(500);
  });

  it("runs a render queued behind a stuck one as soon as the stuck one is stopped", async () => {
    const started = performance.now();
    const [stuck, queued] = await Promise.all([
      timedRender("*a ".repeat(20_000)),
      timedRender("**Still** works", 10_000),
    ]);
    expect(stuck.error).toBeInstanceOf(HttpError);
    expect(queued.html).toBe("<p><strong>Still</strong> works</p>\n");
    // The limit, then a fresh worker's start and the render: far below the ~26 s the stuck one would take.
    expect(performance.now() - started).toBeLessThan(LIMIT_MS + 6_000);
  });

  it("refuses content nested too deeply for the renderer with a readable 422", async () => {
    const { error } = await timedRender(">".repeat(50_000), 10_000);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ statusCode: 422, message: CONTENT_NOT_RENDERED.tooDeep });
  });

  it("renders normally again after refusing", async () => {
    await timedRender("*a ".repeat(20_000));
    expect(await renderMarkdown("# Back")).toBe("<h1>Back</h1>\n");
  });
});
