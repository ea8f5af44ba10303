import { expect, type Page, test } from "@playwright/test";
import { addDaysToDate, clinicDate } from "../src/shared/clinic-time";

const password = "e2e admin password";
const inDays = (days: number) => addDaysToDate(clinicDate(new Date(), "Asia/Kolkata"), days);

async function logIn(page: Page): Promise<void> {
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("button", { name: "Admin Login" }).click();
  const dialog = page.getByRole("dialog", { name: "Admin Login" });
  await dialog.getByLabel("Password").fill(password);
  await dialog.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  await expect(page.getByText("Login Successful", { exact: true })).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Admin Login" })).toHaveCount(0);
}

test("a wrong password says Login Failed; the right one opens the dashboard", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("button", { name: "Admin Login" }).click();
  const dialog = page.getByRole("dialog", { name: "Admin Login" });
  await dialog.getByLabel("Password").fill("not the password");
  await dialog.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText("Login Failed", { exact: true })).toBeVisible();
  await expect(
    page.getByText("The password you entered is incorrect. Please try again.", { exact: true }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await dialog.getByLabel("Password").fill(password);
  await dialog.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText("Login Successful", { exact: true })).toBeVisible();
  for (const card of ["Today's Appointments", "Published Articles", "Total Patients", "Total Revenue"]) {
    await expect(page.getByText(card, { exact: true })).toBeVisible();
  }
});

test("the dashboard shows a booking paid through the booking dialog", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Book Video Consultation" }).first().click();
  const booking = page.getByRole("dialog");
  await booking.getByLabel("Full Name").fill("Meera Dashboard");
  await booking.getByLabel("Phone Number").fill("+91 98765 43210");
  await booking.getByLabel("Email", { exact: true }).fill("meera.parent@example.org");
  await booking.getByLabel("Age").fill("11");
  await booking.getByLabel("Reason for Consultation").fill("Chest pain on exercise");
  await booking.getByRole("button", { name: "Continue to Time Selection" }).click();
  await booking.getByLabel("Appointment Date").fill(inDays(5));
  await booking.getByRole("button", { name: /^8:20 PM IST/ }).click();
  await booking.getByRole("button", { name: "Continue to Payment" }).click();
  await booking.getByRole("button", { name: /^Pay ₹2,000 & Confirm/ }).click();
  await page.getByRole("button", { name: "Pay ₹2,000" }).click();
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();

  await logIn(page);
  const row = page.getByTestId("appointment-row").filter({ hasText: "Meera Dashboard" });
  await expect(row).toBeVisible();
  await expect(row).toContainText("8:20 PM");
  await expect(row).toContainText("Confirmed");
  await expect(row).toContainText("Paid");
  await expect(page.getByText(/^₹\d+K$/)).toBeVisible();
});

test("an article is created, edited and deleted, and the home page follows", async ({ page }) => {
  await logIn(page);
  await page.getByRole("button", { name: "Add New Article" }).click();
  const form = page.getByRole("dialog", { name: "Add New Article" });
  await form.getByRole("button", { name: "Save Article" }).click();
  await expect(form.getByText("Title is required")).toBeVisible();
  await form.getByLabel("Title").fill("Kawasaki Disease: What Parents Should Know");
  await form
    .getByLabel("Excerpt")
    .fill("Fever for five days, red eyes and a rash: when to think of Kawasaki disease.");
  await form.getByLabel("Content").fill("## Signs\n\n- **Fever** for five days\n- Red eyes");
  await form.getByRole("tab", { name: "Preview" }).click();
  await expect(form.locator(".article-body strong")).toHaveText("Fever");
  await form.getByRole("button", { name: "Save Article" }).click();
  await expect(page.getByText("Article Created", { exact: true })).toBeVisible();

  await page.goto("/");
  const articles = page.locator("section#articles");
  await expect(articles.getByText("Kawasaki Disease: What Parents Should Know")).toBeVisible();

  await page.goto("/admin");
  await page.getByRole("button", { name: "Edit Kawasaki Disease: What Parents Should Know" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Article" });
  await expect(edit.getByLabel("Title")).toHaveValue("Kawasaki Disease: What Parents Should Know");
  await edit.getByLabel("Title").fill("Kawasaki Disease Explained");
  await edit.getByRole("button", { name: "Save Article" }).click();
  await expect(page.getByText("Article Updated", { exact: true })).toBeVisible();
  await page.goto("/");
  await expect(articles.getByText("Kawasaki Disease Explained")).toBeVisible();

  await page.goto("/admin");
  await page.getByRole("button", { name: "Delete Kawasaki Disease Explained" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Are you sure?" });
  await expect(
    confirm.getByText(
      "This action cannot be undone. This will permanently delete the article from the system.",
    ),
  ).toBeVisible();
  await confirm.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByText("Article Deleted", { exact: true })).toBeVisible();
  await page.goto("/");
  await expect(page.locator("section#articles article").first()).toBeVisible();
  await expect(articles.getByText("Kawasaki Disease Explained")).toHaveCount(0);
});

test("logout ends the session; /admin then asks for the password instead of showing data", async ({
  page,
}) => {
  await logIn(page);
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Administrator sign-in required" })).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Admin Login" })).toBeVisible();
  await expect(page.getByText("Today's Appointments", { exact: true })).toHaveCount(0);
});

test("the Test Notifications form asks for an id, then reports each channel", async ({ page }) => {
  await logIn(page);
  await page.getByRole("button", { name: "Send Test" }).click();
  await expect(page.getByText("Validation Error", { exact: true })).toBeVisible();
  await expect(page.getByText("Please enter an appointment ID", { exact: true })).toBeVisible();
  await page.getByLabel("Appointment ID").fill("6f1c7a52-0000-4000-8000-000000000000");
  await page.getByRole("button", { name: "Send Test" }).click();
  await expect(page.getByText("Test Failed", { exact: true })).toBeVisible();
});

test("the payment gateway page names the missing Cashfree settings", async ({ page }) => {
  await logIn(page);
  await page.getByRole("link", { name: "Payment gateway" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Payment Gateway Diagnostics" })).toBeVisible();
  await expect(page.getByText(/CASHFREE_APP_ID and CASHFREE_SECRET_KEY/).first()).toBeVisible();
  await page.getByRole("button", { name: "Test Connection" }).click();
  await expect(page.getByText("Test Order Failed", { exact: true })).toBeVisible();
});
