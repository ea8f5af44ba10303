// Finds the Chromium the browser tests drive: CHROMIUM_PATH, then Debian's /usr/bin/chromium, then a browser
// Playwright downloaded itself. Answers undefined when there is none.
import { existsSync } from "node:fs";

export async function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  for (const candidate of candidates) if (candidate && existsSync(candidate)) return candidate;
  try {
    const { chromium } = await import("@playwright/test");
    const own = chromium.executablePath();
    if (own && existsSync(own)) return own;
  } catch {
    // Playwright has no browser of its own.
  }
  return undefined;
}

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
