import { expect, type APIRequestContext, test } from "@playwright/test";
import type { OutboxList } from "../src/shared/admin";
import {
  startWhatsAppStandIn,
  type WhatsAppStandIn,
  whatsappEnv,
} from "../src/server/testing/whatsapp-stand-in";
import { logInAsAdmin, logInThroughApi, openConsolePage } from "./support/admin";
import { expectNoSevereViolations } from "./support/axe";
import { bookAndPayThroughApi, fillGuardianAndConsent, inDays, openBooking } from "./support/booking";
import { screenshots } from "./support/screenshots";
import { type OwnSite, startOwnSite } from "./support/site";

/**
 * Phone numbers WhatsApp can use, and the messages it could not take. The booking form refuses a number WhatsApp
 * cannot reach with the spec's message; when WhatsApp refuses a message all the same, the doctor finds it in the
 * dashboard's Notifications however many messages came after it. WhatsApp is a stand-in in this process, so each
 * test starts a site of its own pointed at it, on fresh data.
 */
const port = Number(process.env.E2E_PORT ?? 5180) + 10;
const base = `http://127.0.0.1:${port}`;
test.use({ baseURL: base });
test.describe.configure({ mode: "serial" });

let whatsapp: WhatsAppStandIn;
let site: OwnSite;

test.beforeEach(async () => {
  test.setTimeout(90_000);
  whatsapp = await startWhatsAppStandIn();
  site = await startOwnSite("whatsapp", {
    port,
    env: { ...whatsappEnv(whatsapp), OUTBOX_POLL_SECONDS: "1" },
  });
});

test.afterEach(async () => {
  await site.stop();
  await whatsapp.close();
});

test("the booking form refuses 1234567890 with the spec's message, and takes a mobile number", async ({
  page,
}) => {
  const dialog = await openBooking(page);
  await dialog.getByLabel("Full Name").fill("Nila Das");
  const phone = dialog.getByLabel("Phone Number");
  await phone.fill("1234567890");
  await dialog.getByLabel("Email", { exact: true }).fill("nila.parent@example.org");
  await dialog.getByLabel("Age").fill("6");
  await dialog.getByLabel("Reason for Consultation").fill("Breathless on stairs");
  await fillGuardianAndConsent(dialog, "Meena Das");
  await dialog.getByRole("button", { name: "Continue to Time Selection" }).click();

  await expect(dialog.getByText("Please enter a valid phone number")).toBeVisible();
  await expect(phone).toHaveAttribute("aria-invalid", "true");
  await expect(phone).toBeFocused();
  await expect(dialog.getByRole("heading", { name: "Choose a Date and Time" })).toHaveCount(0);
  await screenshots(page, "phone-refused", dialog);

  await phone.fill("+91 98450 12345");
  await dialog.getByRole("button", { name: "Continue to Time Selection" }).click();
  await expect(dialog.getByRole("heading", { name: "Choose a Date and Time" })).toBeVisible();
});

/** Books and pays through the API, two days ahead, as a parent's browser would. */
async function bookAndPay(request: APIRequestContext, patientName: string, time: string): Promise<string> {
  return (await bookAndPayThroughApi(request, { patientName, date: inDays(2), time })).id;
}

/** The outbox as the dashboard reads it, through the API. */
async function outbox(request: APIRequestContext, query = ""): Promise<OutboxList> {
  return (await (await request.get(`/api/admin/notifications${query}`)).json()) as OutboxList;
}

