import { beforeAll, describe, expect, it } from "vitest";
import type { Article } from "@shared/articles";
import { articles } from "../../db/schema";
import { seedSampleContent } from "./seed";
import { createArticle } from "./service";
import { testEngines, useTestApp } from "../../testing/test-app";
import { publicContentChanged } from "../../db/public-content";

describe.each(testEngines)("articles API on %s", (engine) => {
  const t = useTestApp(engine);

  beforeAll(async () => {
    const day = 24 * 60 * 60 * 1000;
    const fixtures = [
      {
        slug: "older",
        title: "Older",
        excerpt: "Old one",
        content: "# Old",
        createdAt: new Date(Date.now() - 2 * day),
      },
      {
        slug: "newer",
        title: "Newer",
        excerpt: "New one",
        content: "**New**",
        createdAt: new Date(Date.now() - day),
      },
      { slug: "draft", title: "Draft", excerpt: "Not yet", content: "wip", published: false },
      {
        slug: "xss",
        title: "Tricky",
        excerpt: "Sanitized",
        content:
          '<script>alert(1)</script><img src="https://e.x/a.png" onerror="alert(2)">\n\n[x](javascript:alert(3))',
        createdAt: new Date(Date.now() - 3 * day),
        imageUrl: "https://images.example.org/heart.png",
      },
      {
        // 20:00 UTC is already the next day in the clinic's zone (Asia/Kolkata, UTC+05:30).
        slug: "late-evening",
        title: "Late evening",
        excerpt: "Written after 01:30 in India",
        content: "Late",
        createdAt: new Date("2026-03-14T20:00:00Z"),
      },
    ];
    for (const fixture of fixtures) await createArticle(t.database.db, fixture);
  });

  it("lists published articles only, newest first, with the spec's fields", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/articles" });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ articles: Article[] }>();
    expect(body.articles.map((article) => article.slug)).toEqual(["newer", "older", "xss", "late-evening"]);
    const [newest] = body.articles;
    expect(newest).toMatchObject({
      title: "Newer",
      excerpt: "New one",
      content: "**New**",
      published: true,
      imageUrl: null,
    });
    expect(newest?.contentHtml).toContain("<strong>New</strong>");
    expect(typeof newest?.id).toBe("string");
    expect(new Date(newest?.createdAt ?? "").toString()).not.toBe("Invalid Date");
  });

  it("dates an article by the clinic's calendar, not by UTC's", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/articles/late-evening" });
    const { article } = response.json<{ article: Article }>();
    expect(article.createdAt).toBe("2026-03-14T20:00:00.000Z");
    expect(article.createdOn).toBe("2026-03-15");
  });

  it("never hands a visitor live script from article content", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/articles/xss" });
    const { article } = response.json<{ article: Article }>();
    expect(article.contentHtml).not.toMatch(/<script|onerror|javascript:/i);
    expect(article.contentHtml).toContain('src="https://e.x/a.png"');
  });

  it("answers one published article by slug, and 404 with the error shape for drafts, unknown and empty slugs", async () => {
    const found = await t.app.inject({ method: "GET", url: "/api/articles/older" });
    expect(found.statusCode).toBe(200);
    expect(found.json<{ article: Article }>().article.title).toBe("Older");

    for (const slug of ["draft", "no-such-article", ""]) {
      const missing = await t.app.inject({ method: "GET", url: `/api/articles/${slug}` });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({
        statusCode: 404,
        error: "Not Found",
        message: "Article not found",
      });
      expect(missing.json<{ requestId: string }>().requestId).toBe(missing.headers["x-request-id"]);
    }
  });

  it("gives an article's shareable address a preview head, never built from the Host header", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/articles/xss",
      headers: { host: "evil.example" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      page: {
        title: "Tricky",
        description: "Sanitized",
        type: "article",
        // The generated card, not the article's own picture; relative, as there is no PUBLIC_BASE_URL here.
        image: expect.stringMatching(/^\/preview\/article-xss-[0-9a-f]{12}\.png$/) as unknown,
        imageWidth: 1200,
        imageHeight: 630,
      },
    });
    const card = await t.app.inject({
      method: "GET",
      url: response.json<{ page: { image: string } }>().page.image,
    });
    expect(card.statusCode).toBe(200);
    expect(card.headers["content-type"]).toBe("image/png");
    // Without PUBLIC_BASE_URL there is no absolute address to give, so og:url and canonical are left out.
    expect(response.body).not.toContain("evil.example");
    expect(response.json<{ page: { url?: string } }>().page.url).toBeUndefined();
    const missing = await t.app.inject({ method: "GET", url: "/articles/draft" });
    expect(missing.statusCode).toBe(404);
  });
});

describe.each(testEngines)("sample content on %s", (engine) => {
  const t = useTestApp(engine);

  it("creates three sample articles once, and not again after the doctor deletes them", async () => {
    expect(await seedSampleContent(t.database.db)).toBe(3);
    const listed = (await t.app.inject({ method: "GET", url: "/api/articles" })).json<{
      articles: Article[];
    }>();
    expect(listed.articles).toHaveLength(3);
    expect(listed.articles.every((article) => article.isSample)).toBe(true);

    await t.database.db.delete(articles);
    // A change made outside the articles service says so itself, as the service does.
    await publicContentChanged(t.database.db);
    expect(await seedSampleContent(t.database.db)).toBe(0);
    const after = (await t.app.inject({ method: "GET", url: "/api/articles" })).json<{
      articles: Article[];
    }>();
    expect(after.articles).toHaveLength(0);
  });
});
