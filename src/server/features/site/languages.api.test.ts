import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { LANGUAGES, type Language } from "@shared/i18n/languages";
import { sampleProfile } from "@shared/sample-profile";
import { root } from "../../../../scripts/build-state.mjs";
import { ensureBuild } from "../../../../scripts/ensure-build.mjs";
import { latinWordsIn } from "../../testing/latin-words";
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
  chunks?: string[];
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
/**
 * The text of a page's main content, as a parent reads it: tags out, entities read. `withoutEnglish` leaves out what
 * the page marks `lang="en"` (the doctor's own English words, the English booking page's button names).
 */
function mainText(html: string, { withoutEnglish = false } = {}): string {
  let main = /<main[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? "";
  if (withoutEnglish) main = main.replace(/<(\w+) [^>]*lang="en"[^>]*>[\s\S]*?<\/\1>/g, " ");
  return main
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ")
    .trim();
}
/** The legal pages' message ids, by their catalogue's prefixes (legal.json). */
const isLegalMessage = (id: string) => /^(terms|privacy|refunds)\./.test(id);

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

  it("says the policy pages' whole text in Hindi and Kannada, the doctor's English words marked", async () => {
    const cases: [string, Language, string][] = [
      ["/kn/privacy", "kn", "ನಾವು ಏನನ್ನು ಇಟ್ಟುಕೊಳ್ಳುತ್ತೇವೆ, ಮತ್ತು ಏಕೆ"],
      ["/hi/terms-conditions", "hi", "यह सेवा आपात स्थिति के लिए नहीं है।"],
      ["/kn/refunds-cancellations", "kn", "ಅಪಾಯಿಂಟ್‌ಮೆಂಟ್‌ಗೆ 24 ಗಂಟೆಗಳಿಗಿಂತ ಹೆಚ್ಚು ಮೊದಲು"],
      ["/hi/privacy", "hi", "आपके अधिकार"],
      ["/kn/terms-conditions", "kn", "ಪಾವತಿಯ ನಿಯಮಗಳು"],
      ["/hi/refunds-cancellations", "hi", "अपॉइंटमेंट से 12 से 24 घंटे पहले के बीच"],
    ];
    // Names stay as written: the doctor's, the payment gateway's (as its checkout page shows it), and the export's
    // file type as the booking page's button names it.
    const names = [sampleProfile.doctor.name, "Cashfree Payments", "(ZIP)"];
    for (const [url, language, sentence] of cases) {
      const html = (await t.app.inject({ method: "GET", url })).body;
      const text = mainText(html);
      expect(text, url).toContain(sentence);
      expect(latinWordsIn(mainText(html, { withoutEnglish: true }), names), url).toEqual([]);
      // Its words came with the page, in its language only: it hydrates with them.
      const data = pageData(html);
      expect(data.chunks, url).toEqual(["legal"]);
      expect(Object.keys(data.messages).filter(isLegalMessage).length, url).toBeGreaterThan(100);
      expect(JSON.stringify(data.messages), url).not.toContain(language === "kn" ? "गोपनीयता" : "ಗೌಪ್ಯತೆ");
    }
    // What the doctor wrote in English is marked so: her specialty, the emergency notice, her address.
    const terms = (await t.app.inject({ method: "GET", url: "/kn/terms-conditions" })).body;
    expect(terms).toContain(`<span lang="en">${sampleProfile.doctor.specialty}</span>`);
    expect(terms).toContain(`<span lang="en">${sampleProfile.contact.emergencyNotice}</span>`);
    const privacy = (await t.app.inject({ method: "GET", url: "/hi/privacy" })).body;
    expect(privacy).toContain(`<span lang="en">${sampleProfile.contact.location}</span>`);
    // The booking page's buttons by the names that page gives them in Hindi.
    expect(privacy).toContain("<strong>सारा डेटा डाउनलोड करें (ZIP)</strong>");
  });

  it("keeps the English policy pages word for word", async () => {
    const { doctor, contact } = sampleProfile;
    const pages: [string, string[]][] = [
      [
        "/terms-conditions",
        [
          "Terms & Conditions Last updated: October 2024 These terms apply to online video consultations with " +
            `${doctor.name} booked through this website. Please read them before you book. Service Description ` +
            `This website lets you book and pay for an online video consultation with ${doctor.name}, ` +
            `${doctor.specialty} (${doctor.qualifications.join(", ")}). The consultation takes place over a ` +
            "secure video call in your web browser; no app is needed.",
          `This service is not for emergencies. ${contact.emergencyNotice}`,
          "Cancellations and refunds follow our Refunds & Cancellations policy.",
          "Your information is handled as confidential medical information under applicable Indian law. To see, " +
            `correct or delete your information, write to ${contact.email} .`,
          "Acceptance By booking and paying for a consultation you confirm that you have read and accept these " +
            "Terms & Conditions and the Refunds & Cancellations policy, and that you are the patient, or the " +
            "parent or legal guardian of the patient, and at least 18 years old.",
        ],
      ],
      [
        "/privacy",
        [
          "Patient's name and age; the parent or guardian's name and relationship. Why: To identify the patient " +
            "and the adult who consents for a child, as telemedicine rules require. Who receives it: The doctor. " +
            "The video service sees the display name used in the call. How long: At least three years after the " +
            "last consultation, as medical records must be kept.",
          "Who receives it: The payment gateway (Cashfree Payments), which handles your card, UPI or bank " +
            "details; this website never sees or stores them. How long: Eight years, as Indian tax law requires " +
            "for accounts.",
          "has Download all data , a ZIP of everything held about the booking, and Ask for erasure . Erasure " +
            "removes names",
          `Questions and complaints about your data go to ${doctor.name}, who is responsible for it: ` +
            `${contact.email} , ${contact.phone}, ${contact.location}.`,
        ],
      ],
      [
        "/refunds-cancellations",
        [
          "Refund by time of cancellation When you cancel What you receive More than 24 hours before the " +
            "appointment Full refund, or reschedule free of charge Between 12 and 24 hours before the " +
            "appointment 50% refund, or one free reschedule Less than 12 hours before the appointment, or " +
            "no-show No refund",
          "A booking can be rescheduled up to 2 times, subject to the availability of time slots.",
          "Approved refunds are processed within 5–7 business days to the original payment method.",
          "You receive a full refund if the consultation cannot take place because of a technical fault on our " +
            "side, or because the doctor is unavailable.",
          "We confirm every request by e-mail. See also our Terms & Conditions .",
        ],
      ],
    ];
    for (const [url, sentences] of pages) {
      const html = (await t.app.inject({ method: "GET", url })).body;
      const text = mainText(html);
      for (const sentence of sentences) expect(text, url).toContain(sentence);
      expect(/<main[\s\S]*lang="en"[\s\S]*<\/main>/.test(html), url).toBe(false);
      expect(text, url).not.toMatch(/[\u0900-\u097F\u0C80-\u0CFF]/);
    }
  });

  it("carries the legal words in the policy pages' data only, and in no script the home page loads", async () => {
    for (const language of LANGUAGES)
      for (const page of ["/", "/contact-us"]) {
        const url = inLanguage(page, language);
        const data = pageData((await t.app.inject({ method: "GET", url })).body);
        expect(data.chunks, url).toBeUndefined();
        expect(Object.keys(data.messages).filter(isLegalMessage), url).toEqual([]);
      }
    // The browser fetches them as a chunk of their own when it goes to a policy page.
    const manifest = JSON.parse(
      readFileSync(join(root, "dist/client/.vite/manifest.json"), "utf8"),
    ) as Record<string, { file: string; imports?: string[] }>;
    const initial = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || initial.has(chunk.file)) return;
      initial.add(chunk.file);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    visit("index.html");
    expect(initial.size).toBeGreaterThan(0);
    for (const file of initial) {
      const code = readFileSync(join(root, "dist/client", file), "utf8");
      expect(code, file).not.toContain("We do not record video consultations.");
      expect(code, file).not.toContain("ನಾವು ವೀಡಿಯೊ ಸಮಾಲೋಚನೆಗಳನ್ನು ರೆಕಾರ್ಡ್ ಮಾಡುವುದಿಲ್ಲ.");
    }
    const legalChunks = Object.keys(manifest).filter((key) => /catalogues\/(en|hi|kn)\/legal\.ts$/.test(key));
    expect(legalChunks).toHaveLength(3);
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

  it("has the payment result in each language, not indexed, its placeholder in the language; the console only in English", async () => {
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
    // The console has one address, in English.
    expect((await t.app.inject({ method: "GET", url: "/kn/admin" })).statusCode).toBe(404);
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
