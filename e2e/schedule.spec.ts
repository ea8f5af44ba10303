import { expect, test } from "@playwright/test";
import { logInAsAdmin, openConsolePage } from "./support/admin";
import { expectNoSevereViolations } from "./support/axe";
import {
  apiBookingConsent,
  bookAndPay,
  calendarDay,
  fillDetails,
  inDays,
  openBooking,
  pickDate,
} from "./support/booking";
import { screenshots } from "./support/screenshots";
import { type OwnSite, startOwnSite } from "./support/site";

/**
 * The doctor's schedule, end to end. Leave changes what every parent may book, so these tests run on a site of
 * their own (the production build started again, on its own embedded database), never on the one the other specs
 * book on at the same time.
 */
const port = Number(process.env.E2E_PORT ?? 5180) + 7;
const base = `http://127.0.0.1:${port}`;

test.use({ baseURL: base });
test.describe.configure({ mode: "serial" });

let site: OwnSite;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  site = await startOwnSite("schedule", { port });
});

test.afterAll(async () => {
  await site.stop();
});

/** The page at 1280 and at 360 pixels wide, kept with the test's results. */
test("the doctor takes tomorrow off: the parent is asked, chooses another time on the manage page, and the dashboard follows", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const tomorrow = inDays(1);
  await bookAndPay(
    page,
    { date: tomorrow, label: "8:40 PM" },
    { name: "Tara Menon", phone: "+91 98450 77777", email: "tara.parent@example.org" },
  );
  const manageLink = page.getByRole("link", { name: "Manage your booking" });
  const managePath = (await manageLink.getAttribute("href")) ?? "";
  expect(managePath).toMatch(/^\/appointments\/manage\//);

  await logInAsAdmin(page);
  await openConsolePage(page, "Schedule");
  const form = page.getByRole("form", { name: "Add leave or an override" });
  await form.getByLabel("First day").fill(tomorrow);
  await form.getByLabel("Note (only you see it)").fill("Conference");
  await form.getByRole("button", { name: "Add leave" }).click();

  // Nothing is saved before the doctor has seen the appointment the leave takes.
  const review = page.getByRole("alertdialog");
  await expect(
    review.getByRole("heading", { name: "This change takes the time of 1 confirmed appointment" }),
  ).toBeVisible();
  await expect(review.getByTestId("affected-appointment")).toContainText("Tara Menon");
  await expect(review.getByTestId("affected-appointment")).toContainText("8:40 PM IST");
  await expect(review.getByRole("button", { name: "Go back" })).toBeFocused();
  // Asking the parent is the default; moving it to a time she picks is the other choice.
  await expect(review.getByRole("radio", { name: "Ask the parent" })).toBeChecked();
  await expect(review.getByRole("radio", { name: "Move to a time I pick" })).not.toBeChecked();
  await expectNoSevereViolations(page, '[role="alertdialog"]');
  await screenshots(page, "schedule-affected-dialog", review);
  await review.getByRole("button", { name: "Save and ask the parents" }).click();
  await expect(page.getByText("Schedule Updated", { exact: true })).toBeVisible();

  const listed = page.getByTestId("needs-action-row").filter({ hasText: "Tara Menon" });
  await expect(listed).toContainText("Leave: Conference");
  await expect(listed.getByTestId("needs-action-state")).toContainText("Waiting for the parent's choice");
  await expect(listed).toContainText("8:40 PM IST");
  await expect(listed.getByRole("link", { name: /98450 77777/ })).toHaveAttribute(
    "href",
    "tel:+919845077777",
  );
  await expect(listed.getByRole("link", { name: /tara\.parent@example\.org/ })).toHaveAttribute(
    "href",
    "mailto:tara.parent@example.org",
  );
  await expect(page.getByTestId("exception-row").filter({ hasText: "Conference" })).toContainText("Leave");
  await page.waitForLoadState("networkidle");
  await expectNoSevereViolations(page, "main");
  const section = (title: string) =>
    page.locator("section").filter({ has: page.getByRole("heading", { level: 2, name: title }) });
  await screenshots(page, "schedule-needs-action", section("Appointments Needing Action (1)"));
  await screenshots(page, "schedule-leave", section("Leave and Date Overrides"));
  await screenshots(page, "schedule-weekly-hours", section("Weekly Hours"));

  // The dashboard's list of appointments says the same.
  await openConsolePage(page, "Dashboard", "Admin Dashboard");
  // The appointment itself is untouched: still confirmed and paid in the list of appointments, waiting for the
  // parent, and without the withdrawn room's links (the parent's would not let them in).
  const row = page.getByTestId("appointment-row").filter({ hasText: "Tara Menon" });
  await expect(row).toContainText("Confirmed");
  await expect(row).toContainText("Paid");
  await expect(row).toContainText("Waiting for the parent");
  await expect(row.getByRole("link", { name: /as host/ })).toHaveCount(0);
  await expect(row.getByRole("button", { name: /Copy patient link/ })).toHaveCount(0);

  // The parent's calendar: tomorrow cannot be chosen, and says why.
  const dialog = await openBooking(page);
  await fillDetails(dialog, { name: "Next Parent" });
  const day = await calendarDay(dialog, tomorrow);
  await expect(day).toHaveAttribute("aria-disabled", "true");
  await expect(day).toHaveAccessibleName(/the doctor is on leave$/);
  // Playwright treats aria-disabled as disabled and would wait; a parent's click is forced through.
  await day.click({ force: true });
  await expect(day.locator("xpath=..")).toHaveAttribute("aria-selected", "false");
  await expect(day).toBeDisabled();
  await expectNoSevereViolations(page, '[role="dialog"]');
  await screenshots(page, "parent-calendar", dialog);

  // A booking sent anyway is refused with the reason.
  const refused = await page.request.post("/api/appointments", {
    data: {
      patientName: "Api Parent",
      patientEmail: "api.parent@example.org",
      patientPhone: "+91 98450 12345",
      patientAge: 6,
      reasonForConsultation: "Murmur",
      ...apiBookingConsent,
      appointmentDate: tomorrow,
      appointmentTime: "19:00",
    },
  });
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { message: string }).message).toContain("on leave");

  // The parent's manage page puts the choice first, and the old time's room is gone.
  await page.goto(managePath);
  const choice = page.getByRole("region", { name: "The doctor is not available at the time you booked" });
  await expect(choice).toBeVisible();
  await expect(page.getByRole("link", { name: "Video consultation page" })).toHaveCount(0);
  await expectNoSevereViolations(page, "main");
  await screenshots(page, "manage-doctor-unavailable");
  await choice.getByRole("button", { name: "Choose another time" }).click();
  const move = page.getByRole("dialog", { name: "Choose a new time" });
  await pickDate(move, inDays(2), "New date");
  await move.getByRole("button", { name: "7:20 PM" }).click();
  await move
    .getByRole("button", { name: /^Move to .* at 7:20 PM IST \(free, not counted as a reschedule\)$/ })
    .click();
  await expect(page.getByRole("status")).toContainText("Your consultation has moved");
  await expect(choice).toHaveCount(0);

  // The doctor's dashboard shows it moved, and opens it on a tap.
  await page.goto("/admin");
  const decided = page.getByTestId("needs-action-decided").filter({ hasText: "Tara Menon" });
  await expect(decided).toContainText("Moved to");
  await decided.getByRole("button", { name: /Open/ }).click();
  await expect(page.getByRole("dialog")).toContainText("Tara Menon");
});

