import { expect, test } from "@playwright/test";
import { waitUntilHydrated } from "./support/hydration";
import { logInAsAdmin } from "./support/admin";
import { expectNoSevereViolations } from "./support/axe";

const pages = [
  "/",
  "/contact-us",
  "/terms-conditions",
  "/refunds-cancellations",
  "/privacy",
  "/articles/heart-murmurs-in-children",
  "/nope",
  "/hi/",
  "/kn/",
  "/kn/contact-us",
  "/kn/articles/heart-murmurs-in-children",
];

for (const path of pages) {
  test(`axe finds no serious or critical violation on ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expectNoSevereViolations(page);
  });
}

test("axe finds no serious or critical violation in the open article dialog", async ({ page }) => {
  await page.goto("/");
  const readMore = page
    .locator("section#articles")
    .getByRole("button", { name: /Read More/ })
    .first();
  await waitUntilHydrated(readMore);
  await readMore.click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectNoSevereViolations(page, '[role="dialog"]');
});

test("axe finds no serious or critical violation in the booking dialog", async ({ page }) => {
  await page.goto("/");
  const book = page.getByRole("button", { name: "Book Video Consultation" }).first();
  await waitUntilHydrated(book);
  await book.click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Patient Details" })).toBeVisible();
  await dialog.getByRole("button", { name: "Continue to Time Selection" }).click();
  await expect(dialog.getByText("Patient name is required")).toBeVisible();
  await expectNoSevereViolations(page, '[role="dialog"]');
});

test("axe finds no serious or critical violation on the payment result page", async ({ page }) => {
  await page.goto("/payment/callback?order_id=bk_unknown_order");
  await expect(page.getByRole("heading", { name: "Verification Failed" })).toBeVisible({ timeout: 10_000 });
  await expectNoSevereViolations(page);
});

test("axe finds no serious or critical violation on the admin dashboard", async ({ page }) => {
  await logInAsAdmin(page);
  await page.waitForLoadState("networkidle");
  await expectNoSevereViolations(page);
});

test("axe finds no serious or critical violation on the video room's not-found state", async ({ page }) => {
  await page.goto("/video-consultation/00000000000000000000000000000000");
  await expect(page.getByRole("heading", { name: "Room Not Found" })).toBeVisible();
  await expectNoSevereViolations(page);
});
