import { expect, type Locator, type Page, test } from "@playwright/test";
import { anotherParentHolds, fillDetails, inDays, openBooking, pickDate } from "./support/booking";
import { waitUntilHydrated } from "./support/hydration";
import { screenshots } from "./support/screenshots";

/** The site in Hindi and Kannada: the address decides the language; the switcher keeps the page. */

/** Opens the booking dialog from the Kannada home page on a 360 px phone, as a parent taps Book. */
async function openKannadaBooking(page: Page) {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/kn/");
  const book = page.getByRole("button", { name: "ವೀಡಿಯೊ ಸಮಾಲೋಚನೆ ಬುಕ್ ಮಾಡಿ" });
  await waitUntilHydrated(book);
  await book.click();
  return page.getByRole("dialog", { name: "ವೀಡಿಯೊ ಸಮಾಲೋಚನೆ ಬುಕ್ ಮಾಡಿ" });
}

/** Step 1 in Kannada: a parent's details, as a Kannada-speaking parent types them. */
async function fillKannadaDetails(dialog: Locator) {
  await dialog.getByLabel("ರೋಗಿಯ ಪೂರ್ಣ ಹೆಸರು").fill("ಅನನ್ಯಾ ಗೌಡ");
  await dialog.getByLabel("ಫೋನ್ ಸಂಖ್ಯೆ").fill("98450 12345");
  await dialog.getByLabel("ಇ-ಮೇಲ್").fill("gowda.family@example.org");
  await dialog.getByRole("spinbutton").fill("6");
  await dialog.getByLabel("ಪೋಷಕರ ಅಥವಾ ರಕ್ಷಕರ ಹೆಸರು").fill("ರಮೇಶ್ ಗೌಡ");
  await dialog.getByRole("combobox", { name: "ರೋಗಿಯೊಂದಿಗಿನ ಸಂಬಂಧ" }).selectOption("Father");
  await dialog.getByLabel("ಸಮಾಲೋಚನೆಯ ಕಾರಣ").fill("ಎದೆ ಬಡಿತ ಹೆಚ್ಚು");
  for (const box of await dialog.getByRole("checkbox").all()) await box.check();
}

