import { expect, test } from "@playwright/test";
import { openAdminLoginDialog, logInAsAdmin } from "./support/admin";
import {
  bookAndPay,
  bookToCheckout,
  chooseSlot,
  continueToPayment,
  fillDetails,
  inDays,
  openBooking,
} from "./support/booking";
import { waitUntilHydrated } from "./support/hydration";
import { screenshots } from "./support/screenshots";

/**
 * The smaller things a parent or the doctor reads on the way: answers that stay beside the field they concern, the
 * contact details to check before paying, what happens to money taken by a failed payment, a page that changes all
 * at once after a cancellation, today in the calendar, and pictures that fail gracefully.
 *
 * Each test books a day of its own (offset by the repeat index), so the file can run again and again on one site.
 */
const day = (offset: number) => inDays(offset + 3 * test.info().repeatEachIndex);

test("the coupon's answer stays under its field, and the review shows the phone and e-mail to check", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 780 });
  const dialog = await openBooking(page);
  await fillDetails(dialog, {
    name: "Coupon Field",
    phone: "98450 12345",
    email: "coupon.field@example.org",
  });
  await chooseSlot(dialog, day(20), "7:00 PM");

  const coupon = dialog.getByLabel("Coupon Code (optional)");
  await coupon.fill("wrong1");
  await dialog.getByRole("button", { name: "Apply" }).click();
  // The toast says it as the spec does, and the field keeps saying it after the toast has gone.
  await expect(page.getByRole("status").filter({ hasText: "Invalid Coupon" })).toBeVisible();
  await expect(coupon).toHaveAccessibleDescription("The coupon code you entered is not valid");
  await expect(coupon).toHaveAttribute("aria-invalid", "true");
  await expect(coupon).toBeFocused();
  await expect(dialog.getByText("The coupon code you entered is not valid", { exact: true })).toBeVisible();
  await screenshots(page, "coupon-invalid", dialog);
  // Changing the code clears the old answer.
  await coupon.fill("HEART1");
  await expect(dialog.getByText("The coupon code you entered is not valid", { exact: true })).toHaveCount(0);
  await expect(coupon).not.toHaveAttribute("aria-invalid", "true");

  await coupon.fill("heart10");
  await dialog.getByRole("button", { name: "Apply" }).click();
  const remove = dialog.getByRole("button", { name: "Remove coupon HEART10" });
  await expect(remove).toBeFocused();
  await expect(remove).toHaveAccessibleDescription(
    "₹500 discount applied. Your consultation fee is now ₹1,500",
  );
  await expect(
    dialog.getByText("₹500 discount applied. Your consultation fee is now ₹1,500", { exact: true }),
  ).toBeVisible();
  await screenshots(page, "coupon-applied", dialog);

  await continueToPayment(dialog);
  const summary = dialog.locator("dl");
  await expect(summary).toContainText("Phone+91 98450 12345");
  await expect(summary).toContainText("Emailcoupon.field@example.org");
  await expect(
    dialog.getByText(
      "You will be redirected to our secure payment provider (cards, UPI and netbanking) to complete the payment.",
      { exact: false },
    ),
  ).toBeVisible();
  await expect(dialog.getByText(/card-payment provider/)).toHaveCount(0);
  await screenshots(page, "review-and-pay", dialog);
});