test("the calendar opens on the first free date and is used with the keyboard", async ({ page }) => {
  const dialog = await openBooking(page);
  await fillDetails(dialog, { name: "Keyboard Parent" });
  const calendar = dialog.getByRole("group", { name: "Appointment Date" });
  const grid = calendar.getByRole("grid");
  await expect(grid).not.toHaveAttribute("aria-busy", "true");

  // Tomorrow is on leave (the test above), so the first free date is today or the day after tomorrow.
  const selected = calendar.locator('td[aria-selected="true"] button');
  await expect(selected).toHaveCount(1);
  const first = (await selected.getAttribute("data-date")) ?? "";
  expect([inDays(0), inDays(2)]).toContain(first);
  await expect(dialog.getByRole("button", { name: /^7:00 PM IST|^8:40 PM IST/ }).first()).toBeVisible();

  // One tab stop: the chosen date. Arrows move by a day and a week, Home and End to the week's ends.
  await selected.focus();
  await page.keyboard.press("ArrowRight");
  const next = inDays(first === inDays(0) ? 1 : 3);
  await expect(calendar.locator(`[data-date="${next}"]`)).toBeFocused();
  await page.keyboard.press("ArrowDown");
  const weekLater = addDays(next, 7);
  await expect(calendar.locator(`[data-date="${weekLater}"]`)).toBeFocused();
  await page.keyboard.press("Home");
  await expect(page.locator(":focus")).toHaveAttribute("data-date", startOfWeek(weekLater));
  await page.keyboard.press("End");
  await expect(page.locator(":focus")).toHaveAttribute("data-date", addDays(startOfWeek(weekLater), 6));
  // Page Down shows the next month, with the same day of the month focused.
  const focusedBefore = (await page.locator(":focus").getAttribute("data-date")) ?? "";
  await page.keyboard.press("PageDown");
  await expect(page.locator(":focus")).toHaveAttribute(
    "data-date",
    new RegExp(`^${nextMonth(focusedBefore)}-`),
  );
  await page.keyboard.press("PageUp");
  await expect(page.locator(":focus")).toHaveAttribute(
    "data-date",
    new RegExp(`^${focusedBefore.slice(0, 7)}-`),
  );
  // Enter chooses the focused date when it has free times.
  await page.keyboard.press("Home");
  const target = (await page.locator(":focus").getAttribute("data-date")) ?? "";
  if ((await page.locator(":focus").getAttribute("aria-disabled")) !== "true" && target >= inDays(0)) {
    await page.keyboard.press("Enter");
    await expect(calendar.locator(`[data-date="${target}"]`).locator("xpath=..")).toHaveAttribute(
      "aria-selected",
      "true",
    );
  }
});

