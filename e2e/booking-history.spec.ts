import { expect, test } from "@playwright/test";
import { chooseSlot, continueToPayment, fillDetails, inDays, openBooking } from "./support/booking";
import { screenshots } from "./support/screenshots";

/**
 * The browser's Back and Forward, and a reload, inside the booking: the dialog's step is in the address and the
 * booking in this tab's storage, so nobody loses what they typed or the time they chose.
 */

test("Back and Forward move between the dialog's steps, and Back past the first step closes it", async ({
  page,
}) => {
  const dialog = await openBooking(page);
  await expect(page).toHaveURL(/[?&]book=details$/);
  await fillDetails(dialog, { name: "History Parent" });
  await expect(page).toHaveURL(/[?&]book=slot$/);

  await page.goBack();
  await expect(dialog.getByRole("heading", { name: "Patient Details" })).toBeVisible();
  await expect(dialog.getByLabel("Full Name")).toHaveValue("History Parent");
  await page.goForward();
  await expect(dialog.getByRole("heading", { name: "Choose a Date and Time" })).toBeVisible();

  await page.goBack();
  await page.goBack();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("a reload keeps the step and the typed details; closing the dialog forgets them", async ({ page }) => {
  const dialog = await openBooking(page);
  await fillDetails(dialog, { name: "Reload Parent", email: "reload.parent@example.org" });
  await page.reload();
  const resumed = page.getByRole("dialog");
  await expect(resumed.getByRole("heading", { name: "Choose a Date and Time" })).toBeVisible();
  await page.goBack();
  await expect(resumed.getByLabel("Full Name")).toHaveValue("Reload Parent");
  await expect(resumed.getByLabel("Email", { exact: true })).toHaveValue("reload.parent@example.org");

  await resumed.getByRole("button", { name: "Close dialog" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Discard" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page).not.toHaveURL(/book=/);
  const fresh = await openBooking(page);
  await expect(fresh.getByLabel("Full Name")).toHaveValue("");
});

test("Back from the checkout page returns to the payment step of the same held appointment", async ({
  page,
}) => {
  const dialog = await openBooking(page);
  await fillDetails(dialog, { name: "Checkout Back" });
  await chooseSlot(dialog, inDays(6), "8:20 PM");
  await continueToPayment(dialog);
  await dialog.getByRole("button", { name: /^Pay ₹[\d,]+ & Confirm/ }).click();
  await page.waitForURL(/\/payment\/simulator\//);
  const checkout = page.url();

  await page.goBack();
  const back = page.getByRole("dialog");
  await expect(back.getByRole("heading", { name: "Review and Pay" })).toBeVisible();
  await screenshots(page, "booking-back-from-checkout", back);

  // Its time is still the parent's own, not "(Booked)", one step back.
  await page.goBack();
  await expect(back.getByRole("heading", { name: "Choose a Date and Time" })).toBeVisible();
  await expect(back.getByRole("button", { name: /^8:20 PM IST/ })).not.toContainText("Booked");

  // And the same order, for the same held appointment, is paid.
  await page.goForward();
  await back.getByRole("button", { name: /^Pay ₹[\d,]+ & Confirm/ }).click();
  await page.waitForURL(/\/payment\/simulator\//);
  expect(page.url()).toBe(checkout);
  await page.getByRole("button", { name: /^Pay ₹[\d,]+$/ }).click();
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
});
