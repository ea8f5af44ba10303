import { expect, type Locator, type Page, test } from "@playwright/test";
import {
  anotherParentHolds,
  chooseSlot,
  continueToPayment,
  fillDetails,
  fillGuardianAndConsent,
  inDays,
  openBooking,
  pickDate,
} from "./support/booking";
import { expectNoSevereViolations } from "./support/axe";
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
  // Each phone number may use a coupon once: a number no other test books with.
  await fillDetails(dialog, { name: "Coupon User", phone: "+91 98765 40001" });
  await chooseSlot(dialog, inDays(2), "7:40 PM");
  const coupon = dialog.getByLabel("Coupon Code (optional)");
  await coupon.fill("wrong1");
  await expect(coupon).toHaveValue("WRONG1");
  await dialog.getByRole("button", { name: "Apply" }).click();
  // In the toast, and under the field.
  await expect(page.getByText("Invalid Coupon", { exact: true })).toBeVisible();
  await expect(dialog.getByText("The coupon code you entered is not valid", { exact: true })).toBeVisible();

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
  await dialog.getByRole("button", { name: "Continue to Time Selection" }).click();
  await expect(dialog.getByText("Please enter a valid email address")).toBeVisible();
  await expect(dialog.getByText("Please enter a valid phone number")).toBeVisible();
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
  await discardQuestion(page).getByRole("button", { name: "Discard" }).click();
  const reopened = await openBooking(page);
  await expect(reopened.getByLabel("Patient's Full Name")).toHaveValue("");
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
  await anotherParentHolds(page.request, { date, time: "19:40", email: "first.parent@example.org" });
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
  await dialog.getByLabel("Patient's Full Name").fill("Ira Menon");
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

/**
 * A dialog answers keys and taps once it knows it is the top layer, a moment after it appears: Radix then lets
 * pointer events reach it. Keys pressed sooner than a person could are otherwise lost.
 */
async function settled(target: Locator): Promise<Locator> {
  await expect(target).toBeVisible();
  await expect(target).toHaveCSS("pointer-events", "auto");
  return target;
}

function discardQuestion(page: Page): Locator {
  return page.getByRole("alertdialog", { name: "Discard this booking?" });
}

