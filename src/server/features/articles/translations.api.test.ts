import { beforeAll, describe, expect, it } from "vitest";
import type { AdminArticle, Article } from "@shared/articles";
import { ensureBuild } from "../../../../scripts/ensure-build.mjs";
import { signInAsAdmin, TEST_SITE, testEngines, useTestApp } from "../../testing/test-app";
import { createArticle } from "./service";

/**
 * The doctor's translations of her articles: written in the dashboard beside the English one, answered by the public
 * API in the language asked for, and shown on that language's page as a page of its own (its canonical address, its
 * alternates, the sitemap); a language she has not translated into keeps the English article, marked English.
 */
const KANNADA = {
  title: "ಮಕ್ಕಳಲ್ಲಿ ಹೃದಯದ ಗೊಣಗು",
  excerpt: "ಹೃದಯದ ಗೊಣಗು ಎಂದರೇನು, ಮತ್ತು ಯಾವಾಗ ಚಿಂತಿಸಬೇಕು.",
  content: "## ಗೊಣಗು ಎಂದರೇನು?\n\nಹೆಚ್ಚಿನ ಗೊಣಗುಗಳು **ನಿರುಪದ್ರವಿ**.",
};

const alternates = (html: string) =>
  [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)" \/>/g)].map(([, lang, href]) => [
    lang,
    href,
  ]);

