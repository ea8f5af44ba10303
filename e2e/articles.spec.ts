import { expect, test } from "@playwright/test";
import { waitUntilHydrated } from "./support/hydration";

const title = "Heart Murmurs in Children: When Should Parents Worry?";

test("Read More opens the article in a dialog, and Close closes it", async ({ page }) => {
  await page.goto("/");
  const card = page.locator("section#articles article").filter({ hasText: title });
  await expect(card.getByRole("img")).toHaveAttribute("alt", /.+/);
  await waitUntilHydrated(card.getByRole("button", { name: /Read More/ }));
  await card.getByRole("button", { name: /Read More/ }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: title })).toBeVisible();
  await expect(dialog.getByText(/^Published: \d{1,2} [A-Z][a-z]+ \d{4}$/)).toBeVisible();
  await expect(dialog.getByRole("heading", { name: "Innocent murmurs" })).toBeVisible();
  await expect(dialog.getByRole("img").first()).toBeVisible();
  await dialog.getByRole("button", { name: "Close", exact: true }).click();
  await expect(dialog).toBeHidden();
});

test("closing a dialog with Escape gives focus back to the button that opened it", async ({ page }) => {
  await page.goto("/");
  const readMore = page
    .locator("section#articles article")
    .filter({ hasText: title })
    .getByRole("button", {
      name: /Read More/,
    });
  await waitUntilHydrated(readMore);
  await readMore.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog").getByRole("heading", { name: title })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(readMore).toBeFocused();

  const book = page.getByRole("banner").getByRole("button", { name: "Book Appointment" });
  await book.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(book).toBeFocused();
});

test("the excerpt on a card is clamped to three lines", async ({ page }) => {
  await page.goto("/");
  const excerpt = page.locator("section#articles article").first().locator(".line-clamp-3");
  await expect(excerpt).toHaveCSS("-webkit-line-clamp", "3");
});

test("an article's address carries its preview in the HTML, before any script runs", async ({ request }) => {
  const response = await request.get("/articles/heart-murmurs-in-children");
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain(`<title>${title}</title>`);
  expect(html).toContain(`<meta property="og:title" content="${title}" />`);
  expect(html).toMatch(
    /<meta property="og:description" content="Most heart murmurs heard in children are harmless/,
  );
  expect(html).toMatch(
    /<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/preview\/article-heart-murmurs-in-children-[0-9a-f]{12}\.png" \/>/,
  );
  expect(html).toContain('<meta property="og:type" content="article" />');
  expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
});

test("an article's address shows the article", async ({ page }) => {
  await page.goto("/articles/heart-murmurs-in-children");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByRole("heading", { name: "Signs that need a specialist" })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(title.replace(/[?]/g, "\\?")));
});

test("an unknown article's address is a 404", async ({ page }) => {
  const response = await page.goto("/articles/no-such-article");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
});
