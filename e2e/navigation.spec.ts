import { expect, test } from "@playwright/test";
import { waitUntilHydrated } from "./support/hydration";

const sections = ["About", "Services", "Publications", "Articles", "Contact"];

test("each navigation link scrolls to its section", async ({ page }) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const name of sections) {
    await nav.getByRole("link", { name, exact: true }).click();
    const section = page.locator(`section#${name.toLowerCase()}`);
    await expect(section).toBeInViewport();
    await expect(page).toHaveURL(new RegExp(`#${name.toLowerCase()}$`));
  }
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
});

test.describe("on a 360 px wide phone", () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test("the page fits the screen and the mobile menu opens, navigates and closes", async ({ page }) => {
    await page.goto("/");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const toggle = page.getByRole("button", { name: "Open menu" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await waitUntilHydrated(toggle);
    await toggle.click();
    await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
    const menu = page.locator("#mobile-menu");
    await expect(menu).toBeVisible();
    await menu.getByRole("link", { name: "Services", exact: true }).click();
    await expect(page.locator("section#services")).toBeInViewport();
    await expect(menu).toBeHidden();
  });

  test("the header's Book button opens the booking dialog without the menu", async ({ page }) => {
    await page.goto("/");
    const book = page.getByRole("banner").getByRole("button", { name: "Book Appointment" });
    await expect(book).toBeVisible();
    await expect(book).toHaveText("Book", { useInnerText: true });
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
    await waitUntilHydrated(book);
    await book.click();
    await expect(page.getByRole("dialog")).toBeVisible();
  });

  test("other pages fit the screen too", async ({ page }) => {
    for (const path of ["/contact-us", "/terms-conditions", "/refunds-cancellations", "/nope"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
    }
  });
});

test("a keyboard user can skip to the content and reach the booking button", async ({ page }) => {
  await page.goto("/");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: /skip to/i });
  await expect(skip).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#main$/);

  await page.goto("/");
  const book = page.getByRole("banner").getByRole("button", { name: "Book Appointment" });
  for (let i = 0; i < 20 && !(await book.evaluate((element) => element === document.activeElement)); i++) {
    await page.keyboard.press("Tab");
  }
  await expect(book).toBeFocused();
  await waitUntilHydrated(book);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog")).toBeVisible();
});
