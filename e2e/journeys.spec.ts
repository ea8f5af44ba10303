import { expect, test } from "@playwright/test";
import { logInThroughApi } from "./support/admin";
import {
  chooseSlot,
  continueToPayment,
  fillGuardianAndConsent,
  inDays,
  openBooking,
} from "./support/booking";

test("a baby under one year is booked by months, and the doctor sees the age in months", async ({ page }) => {
  const dialog = await openBooking(page);
  await dialog.getByLabel("Full Name").fill("Baby Kiran");
  await dialog.getByLabel("Phone Number").fill("+91 98765 43210");
  await dialog.getByLabel("Email", { exact: true }).fill("kiran.parent@example.org");
  await dialog.getByLabel("Reason for Consultation").fill("Murmur heard at the six-week check");
  // An age of 0 years is no age; the form says to give it in months.
  await dialog.getByLabel("Age", { exact: true }).fill("0");
  await dialog.getByRole("button", { name: "Continue to Time Selection" }).click();
  await expect(
    dialog.getByText("For a baby under one year, choose months and enter the age in months"),
  ).toBeVisible();
  await dialog.getByLabel("Years or months").selectOption("months");
  await dialog.getByLabel("Age", { exact: true }).fill("12");
  await dialog.getByRole("button", { name: "Continue to Time Selection" }).click();
  await expect(dialog.getByText("Please enter the age in months (0 to 11)")).toBeVisible();
  await dialog.getByLabel("Age", { exact: true }).fill("5");
  await fillGuardianAndConsent(dialog, "Kavya Kiran");
  await dialog.getByRole("button", { name: "Continue to Time Selection" }).click();
  await expect(dialog.getByRole("heading", { name: "Choose a Date and Time" })).toBeVisible();
  await chooseSlot(dialog, inDays(8), "8:40 PM");
  await continueToPayment(dialog);
  await dialog.getByRole("button", { name: /^Pay ₹[\d,]+ & Confirm/ }).click();
  await page.waitForURL(/\/payment\/simulator\//);
  await page.getByRole("button", { name: /^Pay ₹[\d,]+$/ }).click();
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();

  await logInThroughApi(page.request, new URL(page.url()).origin);
  const list = await page.request.get("/api/appointments?view=upcoming&limit=100");
  const { appointments } = (await list.json()) as {
    appointments: { patientName: string; patientAge: number; patientAgeMonths: number | null }[];
  };
  expect(appointments.find((appointment) => appointment.patientName === "Baby Kiran")).toMatchObject({
    patientAge: 0,
    patientAgeMonths: 5,
  });
});
