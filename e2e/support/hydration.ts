import { expect, type Locator } from "@playwright/test";

/**
 * Waits until React has hydrated a server-rendered control. Before that a click lands on plain HTML and does
 * nothing, and the page's load event comes before the sections below the first screen are hydrated.
 */
export async function waitUntilHydrated(control: Locator): Promise<void> {
  await expect
    .poll(() =>
      control.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactProps"))),
    )
    .toBe(true);
}
