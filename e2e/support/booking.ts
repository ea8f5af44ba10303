import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import { waitUntilHydrated } from "./hydration";
import { addDaysToDate, clinicDate } from "../../src/shared/clinic-time";
import { CONSENT_VERSIONS } from "../../src/shared/consent";
import { isLanguage } from "../../src/shared/i18n/languages";

/** A date in the clinic's zone this many days from today: tomorrow is always bookable, whatever the hour. */
export function inDays(days: number): string {
  return addDaysToDate(clinicDate(new Date(), "Asia/Kolkata"), days);
}

/** What a booking made through the API sends besides the patient and the slot: the parent, and both consents. */
export const apiBookingConsent = {
  guardianName: "Lakshmi Iyer",
  guardianRelationship: "Mother",
  teleconsultationConsent: true,
  privacyAcknowledged: true,
  consentVersion: CONSENT_VERSIONS.en,
};

interface PatientDetails {
  name: string;
  phone: string;
  email: string;
  age: string;
  reason: string;
  guardian: string;
}

const defaultPatient: PatientDetails = {
  name: "Asha Rao",
  phone: "+91 98765 43210",
  email: "asha.parent@example.org",
  age: "7",
  reason: "Heart murmur heard at a school check-up",
  guardian: "Lakshmi Rao",
};

/** Opens the booking dialog from the home page and answers it, on its first step. */
export async function openBooking(page: Page): Promise<Locator> {
  await page.goto("/");
  const book = page.getByRole("button", { name: "Book Video Consultation" }).first();
  await waitUntilHydrated(book);
  await book.click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Patient Details" })).toBeVisible();
  return dialog;
}

/** Step 1's parent or guardian (for a child; null for an adult patient) and both consent boxes. */
export async function fillGuardianAndConsent(dialog: Locator, guardian: string | null): Promise<void> {
  if (guardian !== null) {
    await dialog.getByLabel("Parent or Guardian's Name").fill(guardian);
    await dialog.getByLabel("Relationship to the Patient").selectOption("Mother");
  }
  await dialog.getByRole("checkbox", { name: /^I agree to an online video consultation/ }).check();
  await dialog.getByRole("checkbox", { name: /^I have read the Privacy Notice/ }).check();
}

/** Step 1: fills the patient's details and continues to the time step. */
export async function fillDetails(dialog: Locator, patient: Partial<PatientDetails> = {}): Promise<void> {
  const details = { ...defaultPatient, ...patient };
  await dialog.getByLabel("Patient's Full Name", { exact: true }).fill(details.name);
  await dialog.getByLabel("Phone Number").fill(details.phone);
  await dialog.getByLabel("Email", { exact: true }).fill(details.email);
  await dialog.getByLabel("Age").fill(details.age);
  await dialog.getByLabel("Reason for Consultation").fill(details.reason);
  // A child's parent books; both consents are ticked.
  await fillGuardianAndConsent(dialog, Number(details.age) < 18 ? details.guardian : null);
  await dialog.getByRole("button", { name: "Continue to Time Selection" }).click();
  await expect(dialog.getByRole("heading", { name: "Choose a Date and Time" })).toBeVisible();
}

/** The calendar's words on a page in another language: its label and the month buttons. */
export interface CalendarWords {
  label: string;
  next: string;
  previous: string;
}

const ENGLISH_CALENDAR: CalendarWords = {
  label: "Appointment Date",
  next: "Next month",
  previous: "Previous month",
};

/** The calendar's button for a date (YYYY-MM-DD), after turning to its month; it waits for the month's facts. */
export async function calendarDay(
  dialog: Locator,
  date: string,
  label: string | CalendarWords = ENGLISH_CALENDAR.label,
): Promise<Locator> {
  const words = typeof label === "string" ? { ...ENGLISH_CALENDAR, label } : label;
  const calendar = dialog.getByRole("group", { name: words.label });
  await expect(calendar.getByRole("grid")).toBeVisible();
  await expect(calendar.getByRole("grid")).not.toHaveAttribute("aria-busy", "true");
  for (let turns = 0; turns < 13; turns++) {
    const shown = (await calendar.locator("[data-date]").first().getAttribute("data-date")) ?? "";
    if (shown.slice(0, 7) === date.slice(0, 7)) break;
    await calendar.getByRole("button", { name: shown < date ? words.next : words.previous }).click();
    await expect(calendar.locator(`[data-date^="${shown.slice(0, 7)}"]`)).toHaveCount(0);
  }
  await expect(calendar.getByRole("grid")).not.toHaveAttribute("aria-busy", "true");
  return calendar.locator(`[data-date="${date}"]`);
}

