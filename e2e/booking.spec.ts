import { expect, test } from "@playwright/test";
import {
  apiBookingConsent,
  chooseSlot,
  continueToPayment,
  fillDetails,
  inDays,
  openBooking,
  pickDate,
  fillGuardianAndConsent,
} from "./support/booking";
import { screenshots } from "./support/screenshots";

test("a parent books tomorrow at 7:00 PM, pays on the simulator and sees Payment Successful!", async ({
  page,
}) => {
  const dialog = await openBooking(page);
  await expect(dialog.getByText("Available slots: 7:00 PM - 9:00 PM (Daily)")).toBeVisible();
  await fillDetails(dialog);
  await chooseSlot(dialog, inDays(1), "7:00 PM");
  await continueToPayment(dialog);
  await expect(dialog.getByText("Asha Rao")).toBeVisible();
  await expect(dialog.getByText("7:00 PM IST")).toBeVisible();

  await dialog.getByRole("button", { name: "Pay ₹2,000 & Confirm" }).click();
  await page.waitForURL(/\/payment\/simulator\//);
  await expect(page.getByText("Test checkout", { exact: false }).first()).toBeVisible();
  await page.getByRole("button", { name: "Pay ₹2,000" }).click();

  await page.waitForURL(/\/payment\/callback\?order_id=/);
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
  await expect(page.getByText("Your appointment is confirmed")).toBeVisible();
  await expect(page.getByText("₹2,000").first()).toBeVisible();
  await expect(page.getByText(/#[0-9a-f]{8}/).first()).toBeVisible();

  // The next visitor sees the slot taken.
  const next = await openBooking(page);
  await fillDetails(next, { name: "Next Parent" });
  await pickDate(next, inDays(1));
  const taken = next.getByRole("button", { name: /^7:00 PM IST/ });
  await expect(taken).toContainText("(Booked)");
  await expect(taken).toBeDisabled();
});

test("a declined payment ends at Payment Failed, and the slot is free again", async ({ page }) => {
  const dialog = await openBooking(page);
  await fillDetails(dialog, { name: "Declined Card" });
  await chooseSlot(dialog, inDays(1), "7:20 PM");
  await continueToPayment(dialog);
  await dialog.getByRole("button", { name: /^Pay ₹2,000 & Confirm/ }).click();
  await page.waitForURL(/\/payment\/simulator\//);
  await page.getByRole("button", { name: "Decline payment" }).click();

  await page.waitForURL(/\/payment\/callback\?order_id=/);
  await expect(page.getByRole("heading", { name: "Payment Failed" })).toBeVisible();
  await expect(
    page.getByText("Unfortunately, your payment was not successful. This can happen due to various reasons."),
  ).toBeVisible();
  // Try Booking Again resumes the booking at the time step, the details kept; the declined order is closed.
  await page.getByRole("button", { name: "Try Booking Again" }).click();
  const again = page.getByRole("dialog");
  await expect(again.getByRole("heading", { name: "Choose a Date and Time" })).toBeVisible();
  await pickDate(again, inDays(1));
  await expect(again.getByRole("button", { name: /^7:20 PM IST/ })).toBeEnabled();
});

test("a coupon is applied with the new fee and removed again", async ({ page }) => {
  const dialog = await openBooking(page);
  await fillDetails(dialog, { name: "Coupon User" });
  await chooseSlot(dialog, inDays(2), "7:40 PM");
  const coupon = dialog.getByLabel("Coupon Code (optional)");
  await coupon.fill("wrong1");
  await expect(coupon).toHaveValue("WRONG1");
  await dialog.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("The coupon code you entered is not valid", { exact: true })).toBeVisible();

  await coupon.fill("heart10");
  await dialog.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("Coupon Applied!").first()).toBeVisible();
  await expect(
    page.getByText("₹500 discount applied. Your consultation fee is now ₹1,500").first(),
  ).toBeVisible();
  await dialog.getByRole("button", { name: /^Remove/ }).click();
  await expect(dialog.getByLabel("Coupon Code (optional)")).toHaveValue("");

  // Continue pressed while the code is still being checked waits for the answer, so the discount is not lost.
  let answerCoupon: () => void = () => {};
  const couponHeld = new Promise<void>((resolve) => (answerCoupon = resolve));
  await page.route("**/api/coupons/validate", async (route) => {
    await couponHeld;
    await route.continue();
  });
  await dialog.getByLabel("Coupon Code (optional)").fill("HEART10");
  await dialog.getByRole("button", { name: "Apply" }).click();
  await expect(dialog.getByRole("button", { name: "Continue to Payment" })).toBeDisabled();
  answerCoupon();
  await continueToPayment(dialog);
  await expect(dialog.locator("del")).toContainText("2,000");
  await expect(dialog.getByRole("button", { name: "Pay ₹1,500 & Confirm" })).toBeVisible();
});

test("step 1 shows every validation message, and the age rule", async ({ page }) => {
  const dialog = await openBooking(page);
  await dialog.getByRole("button", { name: "Continue to Time Selection" }).click();
  for (const message of [
    "Patient name is required",
    "Email is required",
    "Phone number is required",
    "Please enter a valid age",
    "Please provide reason for consultation",
  ]) {
    await expect(dialog.getByText(message)).toBeVisible();
  }
  await dialog.getByLabel("Email", { exact: true }).fill("not an email");
  await dialog.getByLabel("Phone Number").fill("12345");
  await dialog.getByLabel("Age").fill("0");
  await dialog.getByRole("button", { name: "Continue to Time Selection" }).click();
  await expect(dialog.getByText("Please enter a valid email address")).toBeVisible();
  await expect(dialog.getByText("Please enter a valid phone number")).toBeVisible();
  await expect(dialog.getByText("Please enter a valid age")).toBeVisible();
  await expect(dialog.getByRole("heading", { name: "Patient Details" })).toBeVisible();
});

test("step 2 waits for a date and a slot, and changing the date clears the slot", async ({ page }) => {
  const dialog = await openBooking(page);
  await fillDetails(dialog, { name: "Slot Chooser" });
  const next = dialog.getByRole("button", { name: "Continue to Payment" });
  await expect(next).toBeDisabled();
  await chooseSlot(dialog, inDays(3), "8:00 PM");
  await expect(next).toBeEnabled();
  await pickDate(dialog, inDays(4));
  await expect(dialog.getByRole("button", { name: /^8:00 PM IST/ })).toHaveAttribute("aria-pressed", "false");
  await expect(next).toBeDisabled();
  await dialog.getByRole("button", { name: "Back" }).click();
  await expect(dialog.getByRole("heading", { name: "Patient Details" })).toBeVisible();
  await page.keyboard.press("Escape");
  const reopened = await openBooking(page);
  await expect(reopened.getByLabel("Full Name")).toHaveValue("");
});

test("the callback page without an order id keeps verifying", async ({ page }) => {
  await page.goto("/payment/callback");
  await expect(page.getByRole("heading", { name: "Verifying Payment..." })).toBeVisible();
});

test("a slot taken by someone else meanwhile: the toast's Choose Another Slot goes back to a refreshed grid", async ({
  page,
}) => {
  const dialog = await openBooking(page);
  await fillDetails(dialog, { name: "Second Parent" });
  const date = inDays(8);
  await chooseSlot(dialog, date, "7:40 PM");
  // Another parent books the same slot through the API before this one continues.
  const other = await page.request.post("/api/appointments", {
    data: {
      patientName: "First Parent",
      patientEmail: "first.parent@example.org",
      patientPhone: "+91 98765 43210",
      patientAge: 6,
      reasonForConsultation: "Murmur",
      ...apiBookingConsent,
      appointmentDate: date,
      appointmentTime: "19:40",
    },
  });
  expect(other.status()).toBe(201);
  await dialog.getByRole("button", { name: "Continue to Payment" }).click();

  const toasts = page.getByRole("region", { name: /Notifications/ });
  await expect(toasts.getByText("Booking Conflict", { exact: true })).toBeVisible();
  await toasts.getByRole("button", { name: "Choose Another Slot" }).click();
  await expect(toasts.getByText("Booking Conflict", { exact: true })).toBeHidden();
  await expect(dialog.getByRole("heading", { name: "Choose a Date and Time" })).toBeVisible();
  const taken = dialog.getByRole("button", { name: /^7:40 PM IST/ });
  await expect(taken).toContainText("(Booked)");
  await expect(taken).toBeDisabled();
  await expect(dialog.getByRole("button", { name: "Continue to Payment" })).toBeDisabled();
});

test("a child's booking names the parent and needs both consents; the privacy notice opens from the form", async ({
  page,
}) => {
  const dialog = await openBooking(page);
  await dialog.getByLabel("Full Name").fill("Ira Menon");
  await dialog.getByLabel("Phone Number").fill("+91 98765 43210");
  await dialog.getByLabel("Email", { exact: true }).fill("ira.parent@example.org");
  await dialog.getByLabel("Age").fill("4");
  await dialog.getByLabel("Reason for Consultation").fill("Breathless when feeding");
  await dialog.getByRole("button", { name: "Continue to Time Selection" }).click();
  for (const message of [
    "Please enter the name of the parent or guardian",
    "Please choose your relationship to the patient",
    "Please agree to the teleconsultation consent to continue",
    "Please confirm you have read the Privacy Notice",
  ])
    await expect(dialog.getByText(message)).toBeVisible();
  await expect(dialog.getByRole("heading", { name: "Patient Details" })).toBeVisible();
  await screenshots(page, "booking-consent-errors", dialog);

  const notice = dialog.getByRole("link", { name: "Privacy Notice" });
  await expect(notice).toHaveAttribute("href", "/privacy");
  await expect(notice).toHaveAttribute("target", "_blank");

  // An adult patient books for themselves: no parent is asked for.
  await dialog.getByLabel("Age").fill("30");
  await expect(dialog.getByLabel("Parent or Guardian's Name")).toHaveCount(0);
  await dialog.getByLabel("Age").fill("4");
  await fillGuardianAndConsent(dialog, "Devi Menon");
  await dialog.getByRole("button", { name: "Continue to Time Selection" }).click();
  await expect(dialog.getByRole("heading", { name: "Choose a Date and Time" })).toBeVisible();
});

test("the privacy notice lists each item of data with its purpose, recipients and time kept, and the grievance contact", async ({
  page,
}) => {
  await page.goto("/privacy");
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Notice" })).toBeVisible();
  for (const heading of ["What We Hold, and Why", "Children's Data", "Your Rights", "Grievances"])
    await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
  const items = page.getByRole("list", { name: "Each item of data" }).getByRole("listitem");
  await expect(items).toHaveCount(8);
  await expect(items.filter({ hasText: "Reports you upload before the consultation" })).toHaveCount(1);
  await expect(page.getByRole("region", { name: "Your Rights" })).toContainText("Download all data");
  for (const item of await items.all()) {
    await expect(item).toContainText("Why:");
    await expect(item).toContainText("Who receives it:");
    await expect(item).toContainText("How long:");
  }
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Privacy Notice" })).toHaveAttribute(
    "href",
    "/privacy",
  );
  await screenshots(page, "privacy-notice");
});

test("the booking dialog's code is fetched while the page is idle, so the tap opens it without a download", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.goto("/");
  // Fetched after the page loaded, before anyone asked to book.
  await expect.poll(() => scripts.some((path) => /booking-dialog/.test(path))).toBe(true);
  await page.waitForLoadState("networkidle");
  const before = scripts.length;
  await page.getByRole("button", { name: "Book Video Consultation" }).first().click();
  await expect(page.getByRole("dialog").getByRole("heading", { name: "Patient Details" })).toBeVisible();
  // Opening it fetched no code of its own.
  expect(scripts.slice(before).filter((path) => /booking/.test(path))).toEqual([]);
});
