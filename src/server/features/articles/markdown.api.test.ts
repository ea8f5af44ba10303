import { setTimeout as sleep } from "node:timers/promises";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { ApiErrorBody } from "@shared/api-error";
import { type Article, CONTENT_NOT_RENDERED } from "@shared/articles";
import { articles } from "../../db/schema";
import { createTestApp, signInAsAdmin, TEST_ORIGIN, testEngines, useTestApp } from "../../testing/test-app";

const origin = TEST_ORIGIN;

/** The time limit of these renders: far beyond ordinary content's few milliseconds, short for the run. */
const RENDER_LIMIT_MS = 1_000;

/** The slowest input found for marked: about 30 s of work on one thread, within the content length cap. */
const slowest = "*a ".repeat(20_000);

describe.each(testEngines)("article rendering over HTTP on %s", (engine) => {
  const t = useTestApp(engine, {
    env: { MARKDOWN_RENDER_LIMIT_MS: String(RENDER_LIMIT_MS) },
  });
  let cookie = "";
  let base = "";
  const admin = (method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie, origin }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    cookie = await signInAsAdmin(t.app);
    // A real server, so that requests are truly concurrent rather than injected one after another.
    base = await t.app.listen({ port: 0, host: "127.0.0.1" });
    // The renderer's thread is loaded before the timings below, so they measure rendering alone.
    expect((await admin("POST", "/api/admin/articles/preview", { content: "warm" })).statusCode).toBe(200);
  });

  it("answers health checks at once while a preview runs into the time limit, then refuses the preview with 422", async () => {
    const sent = performance.now();
    const order: string[] = [];
    const preview = fetch(`${base}/api/admin/articles/preview`, {
      method: "POST",
      headers: { cookie, origin: base, "content-type": "application/json" },
      body: JSON.stringify({ content: slowest }),
    }).then(async (response) => {
      order.push("preview");
      return { status: response.status, body: (await response.json()) as ApiErrorBody };
    });

    // The render is under way by now. If it held the event loop, this timer would fire late and the health
    // check would wait for the render: both count in how late the answer is.
    const due = sent + 200;
    await sleep(200);
    const health = await fetch(`${base}/api/health`);
    order.push("health");
    const lateness = performance.now() - due;
    expect(health.status).toBe(200);
    expect(lateness).toBeLessThan(1_000);

    const { status, body } = await preview;
    expect(order).toEqual(["health", "preview"]);
    expect(status).toBe(422);
    expect(body).toMatchObject({ statusCode: 422, message: CONTENT_NOT_RENDERED.tooComplex });
    expect(performance.now() - sent).toBeGreaterThanOrEqual(RENDER_LIMIT_MS - 5);
  });

  it("refuses content nested too deeply with a readable 422, never a 500", async () => {
    // Nesting overflows the renderer's stack after some work: a site with the default limit's room for it, so that a
    // busy machine cannot turn the answer into the time limit's.
    const roomy = await createTestApp(engine, {
      env: { MARKDOWN_RENDER_LIMIT_MS: "30000" },
    });
    const response = await roomy.app
      .inject({
        method: "POST",
        url: "/api/admin/articles/preview",
        headers: { cookie: await signInAsAdmin(roomy.app), origin },
        payload: { content: ">".repeat(50_000) },
      })
      .finally(() => roomy.close());
    expect(response.statusCode).toBe(422);
    expect(response.json<ApiErrorBody>().message).toMatch(
      /^This content could not be rendered: it is nested/,
    );
  });

  it("still previews ordinary Markdown after refusing", async () => {
    const response = await admin("POST", "/api/admin/articles/preview", { content: "## Fine\n\n**bold**" });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ html: string }>().html).toBe("<h2>Fine</h2>\n<p><strong>bold</strong></p>\n");
  });

  it("refuses to create an article whose content cannot be rendered, and stores nothing", async () => {
    const before = (await admin("GET", "/api/admin/articles")).json<{ articles: Article[] }>().articles
      .length;
    const response = await admin("POST", "/api/admin/articles", {
      title: "Too complex to render",
      excerpt: "E",
      content: slowest,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json<ApiErrorBody>().message).toBe(CONTENT_NOT_RENDERED.tooComplex);
    const after = (await admin("GET", "/api/admin/articles")).json<{ articles: Article[] }>().articles.length;
    expect(after).toBe(before);
    const stored = await t.database.db
      .select()
      .from(articles)
      .where(eq(articles.title, "Too complex to render"));
    expect(stored).toEqual([]);
  });

  it("refuses to save such content over an article and keeps the article as it was", async () => {
    const created = await admin("POST", "/api/admin/articles", {
      title: "Kept",
      excerpt: "E",
      content: "*Kept*",
    });
    expect(created.statusCode).toBe(201);
    const { article } = created.json<{ article: Article }>();
    const response = await admin("PUT", `/api/admin/articles/${article.id}`, {
      title: "Changed",
      excerpt: "E",
      content: slowest,
    });
    expect(response.statusCode).toBe(422);
    const [row] = await t.database.db.select().from(articles).where(eq(articles.id, article.id));
    expect(row).toMatchObject({ title: "Kept", content: "*Kept*", contentHtml: "<p><em>Kept</em></p>\n" });
  });
});
