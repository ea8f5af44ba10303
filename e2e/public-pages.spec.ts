import { expect, test } from "@playwright/test";
import { waitUntilHydrated } from "./support/hydration";
import { openAdminLoginDialog } from "./support/admin";
import { sampleProfile } from "../src/shared/sample-profile";

const { doctor, services, publications, memberships, contact } = sampleProfile;

test("home shows the doctor, services, publications, memberships, articles, contact and footer", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page).toHaveTitle(sampleProfile.seo.title);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(doctor.name);
  const hero = page.locator("section").first();
  for (const text of ["MBBS", "DCH", "CCT Paediatric Cardiology", "10+ years", "1000+ patients treated"]) {
    await expect(hero.getByText(text, { exact: true }).first()).toBeVisible();
  }
  for (const language of doctor.languages) await expect(hero.getByText(language).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Book Video Consultation" }).first()).toBeVisible();

  const servicesSection = page.locator("section#services");
  for (const service of services)
    await expect(servicesSection.getByText(service.title, { exact: true })).toBeVisible();
  await expect(servicesSection.getByRole("button", { name: "Book Now" })).toBeVisible();

  const publicationsSection = page.locator("section#publications");
  for (const publication of publications)
    await expect(publicationsSection.getByText(publication.title)).toBeVisible();
  for (const membership of memberships) {
    await expect(publicationsSection.getByText(membership.title, { exact: true })).toBeVisible();
  }

  const articles = page.locator("section#articles");
  await expect(articles.getByText("Heart Murmurs in Children: When Should Parents Worry?")).toBeVisible();
  await expect(articles.getByRole("button", { name: /Read More/ })).toHaveCount(3);

  const contactSection = page.locator("section#contact");
  await expect(contactSection.getByText(contact.email).first()).toBeVisible();
  await expect(contactSection.getByText("Ready to Book")).toBeVisible();
  await expect(contactSection.getByRole("button", { name: "Send Message" })).toBeVisible();

  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: "Terms & Conditions" })).toHaveAttribute(
    "href",
    "/terms-conditions",
  );
  await expect(footer.getByRole("link", { name: "Refunds & Cancellations" })).toHaveAttribute(
    "href",
    "/refunds-cancellations",
  );
  await expect(footer.getByRole("button", { name: "Admin Login" })).toBeVisible();
  // The sample profile gives no social addresses: no icon leads nowhere.
  await expect(footer.getByRole("list", { name: "Social media" })).toHaveCount(0);
});

test("every booking control opens the booking dialog", async ({ page }) => {
  await page.goto("/");
  const controls = [
    page.getByRole("banner").getByRole("button", { name: "Book Appointment" }),
    page.getByRole("button", { name: "Book Video Consultation" }).first(),
    page.locator("section#services").getByRole("button", { name: "Book Now" }),
  ];
  for (const control of controls) {
    await waitUntilHydrated(control);
    await control.click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  }
});

test("the footer's Admin Login opens the login dialog", async ({ page }) => {
  const dialog = await openAdminLoginDialog(page);
  await expect(dialog).toContainText("Enter the administrator password to open the dashboard.");
});

test("Contact Us page shows e-mail, phone note, hours, location, form and emergency notice", async ({
  page,
}) => {
  await page.goto("/contact-us");
  const main = page.getByRole("main");
  await expect(main.getByText(contact.email).first()).toBeVisible();
  await expect(main.getByText("Contact via email for phone consultation details")).toBeVisible();
  await expect(main.getByText(contact.location).first()).toBeVisible();
  await expect(main.getByText(contact.hours[0]!.time).first()).toBeVisible();
  await expect(main.getByText(contact.emergencyNotice)).toBeVisible();
  for (const label of ["Full Name", "Email", "Phone", "Subject", "Message"]) {
    await expect(main.getByLabel(label, { exact: false }).first()).toBeVisible();
  }
});

test("Terms page has its sections and the date it was last updated", async ({ page }) => {
  await page.goto("/terms-conditions");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms & Conditions");
  await expect(page.getByText(/Last updated:? October 2024/)).toBeVisible();
  for (const section of [
    "Service Description",
    "Payment Terms",
    "Appointment Policy",
    "Privacy",
    "Liability",
    "Acceptance",
  ]) {
    await expect(page.getByRole("heading", { name: new RegExp(section) })).toBeVisible();
  }
});

test("Refunds page states every rule of the policy", async ({ page }) => {
  await page.goto("/refunds-cancellations");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Refunds & Cancellations");
  const main = page.getByRole("main");
  for (const rule of [
    /more than 24 hours/i,
    /12 and 24 hours|12.{1,3}24 hours/i,
    /50%/,
    /less than 12 hours|under 12 hours/i,
    /no-show/i,
    /5.{1,3}7 business days/i,
    /up to 2 times|2 reschedules/i,
    /more than 15 minutes/i,
    /within 24 hours/i,
    /30 minutes before/i,
    /5 minutes early/i,
    /INR|Indian Rupees/,
    /technical/i,
    /unavailab/i,
  ]) {
    await expect(main.getByText(rule).first()).toBeVisible();
  }
});

test("an unknown address answers 404 and shows the 404 page", async ({ page }) => {
  const response = await page.goto("/this/page/does-not-exist");
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle("404 Page Not Found");
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  await page.getByRole("link", { name: /home/i }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(doctor.name);
});
