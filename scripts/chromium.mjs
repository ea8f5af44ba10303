// Finds the Chromium the browser tests drive: CHROMIUM_PATH, then Debian's /usr/bin/chromium, then a browser
// Playwright downloaded itself. Answers undefined when there is none.
import { existsSync } from "node:fs";

/**
 * Debian's chromium-headless-shell: the same engine without the browser's windowing layers, as Playwright itself
 * runs headless tests. It takes about a quarter less CPU than the full browser in its headless mode, which on a
 * two-core machine is the browser tests' wall time.
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

export async function findChromium({ headlessShell = false } = {}) {
  const candidates = [
    process.env.CHROMIUM_PATH,
    ...(headlessShell ? [HEADLESS_SHELL] : []),
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
  ];
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
