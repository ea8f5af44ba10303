import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { mimeParts } from "../src/server/testing/mime";
import { logInAsAdmin } from "./support/admin";
import { bookAndPay, bookAndPayThroughApi, inDays, pickDate } from "./support/booking";
import { screenshots } from "./support/screenshots";

/**
 * The appointment after payment, as a parent and the doctor live it: the manage link from the confirmation e-mail (and
 * the payment result page), a reschedule, a cancellation with its refund, and the doctor's own cancellation from the
 * dashboard.
 */

/**
 * The manage link in the patient's confirmation e-mail, as the site wrote it to DATA_DIR/outbox (no SMTP is set up in
 * the browser tests), decoded as a mail program would.
 */
function safeList(folder: string): string[] {
  try {
    return readdirSync(folder);
  } catch {
    return [];
  }
}

async function manageLinkFromConfirmation(email: string): Promise<string> {
  const outbox = join(process.env.E2E_DATA_DIR ?? "", "outbox");
  let link = "";
  await expect
    .poll(
      () => {
        // The folder appears with the first message the outbox writes, a few seconds after the payment.
        const files = safeList(outbox).filter((name) => /_confirmation_patient_email_.*\.eml$/.test(name));
        for (const name of files) {
          const raw = readFileSync(join(outbox, name), "utf8");
          if (!raw.includes(email)) continue;
          const text = mimeParts(raw).find((part) => part.contentType === "text/plain")?.body ?? "";
          link = /https?:\/\/\S+\/appointments\/manage\/[A-Za-z0-9_-]+/.exec(text)?.[0] ?? "";
        }
        return link;
      },
      { timeout: 20_000 },
    )
    .toMatch(/\/appointments\/manage\/[A-Za-z0-9_-]{43}$/);
  return link;
}
test("a parent opens the link from the confirmation, reschedules, then cancels and sees the refund", async ({
  page,
}) => {
  const email = "manage.parent@example.org";
  await bookAndPay(page, { date: inDays(4), label: "7:00 PM" }, { name: "Manage Parent", email });
  await expect(page.getByRole("link", { name: "Manage your booking" })).toBeVisible();

  // The parent comes back later, from the e-mail.
  await page.goto(await manageLinkFromConfirmation(email));
  await expect(page.getByRole("heading", { name: "Your booking" })).toBeVisible();
  await expect(page.getByText("Manage Parent")).toBeVisible();
  await expect(page.getByText("Confirmed", { exact: true })).toBeVisible();
  // The site opens rooms early in these tests; the sentence gives the day when it is not the consultation's.
  await expect(
    page.getByText(
      /^The video room opens at \w+day, \d+ \w+ \d{4}, \d+:\d{2} [AP]M IST, .+ before the consultation\.$/,
    ),
  ).toBeVisible();
  await screenshots(page, "manage-confirmed");

  await page.getByRole("button", { name: /^Reschedule/ }).click();
  const move = page.getByRole("dialog", { name: "Choose a new time" });
  await pickDate(move, inDays(5), "New date");
  await move.getByRole("button", { name: "7:20 PM" }).click();
  await screenshots(page, "manage-reschedule");
  await move
    .getByRole("button", { name: /^Move to .* at 7:20 PM IST \(1 reschedule left after this\)$/ })
    .click();
  await expect(page.getByRole("status")).toContainText("Your consultation has moved");
  await expect(page.getByText(/7:20 PM IST/).first()).toBeVisible();

  const videoPage = await page.getByRole("link", { name: "Video consultation page" }).getAttribute("href");
  await page.getByRole("button", { name: "Cancel the booking" }).click();
  const cancel = page.getByRole("dialog", { name: "Cancel this booking?" });
  await expect(cancel).toContainText(
    "Cancel now and get ₹2,000 back, 100 % of ₹2,000, within 5–7 business days.",
  );
  await cancel.getByRole("button", { name: "Cancel the booking" }).click();
  await expect(page.getByRole("status")).toContainText("Your booking is cancelled");
  await expect(page.getByText("Cancelled", { exact: true })).toBeVisible();
  await expect(page.getByText("Refunded: ₹2,000.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel the booking" })).toHaveCount(0);
  await expect(page.getByText("This booking is no longer active, so it cannot be changed.")).toHaveCount(1);
  // "Your data" follows at once: a cancelled booking's data may be erased.
  await expect(page.getByRole("button", { name: "Ask for erasure" })).toBeVisible();
  await expect(page.getByText(/has not taken place yet/)).toHaveCount(0);
  await screenshots(page, "manage-cancelled");

  // The video link in the e-mails now says the consultation was cancelled.
  await page.goto(videoPage ?? "");
  await expect(page.getByRole("heading", { name: "This Consultation Was Cancelled" })).toBeVisible();
  await expect(page.getByText("Room Not Found")).toHaveCount(0);
});

