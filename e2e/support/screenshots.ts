import { type Locator, type Page, test } from "@playwright/test";

/** The page (or one part of it) at 1280 and at 360 pixels wide, kept with the test's results to be looked at. */
export async function screenshots(page: Page, name: string, target?: Locator): Promise<void> {
  if (process.env.E2E_SCREENSHOTS === "0") return;
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    const path = test.info().outputPath(`${name}-${width}.png`);
    if (target) await target.screenshot({ path });
    else await page.screenshot({ path, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}
