import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { type CashfreeStandIn, startCashfreeStandIn } from "../src/server/testing/cashfree-stand-in";
import { logInThroughApi } from "./support/admin";
import { expectNoSevereViolations } from "./support/axe";
import { apiBookingConsent, bookToCheckout, inDays } from "./support/booking";
import { screenshots } from "./support/screenshots";
import { type OwnSite, startOwnSite } from "./support/site";

/**
 * What the parent is told after paying is the truth: a payment received for a slot that someone else booked
 * meanwhile (or for too little) shows as refunded, never as a confirmed booking; a cancelled checkout stays closed.
 */

test("a cancelled checkout shows closed and cannot be paid afterwards", async ({ page }) => {
  await bookToCheckout(
    page,
    { date: inDays(9), label: "8:40 PM" },
    { name: "Changed Mind", email: "changed.mind@example.org", age: "8", reason: "Chest pain after running" },
  );
  const checkoutUrl = page.url();
  await page.getByRole("button", { name: "Cancel and return" }).click();
  await page.waitForURL(/\/payment\/callback\?order_id=/);
  await expect(page.getByRole("heading", { name: "Payment Failed" })).toBeVisible();
  await expect(page.getByText("Cancelled at checkout", { exact: true })).toBeVisible();

  // Back to the checkout page: it is closed, and offers no way to pay.
  await page.goto(checkoutUrl);
  await expect(page.getByRole("heading", { name: "Checkout closed" })).toBeVisible();
  await expect(page.getByText("This payment was cancelled.")).toBeVisible();
  await expect(page.getByText("This checkout is closed and can no longer be paid.")).toBeVisible();
  await expect(page.getByRole("button", { name: /^Pay/ })).toHaveCount(0);
  await page.getByRole("link", { name: "Return to the site" }).click();
  await expect(page.getByRole("heading", { name: "Payment Failed" })).toBeVisible();

  // A Pay sent anyway (an old tab, a script) is refused, and the booking stays released.
  const forced = await page.request.post(checkoutUrl, { form: { outcome: "pay" }, maxRedirects: 0 });
  expect(forced.status()).toBe(409);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Payment Failed" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toHaveCount(0);
});