test("the manage page arrives rendered by the server, personal and never cached, and works without waiting for scripts", async ({
  page,
  browser,
}) => {
  const email = "rendered.parent@example.org";
  await bookAndPay(page, { date: inDays(4), label: "8:20 PM" }, { name: "Rendered Parent", email });
  const link = await manageLinkFromConfirmation(email);
  const path = new URL(link).pathname;

  const answer = await page.request.get(path);
  expect(answer.status()).toBe(200);
  expect(answer.headers()["cache-control"]).toBe("private, no-store");
  const html = await answer.text();
  // The booking is in the HTML itself, not only after the scripts ran.
  expect(html).toContain("Rendered Parent");
  expect(html).toContain("Change or cancel");
  expect(html).toContain('<meta name="robots" content="noindex');

  // With JavaScript off, the parent still reads the booking.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await plain.goto(path);
  await expect(plain.getByRole("heading", { name: "Your booking" })).toBeVisible();
  await expect(plain.getByText("Rendered Parent")).toBeVisible();
  await noScript.close();

  // With scripts, the page takes over the rendered HTML and asks the API for nothing it already has.
  const asked: string[] = [];
  const errors: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/manage/")) asked.push(request.url());
  });
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await page.goto(path);
  await expect(page.getByRole("button", { name: /^Reschedule/ })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(asked).toEqual([]);
  // The server's HTML and the browser's first render agree (no hydration mismatch).
  expect(errors.filter((text) => /hydrat|error #4(18|19|23|25)/i.test(text))).toEqual([]);

  // On a slow line the picker shows before the scripts run: a report chosen then is sent once they have.
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(path, { waitUntil: "domcontentloaded" });
  const reports = page.getByRole("region", { name: "Reports for the doctor" });
  await reports.locator('input[type="file"]').setInputFiles({
    name: "early-report.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"),
  });
  release();
  await expect(reports.getByRole("list", { name: "Uploaded reports" })).toContainText("early-report.pdf");
  await page.unrouteAll();

  // Another parent's made-up link gets the readable message, and nothing of this booking.
  const other = await page.request.get(`/appointments/manage/${"y".repeat(43)}`);
  expect(other.headers()["cache-control"]).toBe("private, no-store");
  expect(await other.text()).not.toContain("Rendered Parent");
});

/** A message of a language's visit catalogue (the manage page's words). */
function visitWords(language: string): (id: string) => string {
  const file = new URL(`../src/shared/i18n/catalogues/${language}/visit.json`, import.meta.url);
  const messages = JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
  return (id) => messages[id] ?? "";
}

