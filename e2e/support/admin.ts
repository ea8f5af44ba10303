import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { waitUntilHydrated } from "./hydration";

/** The admin password the browser tests start the site with (playwright.config.ts passes it as ADMIN_PASSWORD). */
export const E2E_ADMIN_PASSWORD = "e2e admin password";

/** Opens the footer's Admin Login dialog on the home page, as the doctor does. */
export async function openAdminLoginDialog(page: Page): Promise<Locator> {
  await page.goto("/");
  const adminLogin = page.getByRole("contentinfo").getByRole("button", { name: "Admin Login" });
  await waitUntilHydrated(adminLogin);
  const dialog = page.getByRole("dialog", { name: "Admin Login" });
  // A click that lands while React is still attaching the page's later parts can be lost; a person clicks again.
  await expect(async () => {
    if ((await dialog.count()) === 0) await adminLogin.click();
    await expect(dialog).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  return dialog;
}

/** Opens the footer's Admin Login dialog and submits a password, without checking the outcome. */
async function submitAdminLogin(page: Page, password = E2E_ADMIN_PASSWORD): Promise<void> {
  const dialog = await openAdminLoginDialog(page);
  await dialog.getByLabel("Password").fill(password);
  await dialog.getByRole("button", { name: "Login" }).click();
}

/** Signs in through the footer's dialog, as the doctor does, and waits for the dashboard. */
export async function logInAsAdmin(page: Page): Promise<void> {
  await submitAdminLogin(page);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Admin Login" })).toHaveCount(0);
  await waitUntilLoaded(page);
}

/**
 * Waits until no part of the page is loading (`aria-busy`): each list that arrives pushes the parts below it down,
 * and a click aimed at a button that moves as it lands reaches whatever took its place, for a person as for a test.
 */
export async function waitUntilLoaded(page: Page): Promise<void> {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** Signs the request context in through the API, for tests that read admin data without the dashboard. */
export async function logInThroughApi(request: APIRequestContext, origin: string): Promise<void> {
  const login = await request.post("/api/admin/login", {
    data: { password: E2E_ADMIN_PASSWORD },
    headers: { origin },
  });
  expect(login.ok(), await login.text()).toBe(true);
}

/** Goes to a page of the console through its navigation, as the doctor does, and waits for its heading. */
export async function openConsolePage(page: Page, label: string, heading = label): Promise<void> {
  await page
    .getByRole("navigation", { name: "Admin" })
    .getByRole("link", { name: label, exact: true })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
}