test("a payment for a time the doctor blocked while the parent was paying is shown as refunded, and why", async ({
  page,
  request,
  baseURL,
}) => {
  const date = inDays(10);
  await bookToCheckout(
    page,
    { date, label: "7:40 PM" },
    { name: "Blocked Meanwhile", email: "blocked.meanwhile@example.org", age: "4", reason: "Fast breathing" },
  );
  // The doctor blocks that time from her dashboard while the parent is on the checkout page.
  const origin = baseURL ?? "";
  await logInThroughApi(request, origin);
  const block = { kind: "block", date, time: "19:40", note: "Hospital round" };
  const warned = await request.post("/api/admin/schedule/exceptions", { data: block, headers: { origin } });
  expect(warned.status()).toBe(409);
  const { affected } = (await warned.json()) as { affected: { id: string; awaitingPayment: boolean }[] };
  expect(affected.map((item) => item.awaitingPayment)).toEqual([true]);
  const saved = await request.post("/api/admin/schedule/exceptions", {
    data: { ...block, acknowledgedAppointmentIds: affected.map((item) => item.id) },
    headers: { origin },
  });
  expect(saved.status()).toBe(201);
  const { exceptions } = (await saved.json()) as { exceptions: { id: string; startsOn: string }[] };
  // The time is freed again afterwards, so the test can run again on the same site.
  const blockId = exceptions.find((exception) => exception.startsOn === date)?.id ?? "";

  await page.getByRole("button", { name: /^Pay ₹[\d,]+$/ }).click();
  await page.waitForURL(/\/payment\/callback\?order_id=/);
  await expect(page.getByRole("heading", { name: "Doctor Not Available" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toHaveCount(0);
  await expect(
    page.getByText("We received your payment of ₹2,000, but your appointment is not confirmed."),
  ).toBeVisible();
  await expect(
    page.getByText(
      "The doctor is not available at the time you chose any more. We are sorry for the trouble.",
    ),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Full refund of ₹2,000" })).toBeVisible();
  await expect(page).toHaveTitle(/^Doctor Not Available \|/);
  await expectNoSevereViolations(page, "main");
  await screenshots(page, "refunded-doctor-unavailable");
  const freed = await request.delete(`/api/admin/schedule/exceptions/${blockId}`, { headers: { origin } });
  expect(freed.status()).toBe(200);
});

test.describe("payments through Cashfree (a loopback stand-in)", () => {
  test.describe.configure({ mode: "serial" });

  const credentials = { appId: "TEST10293847", secretKey: "cfsk_ma_test_browser_secret" };
  let cashfree: CashfreeStandIn;
  let site: OwnSite;
  let base = "";
  let dataDir = "";

  /** The production build started a second time, with Cashfree pointed at the stand-in in this process. */
  test.beforeAll(async () => {
    test.setTimeout(90_000);
    cashfree = await startCashfreeStandIn(credentials);
    site = await startOwnSite("cashfree", {
      env: {
        CASHFREE_APP_ID: credentials.appId,
        CASHFREE_SECRET_KEY: credentials.secretKey,
        CASHFREE_BASE_URL: cashfree.baseUrl,
        OUTBOX_POLL_SECONDS: "1",
      },
    });
    base = site.base;
    dataDir = site.dataDir;
  });

  test.afterAll(async () => {
    await site.stop();
    await cashfree.close();
  });

  async function bookAndOrder(patientName: string, date: string, time: string) {
    const created = await fetch(`${base}/api/appointments`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        patientName,
        patientEmail: `${patientName.split(" ")[0]?.toLowerCase()}.parent@example.org`,
        patientPhone: "+91 98450 12345",
        patientAge: 6,
        reasonForConsultation: "Heart murmur heard at a school check-up",
        ...apiBookingConsent,
        appointmentDate: date,
        appointmentTime: time,
      }),
    });
    expect(created.status).toBe(201);
    const { appointment } = (await created.json()) as { appointment: { id: string } };
    const ordered = await fetch(`${base}/api/create-order`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ appointmentId: appointment.id }),
    });
    expect(ordered.status).toBe(200);
    const { orderId } = (await ordered.json()) as { orderId: string };
    return { bookingId: appointment.id.slice(0, 8), orderId };
  }

  test("a UPI payment the bank has not settled shows as being confirmed, then as the booking, without a reload", async ({
    page,
  }) => {
    const date = inDays(2);
    const { bookingId, orderId } = await bookAndOrder("Upi Waiting", date, "20:00");
    const inFlight = cashfree.pay(orderId, { status: "PENDING" });
    await page.goto(`${base}/payment/callback?order_id=${orderId}`);
    await expect(page.getByRole("heading", { name: "Payment Being Confirmed" })).toBeVisible();
    await expect(page.getByText("Please keep this page open, and do not pay again.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Payment Failed" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Try Booking Again" })).toHaveCount(0);
    await screenshots(page, "payment-pending");
    await expectNoSevereViolations(page);

    // The bank settles it: the page, asking again by itself, shows the confirmed booking.
    cashfree.complete(orderId, inFlight.paymentId, { status: "SUCCESS" });
    await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(`#${bookingId}`)).toBeVisible();
  });

  test("a payment that was still in flight when the patient left, for a slot booked since, is shown as refunded", async ({
    page,
  }) => {
    const date = inDays(1);
    const { bookingId, orderId } = await bookAndOrder("Ravi Shetty", date, "19:00");
    // A UPI payment is started, then the checkout is closed: the booking is released and the order closed.
    const inFlight = cashfree.pay(orderId, { status: "PENDING" });
    cashfree.pay(orderId, { status: "USER_DROPPED" });
    await page.goto(`${base}/payment/callback?order_id=${orderId}`);
    await expect(page.getByRole("heading", { name: "Payment Failed" })).toBeVisible();
    const termination = cashfree.requests.find(
      (request) => request.method === "PATCH" && request.path === `/pg/orders/${orderId}`,
    );
    expect(termination?.body).toEqual({ order_status: "TERMINATED" });

    // Another parent books the freed slot; then the payment in flight goes through after all.
    await bookAndOrder("Other Parent", date, "19:00");
    cashfree.complete(orderId, inFlight.paymentId, { status: "SUCCESS" });

    await page.reload();
    await expect(page.getByRole("heading", { name: "Slot No Longer Available" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Payment Successful!" })).toHaveCount(0);
    await expect(page.getByText("Your appointment is confirmed")).toHaveCount(0);
    await expect(
      page.getByText("We received your payment of ₹2,000, but your appointment is not confirmed."),
    ).toBeVisible();
    await expect(
      page.getByText("The time you chose was booked by another patient before your payment reached us."),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: "Full refund of ₹2,000" })).toBeVisible();
    await expect(page.getByText(/The full amount is being refunded to the account or card/)).toBeVisible();
    await expect(page.getByText(`#${bookingId}`).first()).toBeVisible();
    await expect(page.getByText("Refund in progress")).toBeVisible();
    await expect(page).toHaveTitle(/^Slot No Longer Available \|/);
    await expect(page.getByRole("button", { name: "Book Another Time" })).toBeVisible();

    await expectNoSevereViolations(page, "main");
    await screenshots(page, "refunded-slot-taken");

    // The patient is told by e-mail and WhatsApp too (no channel is set up here: the outbox writes files).
    await expect
      .poll(
        () => {
          try {
            return readdirSync(join(dataDir, "outbox"))
              .map((name) => readFileSync(join(dataDir, "outbox", name), "utf8"))
              .filter((text) => text.includes(bookingId) && /refund/i.test(text)).length;
          } catch {
            return 0;
          }
        },
        { timeout: 15_000 },
      )
      .toBe(2);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole("button", { name: "Book Another Time" }).click();
    await expect(page.getByRole("dialog").getByRole("heading", { name: "Patient Details" })).toBeVisible();
  });

  test("a payment for less than the fee is shown as refunded, with both amounts", async ({ page }) => {
    const { orderId } = await bookAndOrder("Short Payment", inDays(1), "19:20");
    cashfree.pay(orderId, { amount: 1000 });
    await page.goto(`${base}/payment/callback?order_id=${orderId}`);
    await expect(page.getByRole("heading", { name: "Payment Below the Fee" })).toBeVisible();
    await expect(
      page.getByText("We received your payment of ₹1,000, but your appointment is not confirmed."),
    ).toBeVisible();
    await expect(
      page.getByText("The consultation fee is ₹2,000, so the payment did not cover the booking."),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: "Full refund of ₹1,000" })).toBeVisible();
    await screenshots(page, "refunded-underpaid");
  });
});
