import { beforeAll, describe, expect, it } from "vitest";
import { LANGUAGES, type Language } from "@shared/i18n/languages";
import { ensureBuild } from "../../../../scripts/ensure-build.mjs";
import { TEST_SITE, testEngines, useTestApp } from "../../testing/test-app";

/**
 * Every public page exists in English at its own address and in Hindi and Kannada under /hi/ and /kn/, rendered
 * on the server in its language: what a search engine and a parent without script receive.
 */
const PAGES = ["/", "/contact-us", "/terms-conditions", "/privacy", "/refunds-cancellations"];
const inLanguage = (path: string, language: Language) => (language === "en" ? path : `/${language}${path}`);

/** A sentence each language's home page shows, from its catalogue. */
const BOOK_BUTTON: Record<Language, string> = {
  en: "Book Video Consultation",
  hi: "वीडियो परामर्श बुक करें",
  kn: "ವೀಡಿಯೊ ಸಮಾಲೋಚನೆ ಬುಕ್ ಮಾಡಿ",
};

interface PageData {
  language: string;
  messages: Record<string, unknown>;
}

const pageData = (html: string) =>
  JSON.parse(
    /<script id="page-data" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1] ?? "{}",
  ) as PageData;
const structuredData = (html: string) =>
  JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? "{}") as {
    "@graph": {
      "@type": string;
      inLanguage?: unknown;
      url?: string;
      contactPoint?: { availableLanguage?: unknown };
    }[];
  };
const alternates = (html: string) =>
  [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)" \/>/g)].map(([, lang, href]) => [
    lang,
    href,
  ]);

