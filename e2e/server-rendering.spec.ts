import { expect, type Page, test } from "@playwright/test";
import { sampleProfile } from "../src/shared/sample-profile";
import { waitUntilHydrated } from "./support/hydration";

/**
 * The public pages arrive rendered: their text is there without script (for a parent whose phone has not run it
 * yet, a crawler, a link preview), and once the script runs the page is hydrated without a warning, a CSP report or
 * an issue in Chromium's DevTools, and without asking the API again for what the page already carries.
 */
const { doctor, services } = sampleProfile;
const articleTitles = [
  "Heart Murmurs in Children: When Should Parents Worry?",
  "Fast Heartbeat in Children: Understanding SVT",
  "Preparing for Your Child's Online Heart Consultation",
];
const publicPages = [
  "/",
  "/articles/heart-murmurs-in-children",
  "/contact-us",
  "/terms-conditions",
  "/refunds-cancellations",
  "/privacy",
  "/no-such-page",
  // One page for every unknown article, rendered for none of them: it hydrates as the page of its own address.
  "/articles/no-such-article",
];
const notFoundPages = new Set(["/no-such-page", "/articles/no-such-article"]);

test.describe("with JavaScript disabled", () => {
  test.use({ javaScriptEnabled: false });

  test("the home page shows the doctor, the services and the published articles", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(doctor.name);
    for (const service of services)
      await expect(page.locator("section#services").getByText(service.title, { exact: true })).toBeVisible();
    for (const title of articleTitles)
      await expect(page.locator("section#articles").getByRole("link", { name: title })).toBeVisible();
    await expect(page.locator("section#contact").getByRole("button", { name: "Send Message" })).toBeVisible();
  });

  test("an article's page shows its whole text, and links lead on", async ({ page }) => {
    await page.goto("/articles/heart-murmurs-in-children");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(articleTitles[0]!);
    await expect(page.getByRole("heading", { name: "Innocent murmurs" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Signs that need a specialist" })).toBeVisible();
    await expect(page.getByText(/most murmurs in children are innocent/)).toBeVisible();
    await page.getByRole("contentinfo").getByRole("link", { name: "Terms & Conditions" }).click();
    await expect(page).toHaveURL(/\/terms-conditions$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms & Conditions");
  });

  test("the Contact Us form sends a message as a plain form", async ({ page }) => {
    await page.goto("/contact-us");
    const form = page.getByRole("form", { name: "Send a message" });
    await form.getByLabel("Full Name").fill("Plain Form Parent");
    await form.getByLabel("Email").fill("plain.form@example.org");
    await form.getByLabel("Subject").fill("Report review");
    await form.getByLabel("Message").fill("Sent from a browser without script.");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(page).toHaveURL(/\/contact-us\?contact=sent#contact-form$/);
    const outcome = page.getByRole("status").filter({ hasText: "Message Sent" });
    await expect(outcome).toContainText("Thank you for your message. We will get back to you soon.");
    // On a phone the form is below the page's introduction: the answer opens where the form is.
    await expect(outcome).toBeInViewport();
  });
});

/** Console warnings and errors, CSP reports and DevTools issues, from the page's first byte on. */
async function watch(page: Page) {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "warning" || message.type() === "error")
      problems.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`error: ${error.message}`));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) =>
      console.error(`CSP report: ${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  const cdp = await page.context().newCDPSession(page);
  cdp.on("Audits.issueAdded", ({ issue }) =>
    problems.push(`issue: ${issue.code} ${JSON.stringify(issue.details)}`),
  );
  await cdp.send("Audits.enable");
  const apiReads: string[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (path === "/api/articles" || path.startsWith("/api/articles/") || path === "/api/config")
      apiReads.push(path);
  });
  return { problems, apiReads };
}

test("public pages hydrate with no warning, CSP report or DevTools issue, and fetch none of their data again", async ({
  page,
}) => {
  const { problems, apiReads } = await watch(page);
  for (const path of publicPages) {
    const response = await page.goto(path);
    // Hydrated: a control that only script drives works.
    await waitUntilHydrated(
      page
        .getByRole("banner")
        .getByRole("button", { name: /Book Appointment|Open menu/ })
        .first(),
    );
    await page.waitForLoadState("networkidle");
    expect(response?.status(), path).toBe(notFoundPages.has(path) ? 404 : 200);
  }
  // The document's own 404 status is reported by Chromium as a failed load; nothing else may be.
  expect(problems.filter((problem) => !problem.includes("status of 404"))).toEqual([]);
  expect(apiReads).toEqual([]);
});

test("a public page fetches no script until it has been read and drawn, and is then hydrated", async ({
  page,
  request,
}) => {
  for (const path of ["/", "/articles/heart-murmurs-in-children", "/contact-us"]) {
    const html = await (await request.get(path)).text();
    // Nothing in the HTML makes the browser fetch a script while the page is still being read and painted.
    expect(html, path).not.toMatch(/<script[^>]*\ssrc=|<link[^>]*modulepreload/);
    await page.goto(path);
    await waitUntilHydrated(page.getByRole("banner").getByRole("button", { name: "Book Appointment" }));
    // Headless Chromium reports paint times late, so the check is against the end of reading the page, which a
    // script or preload tag in the HTML would start before.
    const { pageRead, firstScript } = await page.evaluate(() => ({
      pageRead: (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).domInteractive,
      firstScript: Math.min(
        ...performance
          .getEntriesByType("resource")
          .filter((entry) => /\/assets\/.+\.js$/.test(entry.name))
          .map((entry) => entry.startTime),
      ),
    }));
    expect(firstScript, path).toBeGreaterThan(pageRead);
  }
  // A page the browser renders itself has nothing to paint first: its script starts as soon as the page is read.
  await page.goto("/admin");
  await expect(page.getByRole("dialog", { name: "Admin Login" })).toBeVisible();
  const wait = await page.evaluate(() => {
    const read = (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming)
      .domInteractive;
    const script = performance
      .getEntriesByType("resource")
      .find((entry) => /\/assets\/index-.+\.js$/.test(entry.name));
    return (script?.startTime ?? Infinity) - read;
  });
  expect(wait).toBeLessThan(1000);
});

test("after a move inside the app, the canonical address names the page shown", async ({ page }) => {
  await page.goto("/");
  const link = page.locator("section#articles").getByRole("link", { name: articleTitles[0]! });
  await waitUntilHydrated(link);
  await link.click();
  await expect(page).toHaveURL(/\/articles\/heart-murmurs-in-children$/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    /^https?:\/\/[^/]+\/articles\/heart-murmurs-in-children$/,
  );
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute(
    "content",
    /\/articles\/heart-murmurs-in-children$/,
  );
});

test("pages and reads from memory answer 304 to their ETag, and a page rendered again keeps its ETag", async ({
  request,
}) => {
  for (const path of ["/", "/articles/heart-murmurs-in-children", "/api/articles", "/api/config"]) {
    const first = await request.get(path);
    const etag = first.headers().etag ?? "";
    expect(etag, path).toMatch(/^W\/"[\w-]+"$/);
    const again = await request.get(path, { headers: { "if-none-match": etag } });
    expect(again.status(), path).toBe(304);
    const other = await request.get(path, { headers: { "if-none-match": 'W/"another"' } });
    expect(other.status(), path).toBe(200);
  }
  // The 404 page is one page in memory for every unknown address, rendered again when it expires: the same content
  // is the same validator.
  const [a, b] = [await request.get("/no-such-page"), await request.get("/no-such-page")];
  expect(a.status()).toBe(404);
  expect(b.headers().etag).toBe(a.headers().etag);
});

test("a tap on Book or Read More before the page's script has arrived is carried out once the script runs", async ({
  page,
}) => {
  for (const [control, opened] of [
    [
      page.getByRole("banner").getByRole("button", { name: "Book Appointment" }),
      page.getByRole("dialog").getByRole("heading", { name: "Book Video Consultation" }),
    ],
    [
      page
        .locator("section#articles")
        .getByRole("button", { name: /Read More/ })
        .first(),
      page.getByRole("dialog").getByText(/^Published:/),
    ],
  ] as const) {
    // The entry script is held back, as on a slow line, until the visitor has tapped.
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = () => undefined as void;
    const requested = new Promise<void>((resolve) => (asked = resolve));
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      asked();
      await held;
      await route.continue();
    });
    await page.goto("/", { waitUntil: "domcontentloaded" });
    await control.click();
    // The script is asked for and held: nothing that could open a dialog has run yet.
    await requested;
    await expect(page.getByRole("dialog")).toHaveCount(0);
    release();
    await expect(opened).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(1);
    await page.unrouteAll();
  }
});

test("the hydrated pages work: the booking dialog opens with its configuration and Read More opens an article", async ({
  page,
}) => {
  const { problems, apiReads } = await watch(page);
  await page.goto("/");
  const book = page.getByRole("banner").getByRole("button", { name: "Book Appointment" });
  await waitUntilHydrated(book);
  await book.click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Book Video Consultation" })).toBeVisible();
  await expect(dialog.getByText("Loading configuration...")).toHaveCount(0);
  await page.keyboard.press("Escape");
  await page
    .locator("section#articles")
    .getByRole("button", { name: /Read More/ })
    .first()
    .click();
  await expect(page.getByRole("dialog").getByText(/^Published:/)).toBeVisible();
  await page.keyboard.press("Escape");
  expect(problems).toEqual([]);
  expect(apiReads).toEqual([]);
});

test("every public page's link preview is a 1200×630 PNG card, sized and described in the head", async ({
  request,
}) => {
  const images = new Set<string>();
  for (const path of ["/", "/articles/heart-murmurs-in-children", "/contact-us", "/privacy"]) {
    const html = await (await request.get(path)).text();
    const meta = (property: string) =>
      new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(html)?.[1] ?? "";
    const image = meta("og:image");
    expect(image, path).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/preview\/[a-z0-9-]+-[0-9a-f]{12}\.png$/);
    expect(meta("og:image:width"), path).toBe("1200");
    expect(meta("og:image:height"), path).toBe("630");
    expect(meta("og:image:alt"), path).toContain(doctor.name);
    images.add(image);

    const png = await request.get(image);
    expect(png.status(), image).toBe(200);
    expect(png.headers()["content-type"]).toBe("image/png");
    const bytes = await png.body();
    // The PNG signature, then the IHDR chunk: width and height as big-endian 32-bit numbers.
    expect(bytes.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
    expect(bytes.readUInt32BE(16)).toBe(1200);
    expect(bytes.readUInt32BE(20)).toBe(630);
  }
  // Each page has its own card.
  expect(images.size).toBe(4);
  expect((await request.get("/preview/not-a-page-0123456789ab.png")).status()).toBe(404);
});
