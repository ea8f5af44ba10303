import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { E2E_ADMIN_PASSWORD, logInAsAdmin } from "./support/admin";
import { chooseSlot, continueToPayment, fillDetails, inDays, openBooking } from "./support/booking";
import { screenshots } from "./support/screenshots";

/**
 * A new doctor's first settings, on a site of its own (a new embedded database): the shared site of the other
 * specs keeps the sample profile and fee they check.
 */
const port = Number(process.env.E2E_PORT ?? 5180) + 40;
const origin = `http://127.0.0.1:${port}`;
let server: ChildProcess | undefined;

test.describe.configure({ mode: "serial" });
test.use({ baseURL: origin });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  server = spawn(process.execPath, ["scripts/start.mjs"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: mkdtempSync(join(tmpdir(), "clinic-e2e-settings-")),
      LOG_LEVEL: "warn",
      NODE_ENV: "development",
      PUBLIC_BASE_URL: origin,
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      BOOKINGS_PER_HOUR_PER_ADDRESS: "1000",
    },
    stdio: "ignore",
  });
  await expect(async () => {
    const health = await fetch(`${origin}/api/health`);
    expect(health.ok).toBe(true);
  }).toPass({ timeout: 60_000 });
});

test.afterAll(() => {
  server?.kill("SIGTERM");
});

async function openSettings(page: Page) {
  await logInAsAdmin(page);
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
}

test("a new doctor replaces the sample profile, sets her fee and a coupon, and parents see them", async ({
  page,
}) => {
  // A whole first setup and a booking: longer than one page's steps, above all while the other specs run beside it.
  test.setTimeout(120_000);
  await page.goto("/");
  await expect(page.getByRole("contentinfo")).toContainText(
    "Sample profile: this site shows an example doctor",
  );
  await openSettings(page);
  const profile = page.getByRole("form", { name: "Profile" });
  await expect(profile.getByRole("note")).toContainText("sample profile");

  // A mistake is named under its field, and nothing is saved.
  await profile.getByLabel("Full name").fill("");
  await profile.getByRole("button", { name: "Save profile" }).click();
  await expect(profile.getByLabel("Full name")).toBeFocused();
  await expect(profile.getByLabel("Full name")).toHaveAttribute("aria-invalid", "true");

  await profile.getByLabel("Full name").fill("Dr. Sunita Kulkarni");
  await profile.getByLabel("Short name").fill("Dr. S. Kulkarni");
  await profile
    .getByLabel("Introduction", { exact: true })
    .fill("Gentle heart care for children in Mysuru and online.");
  await profile.getByLabel("Registration number").fill("KMC 45678");
  await profile.getByLabel("Medical council").fill("Karnataka Medical Council");

  await profile.getByRole("button", { name: "Preview home page" }).click();
  const preview = page.getByRole("dialog", { name: "Preview of the home page" });
  // The preview cannot be used (its buttons are inert), only seen.
  await expect(preview.getByText("Dr. Sunita Kulkarni", { exact: true }).first()).toBeVisible();
  await screenshots(page, "settings-preview");
  await page.keyboard.press("Escape");
  await expect(preview).toHaveCount(0);

  await profile.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Profile Saved", { exact: true }).first()).toBeVisible();
  await expect(profile.getByRole("note")).toHaveCount(0);

  // A photo from the phone's gallery, and a signature scanned on white paper.
  const images = page.getByRole("region", { name: "Photo and signature" });
  const photo = await sharp({ create: { width: 1200, height: 1600, channels: 3, background: "#2f6f8f" } })
    .jpeg()
    .toBuffer();
  const photoForm = images.getByRole("form", { name: "Photo" });
  await photoForm.getByRole("button", { name: "Upload photo" }).click();
  await expect(photoForm.getByText("Choose a file for your photo")).toBeVisible();
  await photoForm
    .getByLabel("New photo")
    .setInputFiles({ name: "IMG_2041.jpg", mimeType: "image/jpeg", buffer: photo });
  await photoForm.getByRole("button", { name: "Upload photo" }).click();
  await expect(page.getByText("Photo Saved", { exact: true }).first()).toBeVisible();
  await expect(photoForm.getByRole("img", { name: "Your photo as the site shows it" })).toBeVisible();
  const signature = await sharp({ create: { width: 300, height: 100, channels: 3, background: "#ffffff" } })
    .png()
    .toBuffer();
  const signatureForm = images.getByRole("form", { name: "Signature" });
  await signatureForm
    .getByLabel("New signature")
    .setInputFiles({ name: "signature.png", mimeType: "image/png", buffer: signature });
  await signatureForm.getByRole("button", { name: "Upload signature" }).click();
  await expect(page.getByText("Signature Saved", { exact: true }).first()).toBeVisible();
  await expect(
    signatureForm.getByRole("img", { name: "Your signature as prescriptions print it" }),
  ).toBeVisible();

  const fees = page.getByRole("form", { name: "Fees" });
  await fees.getByLabel("Consultation fee (₹)").fill("1800");
  await fees.getByRole("button", { name: "Save fees" }).click();
  await expect(page.getByText("Fees Saved", { exact: true }).first()).toBeVisible();

  const coupon = page.getByRole("form", { name: "New coupon" });
  await coupon.getByLabel("What it does").selectOption("amountOff");
  await coupon.getByLabel("Code").fill("camp-300");
  await coupon.getByLabel("Amount (₹)").fill("300");
  await coupon.getByLabel("Use limit (optional)").fill("50");
  await coupon.getByRole("button", { name: "Add coupon" }).click();
  const coupons = page.getByRole("list", { name: "Coupons" });
  await expect(coupons).toContainText("CAMP-300");
  await expect(coupons).toContainText("₹300 off");
  await expect(page.getByRole("region", { name: "Settings history" })).toContainText("Coupon CAMP-300 added");
  await screenshots(page, "settings");

  // The public site: the new name, the registration, the fee; the booking priced by the server.
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Dr. Sunita Kulkarni" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Dr. Sunita Kulkarni", exact: true })).toContainText(
    "₹1,800 per video consultation · pay by card, UPI or netbanking",
  );
  await expect(page.getByRole("contentinfo")).toContainText("Reg. No. KMC 45678, Karnataka Medical Council");
  await expect(page.getByRole("contentinfo")).not.toContainText("Sample profile");
  // The hero's photo is the uploaded one, in a modern format the browser chose.
  const heroPhoto = page.getByRole("region", { name: "Dr. Sunita Kulkarni", exact: true }).getByRole("img", {
    name: "Dr. Sunita Kulkarni",
  });
  await expect(heroPhoto).toBeVisible();
  expect(await heroPhoto.evaluate((image: HTMLImageElement) => image.currentSrc)).toMatch(
    /\/media\/photo-[0-9a-f]{12}-(480|960)\.avif$/,
  );
  await screenshots(page, "home-with-photo");
  const dialog = await openBooking(page);
  await expect(dialog).toContainText("Consultation fee: ₹1,800");
  await expect(dialog).toContainText("Pay by card, UPI or netbanking");
  await fillDetails(dialog, { name: "Settings Child" });
  await chooseSlot(dialog, inDays(3), "7:00 PM");
  await dialog.getByLabel("Coupon Code (optional)").fill("camp-300");
  await dialog.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("Coupon Applied!").first()).toBeVisible();
  await continueToPayment(dialog);
  await expect(dialog.getByRole("button", { name: "Pay ₹1,500 & Confirm" })).toBeVisible();
});