test("the language switcher keeps the page and its address decides the language", async ({ page }) => {
  await page.goto("/contact-us");
  const switcher = page.getByRole("navigation", { name: "Language" });
  await switcher.getByRole("link", { name: "ಕನ್ನಡ", exact: true }).click();
  await expect(page).toHaveURL(/\/kn\/contact-us$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "kn");
  const kannadaSwitcher = page.getByRole("navigation", { name: "ಭಾಷೆ" });
  await expect(kannadaSwitcher.getByRole("link", { name: "ಕನ್ನಡ", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await kannadaSwitcher.getByRole("link", { name: "हिन्दी", exact: true }).click();
  await expect(page).toHaveURL(/\/hi\/contact-us$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  await page
    .getByRole("navigation", { name: "भाषा" })
    .getByRole("link", { name: "English", exact: true })
    .click();
  await expect(page).toHaveURL(/\/contact-us$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});

test("a Kannada page on a phone speaks Kannada once its script runs, and its links stay in Kannada", async ({
  page,
}) => {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/kn/");
  const book = page.getByRole("button", { name: "ವೀಡಿಯೊ ಸಮಾಲೋಚನೆ ಬುಕ್ ಮಾಡಿ" });
  await waitUntilHydrated(book);
  await expect(page.getByRole("heading", { name: "ಆರೋಗ್ಯ ಲೇಖನಗಳು" })).toBeVisible();
  // The menu opens in Kannada, and a link to a section leads to the Kannada home page's section.
  await page.getByRole("button", { name: "ಮೆನು ತೆರೆಯಿರಿ" }).click();
  await expect(
    page.getByRole("navigation", { name: "ಮೊಬೈಲ್" }).getByRole("link", { name: "ಸಂಪರ್ಕ" }),
  ).toBeVisible();
  await page.getByRole("navigation", { name: "ಮೊಬೈಲ್" }).getByRole("link", { name: "ಸಂಪರ್ಕ" }).click();
  await expect(page.getByRole("heading", { name: "ಸಂದೇಶ ಕಳುಹಿಸಿ" })).toBeInViewport();
  // An article's page, reached in the app, stays under /kn/.
  await page.locator("section#articles").getByRole("link").first().click();
  await expect(page).toHaveURL(/\/kn\/articles\/[a-z0-9-]+$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "kn");
  await page.getByRole("link", { name: "ನಿಯಮಗಳು ಮತ್ತು ಷರತ್ತುಗಳು" }).click();
  await expect(page).toHaveURL(/\/kn\/terms-conditions$/);
  expect(problems).toEqual([]);
});

test("the booking dialog's first step speaks the page's language, its checks too", async ({ page }) => {
  const dialog = await openKannadaBooking(page);
  await expect(dialog.getByRole("heading", { name: "ರೋಗಿಯ ವಿವರಗಳು" })).toBeVisible();
  await expect(dialog.getByText("ಹಂತ 1/4: ವಿವರಗಳು")).toBeVisible();
  await expect(dialog.getByLabel("ರೋಗಿಯ ಪೂರ್ಣ ಹೆಸರು")).toBeVisible();
  await dialog.getByRole("button", { name: "ಸಮಯ ಆಯ್ಕೆಗೆ ಮುಂದುವರಿಯಿರಿ" }).click();
  await expect(dialog.getByText("ರೋಗಿಯ ಹೆಸರು ಅಗತ್ಯವಿದೆ")).toBeVisible();
  await expect(dialog.getByText("ಫೋನ್ ಸಂಖ್ಯೆ ಅಗತ್ಯವಿದೆ")).toBeVisible();
  // The consent is in Kannada (the wording a Kannada booking records), its Privacy Notice the Kannada page's.
  await expect(
    dialog.getByRole("checkbox", { name: /^ರೋಗಿಗೆ ಆನ್‌ಲೈನ್ ವೀಡಿಯೊ ಸಮಾಲೋಚನೆಗೆ ನಾನು ಒಪ್ಪುತ್ತೇನೆ/ }),
  ).toBeVisible();
  await expect(dialog.getByRole("link", { name: "ಗೌಪ್ಯತಾ ಸೂಚನೆ" })).toHaveAttribute("href", "/kn/privacy");
  await expect(dialog.locator('[lang="en"]')).toHaveCount(0);
  await expect(dialog.getByRole("combobox", { name: "ರೋಗಿಯೊಂದಿಗಿನ ಸಂಬಂಧ" })).toContainText("ತಾಯಿ");
});

test("an article's page exists in each language, the article marked English, its canonical the English page", async ({
  request,
  baseURL,
}) => {
  const path = "/articles/heart-murmurs-in-children";
  for (const [prefix, lang] of [
    ["", "en"],
    ["/hi", "hi"],
    ["/kn", "kn"],
  ] as const) {
    const response = await request.get(`${prefix}${path}`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<html lang="${lang}">`);
    // The doctor's articles are English: the other frames are not translations, and search engines are told so.
    expect(html).toContain(`<link rel="canonical" href="${baseURL}${path}" />`);
    expect(html).not.toContain('rel="alternate" hreflang');
    if (lang !== "en") expect(html).toMatch(/<h1[^>]*lang="en"[^>]*>/);
  }
});

test("a booking's pages (manage, payment result, video room) speak their address's language and offer no other; the console has one address", async ({
  page,
}) => {
  await page.goto("/video-consultation/not-a-room");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Language" })).toHaveCount(0);
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(String(error)));
  // A Kannada booking's messages link to its room under /kn/: the room's own page, in Kannada.
  const response = await page.goto("/kn/video-consultation/not-a-room");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "ಕೊಠಡಿ ಸಿಗಲಿಲ್ಲ" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "kn");
  await expect(page.getByRole("navigation", { name: "ಭಾಷೆ" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "ಮುಖಪುಟಕ್ಕೆ ಹಿಂತಿರುಗಿ" })).toHaveAttribute("href", "/kn/");
  // The console has one address, in English: under /kn/ it is the Kannada 404 page.
  const adminPage = await page.goto("/kn/admin");
  expect(adminPage?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "404 ಪುಟ ಕಂಡುಬಂದಿಲ್ಲ" })).toBeVisible();
  await waitUntilHydrated(page.getByRole("link", { name: "ಮುಖಪುಟಕ್ಕೆ ಹಿಂತಿರುಗಿ" }));
  expect(problems).toEqual([]);
});

test("a parent goes on to the time step in Kannada: the calendar and the slots speak it", async ({
  page,
}) => {
  const dialog = await openKannadaBooking(page);
  await fillKannadaDetails(dialog);
  await dialog.getByRole("button", { name: "ಸಮಯ ಆಯ್ಕೆಗೆ ಮುಂದುವರಿಯಿರಿ" }).click();
  await expect(dialog.getByRole("heading", { name: "ದಿನಾಂಕ ಮತ್ತು ಸಮಯವನ್ನು ಆಯ್ಕೆಮಾಡಿ" })).toBeVisible();
  await expect(dialog.getByText("ಹಂತ 2/4: ಸಮಯ")).toBeVisible();
  await expect(dialog.getByRole("columnheader", { name: "ಭಾನು", exact: true })).toHaveAttribute(
    "abbr",
    "ಭಾನುವಾರ",
  );
  await expect(dialog.getByRole("button", { name: "ಮುಂದಿನ ತಿಂಗಳು" })).toBeVisible();
  await expect(dialog.getByText("ದಿನಾಂಕಗಳು ಮತ್ತು ಸಮಯಗಳು ಕ್ಲಿನಿಕ್‌ನ ಸಮಯ ವಲಯದಲ್ಲಿವೆ", { exact: false })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "ಪಾವತಿಗೆ ಮುಂದುವರಿಯಿರಿ" })).toBeVisible();
  // The clinic's times are said by the part of the day, as the hours are.
  await expect(dialog.getByRole("button", { name: /ಸಂಜೆ 7:00 IST/ }).first()).toBeVisible();
});

test("a time taken meanwhile is told in Kannada, and its button goes back to the times", async ({ page }) => {
  const dialog = await openKannadaBooking(page);
  await fillKannadaDetails(dialog);
  await dialog.getByRole("button", { name: "ಸಮಯ ಆಯ್ಕೆಗೆ ಮುಂದುವರಿಯಿರಿ" }).click();
  // A day no other spec on the shared site books.
  const date = inDays(13);
  await pickDate(dialog, date, { label: "ಅಪಾಯಿಂಟ್‌ಮೆಂಟ್ ದಿನಾಂಕ", next: "ಮುಂದಿನ ತಿಂಗಳು", previous: "ಹಿಂದಿನ ತಿಂಗಳು" });
  await dialog.getByRole("button", { name: /^ಸಂಜೆ 7:40 IST/ }).click();
  // Another parent books the same time before this one goes on.
  await anotherParentHolds(page.request, { date, time: "19:40", email: "first.parent.kn@example.org" });
  await dialog.getByRole("button", { name: "ಪಾವತಿಗೆ ಮುಂದುವರಿಯಿರಿ" }).click();
  const toasts = page.getByRole("region", { name: /Notifications/ });
  await expect(toasts.getByText("ಈ ಸಮಯ ಲಭ್ಯವಿಲ್ಲ", { exact: true })).toBeVisible();
  await expect(toasts.getByText("ಈ ಸಮಯ ಈಗ ಲಭ್ಯವಿಲ್ಲ. ದಯವಿಟ್ಟು ಬೇರೆ ಸಮಯ ಆಯ್ಕೆಮಾಡಿ.")).toBeVisible();
  await screenshots(page, "kannada-slot-taken");
  await toasts.getByRole("button", { name: "ಬೇರೆ ಸಮಯ ಆಯ್ಕೆಮಾಡಿ" }).click();
  await expect(dialog.getByRole("heading", { name: "ದಿನಾಂಕ ಮತ್ತು ಸಮಯವನ್ನು ಆಯ್ಕೆಮಾಡಿ" })).toBeVisible();
});

test.describe("a visitor whose browser prefers Kannada", () => {
  test.use({ locale: "kn-IN" });

  test("is offered the Kannada page quietly, never sent there, and not again once they choose English", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const response = await page.goto("/contact-us");
    expect(response?.url()).toMatch(/\/contact-us$/);
    const switcher = page.getByRole("navigation", { name: "Language" });
    const offer = switcher.getByRole("link", { name: "ಈ ಪುಟವನ್ನು ಕನ್ನಡದಲ್ಲಿ ಓದಿ" });
    await expect(offer).toHaveAttribute("href", "/kn/contact-us");
    await expect(offer).toHaveAttribute("lang", "kn");
    await screenshots(page, "language-suggestion");
    // The strip keeps one line on a phone: the offer does not push the page down.
    const height = await switcher.evaluate((element) => element.getBoundingClientRect().height);
    expect(height).toBeLessThan(40);

    await offer.click();
    await expect(page).toHaveURL(/\/kn\/contact-us$/);
    // On the Kannada page there is nothing to offer; choosing English is remembered.
    await expect(page.getByRole("link", { name: "ಈ ಪುಟವನ್ನು ಕನ್ನಡದಲ್ಲಿ ಓದಿ" })).toHaveCount(0);
    await page
      .getByRole("navigation", { name: "ಭಾಷೆ" })
      .getByRole("link", { name: "English", exact: true })
      .click();
    await expect(page).toHaveURL(/\/contact-us$/);
    await waitUntilHydrated(
      page.getByRole("navigation", { name: "Language" }).getByRole("link", { name: "English", exact: true }),
    );
    await expect(page.getByRole("link", { name: "ಈ ಪುಟವನ್ನು ಕನ್ನಡದಲ್ಲಿ ಓದಿ" })).toHaveCount(0);
  });
});

test("a language reached before the page's script ran is remembered all the same", async ({
  page,
  context,
}) => {
  const englishLink = (switcher: string) =>
    page.getByRole("navigation", { name: switcher }).getByRole("link", { name: "English", exact: true });
  await page.goto("/contact-us");
  await waitUntilHydrated(englishLink("Language"));
  // The Hindi page opened as a link followed before any script ran: no click handler saw it.
  await page.goto("/hi/contact-us");
  await waitUntilHydrated(englishLink("भाषा"));
  // Later, in a new tab, the English page offers Hindi back, though the browser prefers English.
  const later = await context.newPage();
  await later.goto("/contact-us");
  const offer = later
    .getByRole("navigation", { name: "Language" })
    .getByRole("link", { name: "यह पेज हिन्दी में पढ़ें" });
  await expect(offer).toHaveAttribute("href", "/hi/contact-us");
});

test("consent ticked on an English page is asked again when the booking goes on in Kannada", async ({
  page,
}) => {
  const dialog = await openBooking(page);
  await fillDetails(dialog, { name: "Consent Switch" });
  // The parent switches to Kannada with the booking under way and opens it again there.
  const kannada = await openKannadaBooking(page);
  await expect(kannada.getByRole("heading", { name: "ರೋಗಿಯ ವಿವರಗಳು" })).toBeVisible();
  await expect(kannada.getByLabel("ರೋಗಿಯ ಪೂರ್ಣ ಹೆಸರು")).toHaveValue("Consent Switch");
  for (const box of await kannada.getByRole("checkbox").all()) await expect(box).not.toBeChecked();
});

/** Errors a page reports, and React's hydration warnings, from its first byte on. */
function watchErrors(page: Page): string[] {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`error: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error" || /hydrat/i.test(message.text()))
      problems.push(`console: ${message.text()}`);
  });
  return problems;
}

/** The browser's requests for a language's legal words (their own chunk of script). */
function legalChunkRequests(page: Page): string[] {
  const requested: string[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (/^\/assets\/legal-[\w-]{8}\.js$/.test(path)) requested.push(path);
  });
  return requested;
}

test("a Kannada parent goes on to the privacy notice within the site and reads it in Kannada", async ({
  page,
}) => {
  const problems = watchErrors(page);
  const legalChunks = legalChunkRequests(page);
  await page.goto("/kn/");
  await waitUntilHydrated(page.getByRole("button", { name: "ವೀಡಿಯೊ ಸಮಾಲೋಚನೆ ಬುಕ್ ಮಾಡಿ" }));
  // The home page carries no legal words: they come with the privacy notice, in Kannada only.
  expect(legalChunks).toEqual([]);
  await page.evaluate(() => Object.assign(window, { samePage: true }));
  await page.getByRole("contentinfo").getByRole("link", { name: "ಗೌಪ್ಯತಾ ಸೂಚನೆ" }).click();
  await expect(page).toHaveURL(/\/kn\/privacy$/);
  await expect(page.getByRole("heading", { level: 1, name: "ಗೌಪ್ಯತಾ ಸೂಚನೆ" })).toBeVisible();
  await expect(
    page.getByRole("heading", { level: 2, name: "ನಾವು ಏನನ್ನು ಇಟ್ಟುಕೊಳ್ಳುತ್ತೇವೆ, ಮತ್ತು ಏಕೆ" }),
  ).toBeVisible();
  const items = page.getByRole("list", { name: "ಮಾಹಿತಿಯ ಪ್ರತಿಯೊಂದು ವಿಧ" }).getByRole("listitem");
  await expect(items).toHaveCount(8);
  await expect(items.first()).toContainText("ಏಕೆ: ಟೆಲಿಮೆಡಿಸಿನ್ ನಿಯಮಗಳು ಕೇಳುವಂತೆ");
  await expect(page.getByRole("region", { name: "ನಿಮ್ಮ ಹಕ್ಕುಗಳು" })).toContainText(
    "ನಾವು 30 ದಿನಗಳೊಳಗೆ ಉತ್ತರಿಸುತ್ತೇವೆ.",
  );
  // The app went there itself (the page was not loaded again), fetching the Kannada words alone.
  expect(await page.evaluate(() => "samePage" in window)).toBe(true);
  expect(legalChunks).toHaveLength(1);
  await screenshots(page, "kannada-privacy-notice");
  expect(problems).toEqual([]);
});

test("a Hindi policy page opened at its address hydrates with the words it arrived with", async ({
  page,
}) => {
  const problems = watchErrors(page);
  const legalChunks = legalChunkRequests(page);
  // Any change the script makes to the page's main text once it runs (none when hydration matches).
  await page.addInitScript(() => {
    const changes: string[] = [];
    Object.assign(window, { mainChanges: changes });
    document.addEventListener("DOMContentLoaded", () => {
      const main = document.querySelector("main");
      if (!main) return;
      new MutationObserver((records) => {
        for (const record of records) changes.push(record.type);
      }).observe(main, { childList: true, subtree: true, characterData: true });
    });
  });
  await page.goto("/hi/terms-conditions");
  await waitUntilHydrated(page.getByRole("contentinfo").getByRole("link", { name: "रिफ़ंड और रद्दीकरण" }));
  await waitUntilHydrated(page.getByRole("main").getByRole("link", { name: "रिफ़ंड और रद्दीकरण" }).first());
  await expect(page.getByRole("heading", { level: 1, name: "नियम और शर्तें" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "भुगतान की शर्तें" })).toBeVisible();
  await expect(page.getByText("यह सेवा आपात स्थिति के लिए नहीं है।")).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(await page.evaluate(() => (window as unknown as { mainChanges: string[] }).mainChanges)).toEqual([]);
  // Its words came in its data: no chunk of legal words was fetched.
  expect(legalChunks).toEqual([]);
  // A link in its text leads on within the app, in Hindi.
  await page.getByRole("main").getByRole("link", { name: "रिफ़ंड और रद्दीकरण" }).first().click();
  await expect(page).toHaveURL(/\/hi\/refunds-cancellations$/);
  await expect(page.getByRole("columnheader", { name: "आप कब रद्द करते हैं" })).toBeVisible();
  await expect(page.getByRole("cell", { name: "50% रिफ़ंड, या एक बार बिना शुल्क के समय बदलना" })).toBeVisible();
  expect(problems).toEqual([]);
});