test("a typo found on Review and Pay is corrected there, and the booking holds the corrected details", async ({
  page,
}) => {
  const dialog = await openBooking(page);
  // Each phone number may use a coupon once (this test adds one): a number no other test books with.
  await fillDetails(dialog, {
    name: "Typo Parent",
    email: "typo.parent@exmaple.org",
    phone: "+91 98765 40002",
  });
  await chooseSlot(dialog, day(22), "8:00 PM");
  await continueToPayment(dialog);
  const summary = dialog.locator("dl");
  await expect(summary).toContainText("Emailtypo.parent@exmaple.org");

  await dialog.getByRole("button", { name: "Change details" }).click();
  await expect(dialog.getByRole("heading", { name: "Patient Details" })).toBeVisible();
  await dialog.getByLabel("Email", { exact: true }).fill("typo.parent@example.org");
  await dialog.getByRole("button", { name: "Continue to Time Selection" }).click();
  await expect(dialog.getByRole("button", { name: /^8:00 PM IST/ })).toHaveAttribute("aria-pressed", "true");
  await continueToPayment(dialog);
  await expect(summary).toContainText("Emailtypo.parent@example.org");

  // A coupon added on the way back replaces the hold too, instead of colliding with it.
  await dialog.getByRole("button", { name: "Back" }).click();
  await dialog.getByLabel("Coupon Code (optional)").fill("HEART10");
  await dialog.getByRole("button", { name: "Apply" }).click();
  await expect(dialog.getByRole("button", { name: "Remove coupon HEART10" })).toBeVisible();
  await continueToPayment(dialog);
  await expect(dialog.getByRole("button", { name: "Pay ₹1,500 & Confirm" })).toBeVisible();
  await expect(summary).toContainText("Emailtypo.parent@example.org");

  await dialog.getByRole("button", { name: "Pay ₹1,500 & Confirm" }).click();
  await page.waitForURL(/\/payment\/simulator\//);
  await page.getByRole("button", { name: /^Pay ₹1,500$/ }).click();
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
});

test("a wrong admin password is said under the field, which takes the cursor back", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  const dialog = await openAdminLoginDialog(page);
  const password = dialog.getByLabel("Password");
  await password.fill("not the password");
  await dialog.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Login Failed" })).toBeVisible();
  await expect(password).toHaveAccessibleDescription(
    "The password you entered is incorrect. Please try again.",
  );
  await expect(password).toHaveAttribute("aria-invalid", "true");
  await expect(password).toBeFocused();
  await screenshots(page, "admin-login-failed", dialog);

  await password.fill("another try");
  await expect(dialog.getByText("The password you entered is incorrect. Please try again.")).toHaveCount(0);
  await expect(password).not.toHaveAttribute("aria-invalid", "true");
});

test("Payment Failed says what happens to money that did leave the account", async ({ page }) => {
  await bookToCheckout(
    page,
    { date: day(20), label: "7:20 PM" },
    { name: "Declined Debit", email: "declined.debit@example.org" },
  );
  await page.getByRole("button", { name: "Decline payment" }).click();
  await page.waitForURL(/\/payment\/callback\?order_id=/);
  await expect(page.getByRole("heading", { name: "Payment Failed" })).toBeVisible();
  const money = page.getByRole("region", { name: "If money has left your account" });
  await expect(money).toContainText("A payment that did not go through is usually not charged.");
  await expect(money).toContainText(
    "If the payment reaches us after all, we confirm your booking if the time is still free, or refund the full amount if it is not.",
  );
  await expect(money).toContainText(
    "your bank or the payment provider returns the money to you automatically, usually within 5–7 business days.",
  );
  const orderId = new URL(page.url()).searchParams.get("order_id") ?? "";
  await expect(money.getByRole("link")).toHaveAttribute(
    "href",
    new RegExp(`^mailto:.+\\?subject=Payment%3A%20order%20${orderId}$`),
  );
  await screenshots(page, "payment-failed");
});