test("the doctor finds the WhatsApp message that failed among later ones, by its outcome and the patient's name", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await logInThroughApi(request, base);
  // WhatsApp refuses the next message it is sent, as it does for a number not on WhatsApp.
  whatsapp.failNext(400, {
    error: {
      message: "(#131026) Message Undeliverable.",
      type: "OAuthException",
      code: 131026,
      error_data: { messaging_product: "whatsapp", details: "Message Undeliverable." },
    },
  });
  const failingId = await bookAndPay(request, "Tanvi Failing", "19:00");
  await expect.poll(async () => (await outbox(request)).summary.failing, { timeout: 30_000 }).toBe(1);
  // Then three more bookings: 24 more messages, so the failed one is not among the latest 20.
  for (const [name, time] of [
    ["Arjun Later", "19:20"],
    ["Bina Later", "19:40"],
    ["Chetan Later", "20:00"],
  ] as const)
    await bookAndPay(request, name, time);
  await expect
    .poll(async () => (await outbox(request, "?status=waiting")).total, { timeout: 30_000 })
    .toBe(4 * 4); // the reminders, 24 hours and 30 minutes before, by e-mail and WhatsApp
  const latest = await outbox(request);
  expect(latest.notifications.some((message) => message.status === "failed")).toBe(false);

  await logInAsAdmin(page);
  await openConsolePage(page, "Messages");
  const section = page.getByRole("region", { name: "Notifications", exact: true });
  const rows = section.getByTestId("notification-row");
  await expect(rows).toHaveCount(20);
  await expect(section.getByTestId("outbox-list-line")).toHaveText(/^Showing the latest 20 of \d+ messages$/);
  await expect(section.locator('[data-testid="notification-row"][data-status="failed"]')).toHaveCount(0);
  await section.getByRole("button", { name: /^Show \d+ more$/ }).click();
  await expect(section.locator('[data-testid="notification-row"][data-status="failed"]')).toHaveCount(1);

  // Every failing message, whatever came after it.
  const find = section.getByRole("search", { name: "Find messages" });
  await find.getByLabel("Show").selectOption("failing");
  await expect(find.getByLabel("Show").locator("option:checked")).toHaveText("Failing (1)");
  await expect(section.getByTestId("outbox-list-line")).toHaveText("Showing 1 failing message");
  await expect(rows).toHaveCount(1);
  const failed = rows.first();
  await expect(failed).toHaveAttribute("data-status", "failed");
  await expect(failed).toContainText("Tanvi Failing");
  await expect(failed).toContainText(`#${failingId.slice(0, 8)}`);
  // In plain words, with Meta's own under "Technical details" for whoever runs the site.
  await expect(failed.getByTestId("notification-error").locator("p").first()).toHaveText(
    "WhatsApp could not deliver it to the parent's number: the number may not be on WhatsApp. The e-mail still goes.",
  );
  await expect(failed.getByText(/^WhatsApp error 131026/)).toBeHidden();
  await failed.getByText("Technical details").click();
  await expect(failed.getByText(/^WhatsApp error 131026/)).toBeVisible();
  await expect(failed.getByRole("button", { name: /^Retry Confirmation, WhatsApp to / })).toBeVisible();

  // Found by the patient's name, in any case, and by the booking id.
  await find.getByLabel("Show").selectOption("all");
  await find.getByLabel("Patient name or booking ID").fill("tanvi");
  await find.getByRole("button", { name: "Search" }).click();
  await expect(section.getByTestId("outbox-list-line")).toHaveText("Showing 8 messages for “tanvi”");
  await expect(rows).toHaveCount(8);
  await find.getByLabel("Patient name or booking ID").fill(`#${failingId.slice(0, 8)}`);
  await find.getByRole("button", { name: "Search" }).click();
  await expect(section.getByTestId("outbox-list-line")).toHaveText(
    `Showing 8 messages for “#${failingId.slice(0, 8)}”`,
  );
  await find.getByLabel("Show").selectOption("failing");
  await expect(rows).toHaveCount(1);
  await screenshots(page, "outbox-failing", section);
  // At 360 pixels the messages are cards.
  await page.setViewportSize({ width: 360, height: 800 });
  await expect(section.getByTestId("notification-card")).toHaveCount(1);
  await expect(section.getByTestId("notification-card")).toContainText("Tanvi Failing");
  await expectNoSevereViolations(page);
});