/** Step 2: picks a date in the calendar. */
export async function pickDate(dialog: Locator, date: string, label?: string | CalendarWords): Promise<void> {
  const day = await calendarDay(dialog, date, label);
  await expect(day).not.toHaveAttribute("aria-disabled", "true");
  await day.click();
  await expect(day.locator("xpath=..")).toHaveAttribute("aria-selected", "true");
}

/** Step 2: picks a date and a slot by its label ("7:00 PM"). */
export async function chooseSlot(dialog: Locator, date: string, label: string): Promise<void> {
  await pickDate(dialog, date);
  await dialog.getByRole("button", { name: new RegExp(`^${label} IST`) }).click();
}

export async function continueToPayment(dialog: Locator): Promise<void> {
  await dialog.getByRole("button", { name: "Continue to Payment" }).click();
  await expect(dialog.getByRole("heading", { name: "Review and Pay" })).toBeVisible();
}

/** Steps 1 to 3, then the payment simulator's checkout page: the parent's way to a paid booking. */
export async function bookToCheckout(
  page: Page,
  slot: { date: string; label: string },
  patient: Partial<PatientDetails> = {},
): Promise<void> {
  const dialog = await openBooking(page);
  await fillDetails(dialog, patient);
  await chooseSlot(dialog, slot.date, slot.label);
  await continueToPayment(dialog);
  await dialog.getByRole("button", { name: /^Pay ₹[\d,]+ & Confirm/ }).click();
  await page.waitForURL(/\/payment\/simulator\//);
}

/** A whole booking paid on the simulator, ending on "Payment Successful!". */
export async function bookAndPay(
  page: Page,
  slot: { date: string; label: string },
  patient: Partial<PatientDetails> = {},
): Promise<void> {
  await bookToCheckout(page, slot, patient);
  await page.getByRole("button", { name: /^Pay ₹[\d,]+$/ }).click();
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
}

/**
 * Books and pays through the API and the payment simulator, as a parent's browser would; answers the appointment's
 * id, its manage page's address and its video room's.
 */
export async function bookAndPayThroughApi(
  request: APIRequestContext,
  {
    patientName,
    date,
    time,
    patientEmail = `${patientName.split(" ")[0]?.toLowerCase()}.parent@example.org`,
    guardianName = apiBookingConsent.guardianName,
    reason = "Murmur heard at school",
    language,
  }: {
    patientName: string;
    date: string;
    time: string;
    patientEmail?: string;
    guardianName?: string;
    /** The reason for the consultation, as the parent writes it. */
    reason?: string;
    /** The language of the page the booking is made on ("kn"); English when absent. */
    language?: string;
  },
): Promise<{ id: string; manageUrl: string; videoRoomUrl: string }> {
  const created = await request.post("/api/appointments", {
    data: {
      patientName,
      patientEmail,
      patientPhone: "+91 98450 12345",
      patientAge: 6,
      reasonForConsultation: reason,
      ...apiBookingConsent,
      guardianName,
      appointmentDate: date,
      appointmentTime: time,
      // A booking made in Hindi or Kannada agrees to that language's consent wording.
      ...(isLanguage(language) ? { language, consentVersion: CONSENT_VERSIONS[language] } : {}),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = ((await created.json()) as { appointment: { id: string } }).appointment;
  const order = (await (await request.post("/api/create-order", { data: { appointmentId: id } })).json()) as {
    orderId: string;
  };
  await request.post(`/payment/simulator/${order.orderId}`, { form: { outcome: "pay" } });
  const verified = (await (await request.get(`/api/verify-payment/${order.orderId}`)).json()) as {
    outcome: string;
    manageUrl?: string;
    videoRoomUrl?: string;
  };
  expect(verified.outcome).toBe("confirmed");
  return { id, manageUrl: verified.manageUrl ?? "", videoRoomUrl: verified.videoRoomUrl ?? "" };
}

/** Another parent holds a time through the API, as a second phone would while the first parent is still choosing. */
export async function anotherParentHolds(
  request: APIRequestContext,
  { date, time, email }: { date: string; time: string; email: string },
): Promise<void> {
  const other = await request.post("/api/appointments", {
    data: {
      patientName: "First Parent",
      patientEmail: email,
      patientPhone: "+91 98765 43210",
      patientAge: 6,
      reasonForConsultation: "Murmur",
      ...apiBookingConsent,
      appointmentDate: date,
      appointmentTime: time,
    },
  });
  expect(other.status()).toBe(201);
}