test("a parent who booked in Kannada is written to in Kannada, and chooses another language on the manage page", async ({
  page,
  request,
}) => {
  const patientEmail = "kannada.parent@example.org";
  const { manageUrl } = await bookAndPayThroughApi(request, {
    patientName: "Kavya Gowda",
    patientEmail,
    // A day no other spec on the shared site books: a taken time would stop another spec's booking.
    date: inDays(11),
    time: "19:40",
    language: "kn",
  });
  // The confirmation the outbox wrote is in Kannada, with a manage link of its own.
  await manageLinkFromConfirmation(patientEmail);
  const outbox = join(process.env.E2E_DATA_DIR ?? "", "outbox");
  const confirmation = safeList(outbox)
    .filter((name) => /_confirmation_patient_email_.*\.eml$/.test(name))
    .map((name) => readFileSync(join(outbox, name), "utf8"))
    .find((raw) => raw.includes(patientEmail));
  const text = mimeParts(confirmation ?? "").find((part) => part.contentType === "text/plain")?.body ?? "";
  expect(text).toContain("ನಿಮ್ಮ ವೀಡಿಯೊ ಸಮಾಲೋಚನೆ ಖಚಿತವಾಗಿದೆ");

  // The booking's page is in Kannada too: the result page's link leads to its Kannada address.
  expect(new URL(manageUrl).pathname).toMatch(/^\/kn\/appointments\/manage\//);
  const [kannada, hindi] = [visitWords("kn"), visitWords("hi")];
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(manageUrl);
  await expect(page.locator("html")).toHaveAttribute("lang", "kn");
  const choice = page.getByLabel(kannada("messagesLanguage.label"));
  await expect(choice).toHaveValue("kn");
  // Offered once the page can save a choice.
  await expect(choice).toBeEnabled();
  await choice.selectOption("hi");
  const saved = page
    .getByRole("status")
    .filter({ hasText: kannada("messagesLanguage.saved").split(":")[0] ?? "" });
  await expect(saved).toContainText("हिन्दी");
  await screenshots(page, "manage-message-language");
  // The page offers itself in Hindi, in Hindi's words, and is the same booking there.
  await saved.getByRole("link", { name: "यह पेज हिन्दी में पढ़ें" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  expect(new URL(page.url()).pathname).toBe(new URL(manageUrl).pathname.replace("/kn/", "/hi/"));
  await expect(page.getByLabel(hindi("messagesLanguage.label"))).toHaveValue("hi");
});

test("a link that opens no booking says so, with the clinic's contact", async ({ page }) => {
  await page.goto(`/appointments/manage/${"x".repeat(43)}`);
  await expect(page.getByRole("alert")).toContainText("This link is not valid");
});

test("the doctor cancels an appointment from the dashboard with a reason, and the refund follows", async ({
  page,
}) => {
  await bookAndPay(page, { date: inDays(4), label: "8:00 PM" }, { name: "Doctor Cancels" });
  await logInAsAdmin(page);
  const row = page.getByTestId("appointment-row").filter({ hasText: "Doctor Cancels" });
  await row.getByRole("button", { name: "Doctor Cancels: details" }).click();
  const details = page.getByRole("dialog", { name: "Doctor Cancels" });
  await details.getByRole("button", { name: "Cancel appointment" }).click();
  const confirm = page.getByRole("dialog", { name: "Cancel this appointment?" });
  await expect(confirm).toContainText("full refund of ₹2,000");
  await confirm.getByLabel("Reason for the parent").fill("The doctor is unwell today");
  await confirm.getByRole("button", { name: "Cancel and refund" }).click();
  await expect(details.getByText("Refund ₹2,000: refunded")).toBeVisible();
  await expect(details.getByText(/Cancelled by the doctor/)).toBeVisible();
  // The history writes its times as the rest of the dashboard does, in the clinic's zone.
  await expect(details.getByRole("listitem").filter({ hasText: "Cancelled by the doctor" })).toHaveText(
    /^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} (AM|PM) IST /,
  );
  // The reminders of the cancelled time are withdrawn on purpose: a calm "Withdrawn", in the doctor's words.
  const messages = details.getByRole("list", { name: "Messages about this appointment" });
  const reminder = messages.getByRole("listitem").filter({ hasText: "Reminder 24 h before" }).first();
  await expect(reminder).toContainText("Withdrawn");
  await expect(reminder).toContainText(/Was due/);
  await expect(messages).toContainText("Cancellation");
  await expect(messages).not.toContainText(/reminder_|Cancelled$/);
  await screenshots(page, "doctor-cancelled");
});