for (const width of [360, 1280]) {
  test.describe(`the booking dialog at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 640 ? 740 : 800 } });

    test("fills a phone's screen as a sheet whose close button stays in reach, and stays a centred dialog when wide", async ({
      page,
    }) => {
      const dialog = await openBooking(page);
      const box = await dialog.boundingBox();
      const close = dialog.getByRole("button", { name: "Close dialog" });
      if (width < 640) {
        expect(box).toEqual({ x: 0, y: 0, width, height: 740 });
        // The form scrolls under the title; the close button stays where it was.
        await dialog.getByRole("button", { name: "Continue to Time Selection" }).scrollIntoViewIfNeeded();
        await expect(dialog.getByRole("heading", { name: "Patient Details" })).not.toBeInViewport();
        await expect(close).toBeInViewport({ ratio: 1 });
        const target = await close.boundingBox();
        expect(target?.width).toBeGreaterThanOrEqual(40);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
      } else {
        expect(box?.width).toBe(672);
        expect(box?.x).toBe((width - 672) / 2);
        expect(box?.y).toBeGreaterThan(0);
        await expect(close).toBeInViewport({ ratio: 1 });
      }
      await page.screenshot({ path: test.info().outputPath(`booking-sheet-${width}.png`) });
      await expectNoSevereViolations(page, '[role="dialog"]');
    });

    test("closes at once when nothing is typed, and asks before discarding what is", async ({ page }) => {
      const dialog = await openBooking(page);
      await settled(dialog);
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(page.getByRole("alertdialog")).toHaveCount(0);
      await expect(page).not.toHaveURL(/book=/);

      await settled(await openBooking(page));
      const name = dialog.getByLabel("Patient's Full Name", { exact: true });
      await name.fill("Ira Menon");
      await page.keyboard.press("Escape");
      const ask = discardQuestion(page);
      await settled(ask);
      await expect(ask).toContainText("What you have entered so far will be cleared");
      // The safe answer has the focus: Enter keeps the booking.
      await expect(ask.getByRole("button", { name: "Keep editing" })).toBeFocused();
      await page.screenshot({ path: test.info().outputPath(`booking-discard-${width}.png`) });
      await expectNoSevereViolations(page, '[role="alertdialog"]');
      await page.keyboard.press("Enter");
      await expect(ask).toHaveCount(0);
      await expect(name).toHaveValue("Ira Menon");
      await expect(name).toBeFocused();

      // Escape in the question is Keep editing too.
      await settled(dialog);
      await page.keyboard.press("Escape");
      await settled(ask);
      await page.keyboard.press("Escape");
      await expect(ask).toHaveCount(0);
      await expect(dialog.getByRole("heading", { name: "Patient Details" })).toBeVisible();
      if (width >= 640) {
        // A tap beside the dialog asks as Escape does; a tap beside the question is no answer.
        await settled(dialog);
        // Just after the question closed, Radix may still be handing the top layer back to the dialog and let the
        // first tap pass unseen; a tap beside the question is no answer, so tapping again until it shows is safe.
        await expect(async () => {
          await page.mouse.click(10, 10);
          await expect(ask).toBeVisible({ timeout: 1000 });
        }).toPass({ timeout: 10_000 });
        await settled(ask);
        await page.mouse.click(10, 10);
        await expect(ask).toBeVisible();
        await ask.getByRole("button", { name: "Keep editing" }).click();
        await expect(ask).toHaveCount(0);
      }

      // A choice counts as much as typing: only months chosen.
      await name.fill("");
      await dialog.getByLabel("Years or months").selectOption("months");
      await dialog.getByRole("button", { name: "Close dialog" }).click();
      await ask.getByRole("button", { name: "Discard" }).click();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(page).not.toHaveURL(/book=/);
      await expect(page.getByRole("button", { name: "Book Video Consultation" }).first()).toBeFocused();

      // Discarded: the next booking starts at step 1 with empty data.
      const fresh = await openBooking(page);
      await expect(fresh.getByLabel("Patient's Full Name", { exact: true })).toHaveValue("");
      await expect(fresh.getByLabel("Years or months")).toHaveValue("years");
    });

    test("names the field Patient's Full Name, refuses a name without letters and says to choose months for 0 years", async ({
      page,
    }) => {
      const dialog = await openBooking(page);
      const name = dialog.getByLabel("Patient's Full Name", { exact: true });
      await expect(name).toHaveAttribute("autocomplete", "off");
      await name.fill("12345");
      await dialog.getByLabel("Age", { exact: true }).fill("0");
      await dialog.getByRole("button", { name: "Continue to Time Selection" }).click();
      const letters = dialog.getByText("Please enter a name with letters, not only numbers or symbols");
      const months = dialog.getByText("For a baby under one year, choose months and enter the age in months");
      await expect(letters).toBeVisible();
      await expect(months).toBeVisible();
      await expect(name).toHaveAttribute("aria-invalid", "true");
      await expect(name).toHaveAccessibleDescription(
        "Please enter a name with letters, not only numbers or symbols",
      );
      await expect(name).toBeFocused();
      await page.screenshot({ path: test.info().outputPath(`booking-name-age-errors-${width}.png`) });

      await name.fill("ಸುಮಾ ರಾವ್");
      await dialog.getByLabel("Years or months").selectOption("months");
      await dialog.getByLabel("Age", { exact: true }).fill("4");
      await expect(letters).toHaveCount(0);
      await expect(months).toHaveCount(0);
    });
  });
}

test("a booking resumed at its payment step asks before it is discarded, and Keep editing keeps the held time", async ({
  page,
}) => {
  const dialog = await openBooking(page);
  await fillDetails(dialog, { name: "Resumed Payment" });
  // A day no other test books, and another on each repeat of this one: the discarded hold keeps its time.
  await chooseSlot(dialog, inDays(12 + test.info().repeatEachIndex), "7:00 PM");
  await continueToPayment(dialog);
  await page.reload();
  const resumed = page.getByRole("dialog");
  await expect(resumed.getByRole("heading", { name: "Review and Pay" })).toBeVisible();

  await settled(resumed);
  await page.keyboard.press("Escape");
  const ask = discardQuestion(page);
  await ask.getByRole("button", { name: "Keep editing" }).click();
  await expect(resumed.getByRole("heading", { name: "Review and Pay" })).toBeVisible();
  await expect(resumed.getByText("Resumed Payment")).toBeVisible();
  await expect(page).toHaveURL(/book=payment/);

  // A reload still resumes it: keeping it did not forget it.
  await page.reload();
  await expect(resumed.getByRole("heading", { name: "Review and Pay" })).toBeVisible();
  await resumed.getByRole("button", { name: "Close dialog" }).click();
  await ask.getByRole("button", { name: "Discard" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page).not.toHaveURL(/book=/);
  const fresh = await openBooking(page);
  await expect(fresh.getByLabel("Patient's Full Name", { exact: true })).toHaveValue("");
});
