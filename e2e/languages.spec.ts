import { expect, test } from "@playwright/test";
import { waitUntilHydrated } from "./support/hydration";

/** The site in Hindi and Kannada: the address decides the language; the switcher keeps the page. */

test("the language switcher keeps the page and its address decides the language", async ({ page }) => {
  await page.goto("/contact-us");
  const switcher = page.getByRole("navigation", { name: "Language" });
  await switcher.getByRole("link", { name: "ಕನ್ನಡ" }).click();
  await expect(page).toHaveURL(/\/kn\/contact-us$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "kn");
  const kannadaSwitcher = page.getByRole("navigation", { name: "ಭಾಷೆ" });
  await expect(kannadaSwitcher.getByRole("link", { name: "ಕನ್ನಡ" })).toHaveAttribute("aria-current", "page");
  await kannadaSwitcher.getByRole("link", { name: "हिन्दी" }).click();
  await expect(page).toHaveURL(/\/hi\/contact-us$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  await page.getByRole("navigation", { name: "भाषा" }).getByRole("link", { name: "English" }).click();
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
  const book = page.getByRole("button", { name: "ವಿಡಿಯೋ ಸಮಾಲೋಚನೆ ಬುಕ್ ಮಾಡಿ" });
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