function addDays(date: string, days: number): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}

/** Weeks start on Sunday, as Indian calendars do. */
function startOfWeek(date: string): string {
  return addDays(date, -new Date(`${date}T00:00:00Z`).getUTCDay());
}

function nextMonth(date: string): string {
  const [year, month] = date.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 7);
}

test("the public hours follow the doctor's weekly hours: hero, hours card, booking banner and search data", async ({
  page,
}) => {
  // The spec's words while the hours are the default.
  await page.goto("/");
  const hero = page.locator("main section").first();
  await expect(hero).toContainText("Daily, 7:00 PM - 9:00 PM");

  await logInAsAdmin(page);
  const evening = { start: "19:00", end: "21:00", slotMinutes: 20, gapMinutes: 0 };
  const hours = {
    weekly: {
      monday: [evening],
      tuesday: [evening],
      wednesday: [evening],
      thursday: [evening],
      friday: [evening],
      saturday: [{ start: "10:00", end: "13:00", slotMinutes: 20, gapMinutes: 0 }],
      sunday: [],
    },
    minNoticeMinutes: 30,
    horizonDays: 60,
  };
  const save = (acknowledgedAppointmentIds: string[]) =>
    page.request.put("/api/admin/schedule", {
      headers: { origin: base },
      data: { ...hours, acknowledgedAppointmentIds },
    });
  let saved = await save([]);
  // A booking of the tests above on a Sunday or a Saturday evening is acknowledged, as the dialog does.
  if (saved.status() === 409) {
    const { affected } = (await saved.json()) as { affected: { id: string }[] };
    saved = await save(affected.map((appointment) => appointment.id));
  }
  expect(saved.status()).toBe(200);

  // A new visitor sees the new hours at once: the kept page was emptied by the change.
  await page.context().clearCookies();
  await page.goto("/");
  const lines = ["Monday to Friday, 7:00 PM - 9:00 PM", "Saturday, 10:00 AM - 1:00 PM"];
  for (const line of lines) await expect(page.locator("main section").first()).toContainText(line);
  await expect(page.getByText("Daily, 7:00 PM - 9:00 PM")).toHaveCount(0);
  const card = page
    .locator("div")
    .filter({ has: page.getByRole("heading", { name: "Consultation Hours" }) })
    .last();
  for (const line of lines) await expect(card).toContainText(line);
  const jsonLd = await page.locator('script[type="application/ld+json"]').first().textContent();
  expect(jsonLd).toContain('"opens":"10:00"');
  expect(jsonLd).toContain("https://schema.org/Saturday");
  expect(jsonLd).not.toContain("https://schema.org/Sunday");
  await screenshots(page, "public-hours-changed", card);

  const dialog = await openBooking(page);
  await expect(dialog).toContainText(
    "Available slots: 7:00 PM - 9:00 PM (Monday to Friday); 10:00 AM - 1:00 PM (Saturday)",
  );
});