describe.each(testEngines)("pages in each language on %s", (engine) => {
  beforeAll(() => {
    // The pages are the built browser app's, rendered on the server.
    ensureBuild();
  }, 300_000);
  const t = useTestApp(engine, { serveClient: true, env: { PUBLIC_BASE_URL: TEST_SITE } });

  it("renders every public page in its language, with lang, its own canonical address and the others as alternates", async () => {
    for (const language of LANGUAGES)
      for (const page of PAGES) {
        const url = inLanguage(page, language);
        const response = await t.app.inject({ method: "GET", url });
        expect(response.statusCode, url).toBe(200);
        const html = response.body;
        expect(html, url).toContain(`<html lang="${language}">`);
        expect(html, url).toContain(`<link rel="canonical" href="${TEST_SITE}${url}" />`);
        expect(alternates(html), url).toEqual([
          ["en", `${TEST_SITE}${page}`],
          ["hi", `${TEST_SITE}/hi${page}`],
          ["kn", `${TEST_SITE}/kn${page}`],
          ["x-default", `${TEST_SITE}${page}`],
        ]);
        // The browser app starts in the page's language, with that language's messages only.
        const data = pageData(html);
        expect(data.language, url).toBe(language);
        expect(JSON.stringify(data.messages), url).toContain(
          JSON.stringify(BOOK_BUTTON[language]).slice(1, -1),
        );
      }
  });

  it("translates the page itself, its title and its words", async () => {
    const kannada = (await t.app.inject({ method: "GET", url: "/kn/" })).body;
    expect(kannada).toContain(BOOK_BUTTON.kn);
    expect(kannada).toContain('<meta property="og:locale" content="kn_IN" />');
    expect(kannada).toContain('<meta property="og:locale:alternate" content="hi_IN" />');
    expect(kannada).toContain('<meta property="og:locale:alternate" content="en_IN" />');
    expect(kannada).toContain("ಅಪಾಯಿಂಟ್‌ಮೆಂಟ್ ಬುಕ್ ಮಾಡಿ");
    expect(kannada).not.toContain(BOOK_BUTTON.en);
    const hindi = (await t.app.inject({ method: "GET", url: "/hi/contact-us" })).body;
    expect(hindi).toMatch(/<title>हमसे संपर्क करें \| [^<]+<\/title>/);
    expect(hindi).toContain("संदेश भेजें");
    const english = (await t.app.inject({ method: "GET", url: "/contact-us" })).body;
    expect(english).toMatch(/<title>Contact Us \| [^<]+<\/title>/);
    expect(english).toContain(BOOK_BUTTON.en.split(" ")[0]);
  });

  it("names each page's language in its JSON-LD and the languages a parent can book in", async () => {
    for (const language of LANGUAGES) {
      const graph = structuredData(
        (await t.app.inject({ method: "GET", url: inLanguage("/contact-us", language) })).body,
      )["@graph"];
      const page = graph.find((node) => node["@type"] === "ContactPage");
      expect(page?.inLanguage).toBe(`${language}-IN`);
      expect(page?.url).toBe(`${TEST_SITE}${inLanguage("/contact-us", language)}`);
      const physician = graph.find((node) => node["@type"] === "IndividualPhysician");
      expect(physician?.contactPoint?.availableLanguage).toEqual(expect.arrayContaining(["English"]));
    }
    const home = structuredData((await t.app.inject({ method: "GET", url: "/hi/" })).body)["@graph"];
    expect(home.find((node) => node["@type"] === "WebSite")?.inLanguage).toEqual(["en-IN", "hi-IN", "kn-IN"]);
    expect(home.find((node) => node["@type"] === "MedicalWebPage")?.inLanguage).toBe("hi-IN");
  });

  it("sends a language's home address without its slash to the one with it, keeping its query", async () => {
    for (const language of ["hi", "kn"]) {
      const response = await t.app.inject({ method: "GET", url: `/${language}` });
      expect(response.statusCode).toBe(301);
      expect(response.headers.location).toBe(`/${language}/`);
    }
    const tagged = await t.app.inject({ method: "GET", url: "/hi?utm_source=whatsapp" });
    expect(tagged.headers.location).toBe("/hi/?utm_source=whatsapp");
  });

  it("shows a form posted without script that met the hourly limit its outcome, in the page's language", async () => {
    const page = (await t.app.inject({ method: "GET", url: "/kn/contact-us?contact=limited" })).body;
    expect(page).toContain("ಸಂದೇಶ ಕಳುಹಿಸಲಾಗಲಿಲ್ಲ");
    expect(page).toContain("ನೀವು ಕಡಿಮೆ ಸಮಯದಲ್ಲಿ ಹಲವು ಸಂದೇಶಗಳನ್ನು ಕಳುಹಿಸಿದ್ದೀರಿ");
  });

  it("answers an unknown address under a language with that language's 404 page", async () => {
    const cases: [string, Language, string][] = [
      ["/kn/no-such-page", "kn", "404 ಪುಟ ಕಂಡುಬಂದಿಲ್ಲ"],
      ["/hi/articles/no-such-article", "hi", "404 पृष्ठ नहीं मिला"],
      ["/no-such-page", "en", "404 Page Not Found"],
      ["/knee", "en", "404 Page Not Found"],
    ];
    for (const [url, language, title] of cases) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toContain(`<html lang="${language}">`);
      expect(response.body, url).toContain(`<title>${title}</title>`);
      expect(response.body, url).toContain('<meta name="robots" content="noindex" />');
    }
  });

  it("has the payment result in each language, not indexed, its placeholder in the language; the manage page only in English", async () => {
    for (const [url, language, words] of [
      ["/kn/payment/callback?order_id=bk_1", "kn", "ಲೋಡ್ ಆಗುತ್ತಿದೆ…"],
      ["/hi/payment/callback?order_id=bk_1", "hi", "लोड हो रहा है…"],
      ["/payment/callback?order_id=bk_1", "en", "Loading…"],
    ] as const) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain(`<html lang="${language}">`);
      expect(response.body, url).toContain(words);
      expect(response.body, url).toContain('<meta name="robots" content="noindex" />');
      expect(response.body, url).not.toContain('hreflang="');
      expect(pageData(response.body).language).toBe(language);
    }
    // Another spelling of the address is the same page, kept once: it never turns the Kannada page English.
    await t.app.inject({ method: "GET", url: "/%6Bn/payment/callback" });
    const kannada = await t.app.inject({ method: "GET", url: "/kn/payment/callback?order_id=bk_1" });
    expect(kannada.body).toContain('<html lang="kn">');
    expect(pageData(kannada.body).language).toBe("kn");
    expect((await t.app.inject({ method: "GET", url: "/kn/appointments/manage/x" })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/sitemap.xml" })).body).not.toContain("payment");
  });

  it("lists every page in each language in the sitemap, each with its alternates", async () => {
    const sitemap = (await t.app.inject({ method: "GET", url: "/sitemap.xml" })).body;
    expect(sitemap).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    for (const page of PAGES)
      for (const language of LANGUAGES) {
        const entry = new RegExp(
          `<url><loc>${TEST_SITE}${inLanguage(page, language).replace(/[/.]/g, "\\$&")}</loc>(.*?)</url>`,
        ).exec(sitemap);
        expect(entry, `${language} ${page}`).not.toBeNull();
        for (const alternate of LANGUAGES)
          expect(entry?.[1]).toContain(
            `<xhtml:link rel="alternate" hreflang="${alternate}" href="${TEST_SITE}${inLanguage(page, alternate)}"/>`,
          );
        expect(entry?.[1]).toContain(`hreflang="x-default" href="${TEST_SITE}${page}"`);
      }
  });

  it("returns a form posted without script to the page in its language", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/contact?source=home&lang=kn",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "name=Asha&email=asha%40example.com&message=Hello%20doctor&source=home",
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/kn/?contact=sent#contact");
    const made = await t.app.inject({
      method: "POST",
      url: "/contact?source=contact-page&lang=xx",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "name=Asha&email=asha%40example.com&subject=Hi&message=Hello%20doctor&source=contact-page",
    });
    expect(made.headers.location).toBe("/contact-us?contact=sent#contact-form");
  });
});