describe.each(testEngines)("article translations on %s", (engine) => {
  beforeAll(() => {
    ensureBuild();
  }, 300_000);
  const t = useTestApp(engine, { serveClient: true, env: { PUBLIC_BASE_URL: TEST_SITE } });
  let headers: Record<string, string>;
  let article: { id: string; slug: string };

  beforeAll(async () => {
    headers = { cookie: await signInAsAdmin(t.app, { origin: TEST_SITE }), origin: TEST_SITE };
    const row = await createArticle(t.database.db, {
      slug: "heart-murmurs",
      title: "Heart murmurs in children",
      excerpt: "What a murmur is, and when to worry.",
      content: "## What is a murmur?\n\nMost murmurs are **innocent**.",
    });
    article = { id: row.id, slug: row.slug };
  });

  const translate = (language: string, payload: object, id = article.id) =>
    t.app.inject({
      method: "PUT",
      url: `/api/admin/articles/${id}/translations/${language}`,
      headers,
      payload,
    });
  const publicList = async (query = "") =>
    (await t.app.inject({ method: "GET", url: `/api/articles${query}` })).json<{ articles: Article[] }>()
      .articles;

  it("refuses what is not a translation with a readable message, and writes nothing", async () => {
    const cases: [string, object, number, RegExp][] = [
      ["ta", KANNADA, 400, /Hindi \(hi\) or Kannada \(kn\)/],
      ["en", KANNADA, 400, /Hindi \(hi\) or Kannada \(kn\)/],
      ["kn", { ...KANNADA, title: "  " }, 400, /Title is required/],
      ["kn", { ...KANNADA, content: "x".repeat(100_001) }, 400, /Content must be at most/],
    ];
    for (const [language, payload, status, message] of cases) {
      const response = await translate(language, payload);
      expect(response.statusCode, language).toBe(status);
      expect(response.json<{ message: string }>().message).toMatch(message);
    }
    const unknown = await translate("kn", KANNADA, "00000000-0000-4000-8000-000000000000");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ message: string }>().message).toBe("Article not found");
    const anonymous = await t.app.inject({
      method: "PUT",
      url: `/api/admin/articles/${article.id}/translations/kn`,
      payload: KANNADA,
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await publicList("?language=kn"))[0]).toMatchObject({ language: "en", languages: ["en"] });
  });

  it("answers the Kannada translation in Kannada, and English to every other language", async () => {
    const saved = await translate("kn", KANNADA);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ article: AdminArticle }>().article.translations.kn).toMatchObject(KANNADA);

    const [kannada] = await publicList("?language=kn");
    expect(kannada).toMatchObject({ language: "kn", languages: ["en", "kn"], title: KANNADA.title });
    expect(kannada?.contentHtml).toContain("<strong>ನಿರುಪದ್ರವಿ</strong>");
    // Asked in English (or in a language without a translation, or twice) after Kannada: never Kannada from memory.
    for (const query of ["", "?language=hi", "?language=kn&language=kn", "?language=KN", "?language=fr"]) {
      const [shown] = await publicList(query);
      expect(shown, query).toMatchObject({ language: "en", languages: ["en", "kn"] });
      expect(shown?.title, query).toBe("Heart murmurs in children");
    }
    // A "?" inside the query is part of a value, as the route reads it: no spelling stores one language's answer
    // under the other's key.
    for (const query of ["?x=?&language=kn", "?language=kn?", "?language=kn&x=?"]) {
      await t.app.inject({ method: "GET", url: `/api/articles${query}` });
      await t.app.inject({ method: "GET", url: `/api/articles/${article.slug}${query}` });
      const [plain] = await publicList();
      expect(plain?.title, query).toBe("Heart murmurs in children");
      const [kannadaAgain] = await publicList("?language=kn");
      expect(kannadaAgain?.title, query).toBe(KANNADA.title);
      const slugRead = await t.app.inject({ method: "GET", url: `/api/articles/${article.slug}` });
      expect(slugRead.json<{ article: Article }>().article.title, query).toBe("Heart murmurs in children");
    }
    const one = await t.app.inject({ method: "GET", url: `/api/articles/${article.slug}?language=kn` });
    expect(one.json<{ article: Article }>().article.title).toBe(KANNADA.title);
  });

  it("gives the Kannada page its own address and alternates; the Hindi one stays the English article", async () => {
    const path = `/articles/${article.slug}`;
    const kannada = (await t.app.inject({ method: "GET", url: `/kn${path}` })).body;
    expect(kannada).toContain(`<link rel="canonical" href="${TEST_SITE}/kn${path}" />`);
    expect(kannada).toMatch(new RegExp(`<h1[^>]*>${KANNADA.title}</h1>`));
    expect(kannada).not.toMatch(/<h1[^>]*lang="en"/);
    expect(alternates(kannada)).toEqual([
      ["en", `${TEST_SITE}${path}`],
      ["kn", `${TEST_SITE}/kn${path}`],
      ["x-default", `${TEST_SITE}${path}`],
    ]);
    expect(kannada).toContain('"inLanguage":"kn-IN"');

    const english = (await t.app.inject({ method: "GET", url: path })).body;
    expect(alternates(english)).toEqual(alternates(kannada));
    const hindi = (await t.app.inject({ method: "GET", url: `/hi${path}` })).body;
    expect(hindi).toContain(`<link rel="canonical" href="${TEST_SITE}${path}" />`);
    expect(hindi).toMatch(/<h1[^>]*lang="en"[^>]*>Heart murmurs in children<\/h1>/);
    expect(alternates(hindi)).toEqual([]);

    const sitemap = (await t.app.inject({ method: "GET", url: "/sitemap.xml" })).body;
    expect(sitemap).toContain(`<loc>${TEST_SITE}/kn${path}</loc>`);
    expect(sitemap).not.toContain(`<loc>${TEST_SITE}/hi${path}</loc>`);
    expect(sitemap).toContain(`<xhtml:link rel="alternate" hreflang="kn" href="${TEST_SITE}/kn${path}"/>`);
    // Each language's entry says when that language's text last changed: the translation has its own date.
    const updatedIn = async (query: string) =>
      (await t.app.inject({ method: "GET", url: `/api/articles/${article.slug}${query}` })).json<{
        article: Article;
      }>().article.updatedAt;
    const [englishUpdate, kannadaUpdate] = [await updatedIn(""), await updatedIn("?language=kn")];
    expect(kannadaUpdate).not.toBe(englishUpdate);
    expect(sitemap).toContain(`<loc>${TEST_SITE}/kn${path}</loc><lastmod>${kannadaUpdate}</lastmod>`);
    expect(sitemap).toContain(`<loc>${TEST_SITE}${path}</loc><lastmod>${englishUpdate}</lastmod>`);

    // The home page in Kannada lists it in Kannada; in Hindi, in English marked so by the page.
    expect((await t.app.inject({ method: "GET", url: "/kn/" })).body).toContain(KANNADA.title);
    const hindiHome = (await t.app.inject({ method: "GET", url: "/hi/" })).body;
    expect(hindiHome).not.toContain(KANNADA.title);
    expect(hindiHome).toContain("अंग्रेज़ी में");
  });

  it("takes a removed translation off its pages at once", async () => {
    const removed = await t.app.inject({
      method: "DELETE",
      url: `/api/admin/articles/${article.id}/translations/kn`,
      headers,
    });
    expect(removed.statusCode).toBe(204);
    const again = await t.app.inject({
      method: "DELETE",
      url: `/api/admin/articles/${article.id}/translations/kn`,
      headers,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json<{ message: string }>().message).toMatch(/no translation in that language/);
    const [shown] = await publicList("?language=kn");
    expect(shown).toMatchObject({ language: "en", languages: ["en"] });
    const page = (await t.app.inject({ method: "GET", url: `/kn/articles/${article.slug}` })).body;
    expect(page).not.toContain(KANNADA.title);
    expect((await t.app.inject({ method: "GET", url: "/sitemap.xml" })).body).not.toContain(`/kn/articles/`);
  });
});