test("the doctor writes her About in Kannada; the Kannada page shows it as its own words", async ({
  page,
}) => {
  const about = "ಡಾ. ಸುನೀತಾ ಅವರು ಮಕ್ಕಳ ಹೃದಯದ ಕಾಯಿಲೆಗಳಿಗೆ ಮೈಸೂರು ಮತ್ತು ಆನ್‌ಲೈನ್‌ನಲ್ಲಿ ಚಿಕಿತ್ಸೆ ನೀಡುತ್ತಾರೆ.";
  await openSettings(page);
  const profile = page.getByRole("form", { name: "Profile" });
  const translations = profile.getByRole("group", { name: "Translations" });
  await translations.getByRole("radio", { name: /^Kannada/ }).check();
  const field = translations.getByLabel("About you in Kannada");
  await expect(field).toHaveAttribute("lang", "kn");
  await field.fill(about);
  await screenshots(page, "profile-translation", translations);
  await profile.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Profile Saved", { exact: true }).first()).toBeVisible();

  await page.goto("/kn/");
  const paragraph = page.locator("section#about p", { hasText: about });
  await expect(paragraph).toBeVisible();
  await expect(paragraph).not.toHaveAttribute("lang", "en");
  await page.goto("/hi/");
  // Not translated into Hindi: the English paragraphs, marked as English.
  await expect(page.locator('section#about p[lang="en"]').first()).toBeVisible();
  await expect(page.getByText(about)).toHaveCount(0);
});
