// `node scripts/screenshots.mjs [baseUrl] [outDir]`: screenshots of the public pages at desktop and phone width,
// for a look at the site as visitors see it. Start the site first (`npm start`).
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { chromiumArgs, findChromium } from "./chromium.mjs";

const base = process.argv[2] ?? "http://localhost:5000";
const out = process.argv[3] ?? "screenshots";
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({ executablePath: await findChromium(), args: chromiumArgs });
const pages = {
  home: "/",
  "contact-us": "/contact-us",
  terms: "/terms-conditions",
  refunds: "/refunds-cancellations",
  "not-found": "/nope",
  article: "/articles/heart-murmurs-in-children",
};

for (const [width, height] of [
  [1280, 900],
  [360, 740],
]) {
  const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  for (const [name, path] of Object.entries(pages)) {
    await page.goto(base + path, { waitUntil: "networkidle" });
    await page.screenshot({ path: join(out, `${name}-${width}.png`), fullPage: true });
  }
  await page.goto(base + "/", { waitUntil: "networkidle" });
  await page
    .locator("section#articles")
    .getByRole("button", { name: /Read More/ })
    .first()
    .click();
  await page.getByRole("dialog").waitFor();
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(out, `article-dialog-${width}.png`) });
  await context.close();
}
await browser.close();
console.log(`Screenshots written to ${out}/`);
