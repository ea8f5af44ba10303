import { beforeAll, describe, expect, it } from "vitest";
import type { SiteProfile } from "@shared/site-profile";
import { ensureBuild } from "../../../../scripts/ensure-build.mjs";
import { signInAsAdmin, TEST_SITE, testEngines, useTestApp } from "../../testing/test-app";

/**
 * The doctor's profile texts in Hindi and Kannada, saved in Settings: each page in a language shows the parts she
 * translated into it as its own words, and her English for the others, marked `lang="en"`; a page carries only its
 * own language's translation.
 */
const ABOUT_KN = "ಡಾ. ಅನನ್ಯಾ ಅವರು ಮಕ್ಕಳ ಹೃದಯದ ಕಾಯಿಲೆಗಳನ್ನು ಪತ್ತೆಹಚ್ಚಿ ಚಿಕಿತ್ಸೆ ನೀಡುತ್ತಾರೆ.";
const SPECIALTY_HI = "बाल हृदय रोग विशेषज्ञ";

describe.each(testEngines)("the profile in each language on %s", (engine) => {
  beforeAll(() => {
    ensureBuild();
  }, 300_000);
  const t = useTestApp(engine, { serveClient: true, env: { PUBLIC_BASE_URL: TEST_SITE } });
  let headers: Record<string, string>;
  let english: SiteProfile;

  beforeAll(async () => {
    headers = { cookie: await signInAsAdmin(t.app, { origin: TEST_SITE }), origin: TEST_SITE };
    const answer = await t.app.inject({ method: "GET", url: "/api/admin/profile", headers });
    english = answer.json<{ profile: SiteProfile }>().profile;
  });

  const save = (translations: object) => {
    const { photoUrl: _url, photo: _photo, signatureImage: _signature, ...doctor } = english.doctor;
    const social = english.social.filter(({ url }) => url.startsWith("https://"));
    return t.app.inject({
      method: "PUT",
      url: "/api/admin/profile",
      headers,
      payload: { ...english, doctor, social, translations },
    });
  };

  it("refuses a translation too long to be one with a readable message", async () => {
    const response = await save({ kn: { tagline: "ಅ".repeat(501) } });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/At most 500 characters/);
  });

  it("shows each page the parts translated into its language, and marks the rest English", async () => {
    const saved = await save({
      kn: { about: [ABOUT_KN], seoTitle: "ಡಾ. ಅನನ್ಯಾ ರಾವ್, ಮಕ್ಕಳ ಹೃದ್ರೋಗ ತಜ್ಞೆ" },
      hi: { specialty: SPECIALTY_HI },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const kannada = (await t.app.inject({ method: "GET", url: "/kn/" })).body;
    expect(kannada).toMatch(new RegExp(`<p>${ABOUT_KN}</p>`));
    expect(kannada).not.toContain(SPECIALTY_HI);
    expect(kannada).not.toContain(english.about.paragraphs[0] ?? "-");
    expect(kannada).toMatch(new RegExp(`lang="en"[^>]*>${english.doctor.specialty}<`));
    // Her title in search results, in the page's language.
    expect(kannada).toContain("<title>ಡಾ. ಅನನ್ಯಾ ರಾವ್, ಮಕ್ಕಳ ಹೃದ್ರೋಗ ತಜ್ಞೆ</title>");

    const hindi = (await t.app.inject({ method: "GET", url: "/hi/" })).body;
    expect(hindi).not.toContain(ABOUT_KN);
    expect(hindi).toMatch(new RegExp(`<p[^>]*>${SPECIALTY_HI}</p>`));
    expect(hindi).not.toMatch(new RegExp(`lang="en"[^>]*>${SPECIALTY_HI}`));
    expect(hindi).toContain(`<p lang="en">${english.about.paragraphs[0]}</p>`);

    const englishPage = (await t.app.inject({ method: "GET", url: "/" })).body;
    expect(englishPage).not.toContain(ABOUT_KN);
    expect(englishPage).not.toContain(SPECIALTY_HI);
  });
});