test("after cancelling, every part of the manage page says so at once; the new-date calendar marks today", async ({
  page,
}) => {
  await bookAndPay(
    page,
    { date: day(21), label: "7:40 PM" },
    { name: "Cancels Early", email: "cancels.early@example.org" },
  );
  await page.getByRole("link", { name: "Manage your booking" }).click();
  await expect(page.getByRole("heading", { name: "Your booking" })).toBeVisible();
  await expect(page.getByText(/has not taken place yet\. Cancel it first/)).toBeVisible();

  // The new-date calendar: today is marked for the eye and for screen readers, whether or not it has free times.
  const reschedule = page.getByRole("button", { name: /^Reschedule/ });
  await waitUntilHydrated(reschedule);
  await reschedule.click();
  const move = page.getByRole("dialog", { name: "Choose a new time" });
  const calendar = move.getByRole("group", { name: "New date" });
  await expect(calendar.getByRole("grid")).not.toHaveAttribute("aria-busy", "true");
  const today = calendar.locator('[aria-current="date"]');
  await expect(today).toHaveCount(1);
  await expect(today).toHaveAttribute("data-date", inDays(0));
  await expect(today).toHaveAccessibleName(/^\w+day, \d{1,2} \w+ \d{4}, today, /);
  // Outlined inside the day (a ring drawn as a box shadow), apart from the focus outline drawn outside.
  await expect(today).not.toHaveCSS("box-shadow", "none");
  await screenshots(page, "reschedule-today", move);
  await move.getByRole("button", { name: "Keep the current time" }).click();

  // The data section is read again slowly: it must still change together with the rest of the page.
  await page.route("**/api/manage/*/data-rights", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.getByRole("button", { name: "Cancel the booking" }).click();
  const cancel = page.getByRole("dialog", { name: "Cancel this booking?" });
  await cancel.getByRole("button", { name: "Cancel the booking" }).click();
  await expect(page.getByText("Your booking is cancelled", { exact: false })).toBeVisible();
  // At the moment the page says the booking is cancelled, nothing on it still says to cancel first.
  expect(await page.getByText(/has not taken place yet/).count()).toBe(0);
  expect(await page.getByRole("button", { name: "Ask for erasure" }).count()).toBe(1);
  await expect(page.getByText("Cancelled", { exact: true })).toBeVisible();
  await screenshots(page, "manage-cancelled-at-once");
});

test("an article picture that fails shows a calm placeholder in its card and nothing above its text", async ({
  page,
}) => {
  // The sample article's picture cannot be loaded, from the first server-rendered paint on.
  await page.route("**/images/articles/heart-murmur.svg", (route) => route.fulfill({ status: 404 }));
  await page.goto("/");
  const card = page
    .locator("section#articles article")
    .filter({ hasText: "Heart Murmurs in Children: When Should Parents Worry?" });
  await waitUntilHydrated(card.getByRole("button", { name: /Read More/ }));
  // Card pictures load as they come into view.
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByRole("img")).toHaveCount(0);
  await expect(card.getByTestId("article-no-picture")).toBeVisible();
  await screenshots(page, "article-card-picture-failed", card);

  await page.goto("/articles/heart-murmurs-in-children");
  const article = page.getByRole("main");
  await expect(article.getByRole("heading", { level: 1 })).toBeVisible();
  await waitUntilHydrated(page.getByRole("banner").getByRole("button").first());
  await expect(article.locator('img[src="/images/articles/heart-murmur.svg"]')).toHaveCount(0);
  await screenshots(page, "article-page-picture-failed");
});

test("the article editor previews the picture of its address, and says when it cannot be loaded", async ({
  page,
}) => {
  await logInAsAdmin(page);
  await page.getByRole("button", { name: "Add New Article" }).click();
  const form = page.getByRole("dialog", { name: "Add New Article" });
  const image = form.getByLabel("Image URL (optional)");
  await image.fill("/images/articles/heart-rhythm.svg");
  const preview = form.getByRole("img", { name: "Preview of the article's picture" });
  await expect(preview).toBeVisible();
  await expect
    .poll(() => preview.evaluate((element: HTMLImageElement) => element.naturalWidth))
    .toBeGreaterThan(0);
  await expect(image).toHaveAccessibleDescription(/Preview: the picture as it will appear above the article/);
  // The field, its hint and the preview.
  const imageField = image.locator("xpath=../..");
  await screenshots(page, "article-editor-preview", imageField);

  await image.fill("/images/articles/no-such-picture.jpg");
  await expect(form.getByText(/^The picture could not be loaded from this address\./)).toBeVisible();
  await expect(preview).toHaveCount(0);
  await expect(image).toHaveAccessibleDescription(/The picture could not be loaded from this address\./);
  await screenshots(page, "article-editor-preview-failed", imageField);

  await image.fill("");
  await expect(form.getByText(/^The picture could not be loaded/)).toHaveCount(0);
  await form.getByRole("button", { name: "Cancel" }).click();
});
