import { expect, type Page, test } from "@playwright/test";
import { bookAndPayThroughApi, inDays } from "./support/booking";
import { screenshots } from "./support/screenshots";

/**
 * Hindi and Kannada names on a device without a font for the script: the site's own Noto Sans subsets, fetched only
 * by a page that shows the script (src/client/fonts.css).
 */

/** The site's script fonts a page fetched while it loaded and drew itself. */
function scriptFontsFetched(page: Page): string[] {
  const fetched: string[] = [];
  page.on("request", (request) => {
    const match = /noto-sans-(devanagari|kannada)-[a-z]+-(\d{3})-normal[^/]*\.woff2$/.exec(request.url());
    if (match) fetched.push(`${match[1]} ${match[2]}`);
  });
  return fetched;
}

test("an English page fetches no script font", async ({ page }) => {
  const fetched = scriptFontsFetched(page);
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  expect(fetched).toEqual([]);
});

const scripts = [
  {
    script: "kannada",
    family: "Noto Sans Kannada",
    patientName: "ಅನನ್ಯ ರಾವ್",
    email: "ananya.parent@example.org",
    time: "19:40",
  },
  {
    script: "devanagari",
    family: "Noto Sans Devanagari",
    patientName: "आरव शर्मा",
    email: "aarav.parent@example.org",
    time: "20:00",
  },
];

for (const { script, family, patientName, email, time } of scripts) {
  test(`a manage page for ${patientName} draws the name in the site's ${family}`, async ({
    page,
    request,
  }) => {
    const { manageUrl } = await bookAndPayThroughApi(request, {
      patientName,
      patientEmail: email,
      date: inDays(12),
      time,
    });
    const fetched = scriptFontsFetched(page);
    await page.goto(manageUrl);
    await expect(page.getByText(patientName).first()).toBeVisible();
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    // Fetched unless the device has the font (local()), and never another script's.
    expect(
      fetched.every((font) => font.startsWith(`${script} `)),
      fetched.join(", "),
    ).toBe(true);
    const loaded = await page.evaluate(() =>
      [...document.fonts]
        .filter((face) => face.status === "loaded")
        .map((face) => face.family.replace(/"/g, "")),
    );
    expect(loaded).toContain(family);
    await screenshots(page, `manage-${script}-name`);
  });
}

test("every script font the pages name is served as WOFF2, kept for a year", async ({ page, request }) => {
  await page.goto("/");
  const sources = await page.evaluate(() =>
    [...document.styleSheets]
      .flatMap((sheet) => [...sheet.cssRules])
      .filter((rule): rule is CSSFontFaceRule => rule instanceof CSSFontFaceRule)
      .map((rule) => ({
        family: rule.style.getPropertyValue("font-family").replace(/"/g, ""),
        weight: rule.style.getPropertyValue("font-weight"),
        url: /url\("?([^")]+)"?\)/.exec(rule.style.getPropertyValue("src"))?.[1] ?? "",
      })),
  );
  // Two files per script: the regular draws 400 and 500, the bold 600 and 700.
  const expected = ["Noto Sans Devanagari", "Noto Sans Kannada"].flatMap((family) =>
    ["400 500", "600 700"].map((weight) => `${family} ${weight}`),
  );
  expect(sources.map(({ family, weight }) => `${family} ${weight}`).sort()).toEqual(expected);
  for (const { url } of sources) {
    const answer = await request.get(url);
    expect(answer.status(), url).toBe(200);
    expect(answer.headers()["content-type"], url).toBe("font/woff2");
    expect(answer.headers()["cache-control"], url).toContain("immutable");
    expect((await answer.body()).subarray(0, 4).toString("latin1"), url).toBe("wOF2");
  }
});
