import { slotStart } from "@shared/clinic-time";
import { expect, test } from "@playwright/test";
import { logInAsAdmin } from "./support/admin";
import { expectNoSevereViolations } from "./support/axe";
import { bookAndPay, chooseSlot, fillGuardianAndConsent, inDays } from "./support/booking";
import { screenshots } from "./support/screenshots";
import { type OwnSite, startOwnSite } from "./support/site";

/**
 * A new practice's first start and a follow-up: the dashboard opens on the setup checklist, the doctor sets a free
 * follow-up within 7 days from it, a parent's consultation is held and completed, and the parent books the free
 * follow-up from the booking's page, confirmed at once. On a site of its own, started again with its clock at the
 * consultation.
 */
const port = Number(process.env.E2E_PORT ?? 5180) + 41;
test.use({ baseURL: `http://127.0.0.1:${port}` });

let site: OwnSite;

test.afterEach(async () => {
  await site.stop();
});

test("the doctor sets a free follow-up from the setup checklist, and the parent books it after the consultation", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  site = await startOwnSite("follow-up", { port });

  // The dashboard of a new practice opens on its checklist.
  const doctorContext = await browser.newContext();
  const doctor = await doctorContext.newPage();
  await logInAsAdmin(doctor);
  const checklist = doctor.getByRole("region", { name: "Set up your practice" });
  await expect(checklist).toBeVisible();
  await expect(checklist.getByTestId("setup-profile")).toContainText("The site shows a sample doctor");
  await expect(checklist.getByTestId("setup-fees")).toContainText("(to do)");
  // What the server needs is one line here, with its steps in Settings.
  await expect(checklist.getByTestId("setup-payments")).toHaveCount(0);
  await expect(checklist).toContainText(/things the server needs are for whoever runs the site to set up/);
  await screenshots(doctor, "setup-checklist", checklist);
  await expectNoSevereViolations(doctor);

  // From the checklist to the fees, where she offers a free follow-up within 7 days.
  await checklist.getByRole("link", { name: "Set the fees" }).click();
  await expect(doctor.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await expect(
    doctor.getByRole("region", { name: "Set up your practice" }).getByTestId("setup-payments"),
  ).toContainText("no money is taken");
  const fees = doctor.locator("#fees-form");
  await fees.getByLabel("Offer follow-ups at their own fee").check();
  await fees.getByLabel("Follow-up fee (₹, 0 for free)").fill("0");
  await fees.getByLabel("Within how many days").fill("7");
  await fees.getByRole("button", { name: "Save fees" }).click();
  // The toast's own text (its announcement to screen readers repeats it with the title).
  await expect(
    doctor.getByText("New bookings are charged ₹2,000. A follow-up within 7 days is free.", { exact: true }),
  ).toBeVisible();
  await expect(
    doctor.getByRole("region", { name: "Set up your practice" }).getByTestId("setup-fees"),
  ).toContainText("(done)");
  await screenshots(doctor, "setup-fees", fees);
  // Her own contacts for her copies of bookings, which parents never see.
  const contacts = doctor.locator("#doctor-contacts-form");
  await contacts.getByLabel("Your e-mail (optional)").fill("sunita.private@example.org");
  await contacts.getByLabel("Your WhatsApp number (optional)").fill("not a number");
  await contacts.getByRole("button", { name: "Save your contacts" }).click();
  await expect(contacts.getByLabel("Your WhatsApp number (optional)")).toBeFocused();
  await contacts.getByLabel("Your WhatsApp number (optional)").fill("98450 12399");
  await contacts.getByRole("button", { name: "Save your contacts" }).click();
  await expect(
    doctor.getByRole("region", { name: "Set up your practice" }).getByTestId("setup-contacts"),
  ).toContainText("(done)");
  await screenshots(doctor, "setup-contacts", contacts);
  // Settings has an address of its own: a reload comes back to it, never to a 404.
  await doctor.reload();
  await expect(doctor.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await expect(doctor).not.toHaveTitle(/404/);
  // Parents see the follow-up rule with the fee, before they book.
  await page.goto("/");
  await expect(page.getByText(/per video consultation · follow-up within 7 days free/)).toBeVisible();

  // A parent books and pays a consultation.
  const date = inDays(3);
  const patient = "Follow Child";
  await bookAndPay(page, { date, label: "8:40 PM" }, { name: patient, email: "follow.parent@example.org" });
  await page.getByRole("link", { name: "Manage your booking" }).click();
  await expect(page.getByRole("heading", { name: "Your booking" })).toBeVisible();
  const manageUrl = page.url();
  await expect(page.getByRole("region", { name: "Follow-up consultation" })).toHaveCount(0);

  // Twenty minutes into the consultation, the doctor marks it completed.
  await doctorContext.close();
  await site.stop();
  site = await startOwnSite("follow-up", {
    port,
    dataDir: site.dataDir,
    clockAt: new Date(slotStart(date, "20:40", "Asia/Kolkata").getTime() + 20 * 60_000),
  });
  const doctorAgain = await browser.newPage();
  await logInAsAdmin(doctorAgain);
  const row = doctorAgain.getByTestId("appointment-row").filter({ hasText: patient });
  await row.getByRole("button", { name: `${patient}: details` }).click();
  const details = doctorAgain.getByRole("dialog", { name: patient });
  await details.getByRole("button", { name: "Mark completed" }).click();
  await expect(details.getByText("Completed").first()).toBeVisible();
  await doctorAgain.close();

  // The parent's page offers the follow-up, free until a week after the consultation.
  await page.goto(manageUrl);
  const offer = page.getByRole("region", { name: "Follow-up consultation" });
  await expect(offer).toContainText("A follow-up with the doctor is free if it takes place by");
  await screenshots(page, "follow-up-offer", offer);
  await offer.getByRole("link", { name: "Book a follow-up" }).click();

  // The booking opens for the same child, the key gone from the address; no coupon box, no payment.
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("Follow-up consultation: free")).toBeVisible();
  expect(new URL(page.url()).searchParams.has("followUp")).toBe(false);
  await expect(dialog.getByLabel("Patient's Full Name")).toHaveValue(patient);
  await expect(dialog.getByLabel("Patient's Full Name")).toHaveAttribute("readonly", "");
  await dialog.getByLabel("Phone Number").fill("+91 98765 43210");
  await dialog.getByLabel("Email", { exact: true }).fill("follow.parent@example.org");
  await dialog.getByLabel("Reason for Consultation").fill("Follow-up of the murmur");
  await fillGuardianAndConsent(dialog, null);
  await screenshots(page, "follow-up-details", dialog);
  await dialog.getByRole("button", { name: "Continue to Time Selection" }).click();
  await expect(dialog.getByRole("heading", { name: "Choose a Date and Time" })).toBeVisible();
  await expect(dialog.getByText(/coupon/i)).toHaveCount(0);
  // Two days after the consultation, well within the week.
  await chooseSlot(dialog, inDays(5), "8:40 PM");
  await dialog.getByRole("button", { name: "Confirm Follow-up" }).click();
  await expect(dialog.getByRole("heading", { name: "Appointment Confirmed!" })).toBeVisible();
  await screenshots(page, "follow-up-confirmed", dialog);
  await expectNoSevereViolations(page);
});
