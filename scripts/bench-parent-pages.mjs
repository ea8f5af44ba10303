/* global window, document, MutationObserver -- page.evaluate runs these functions in the browser. */
// The parent's pages on a slow phone, for `npm run bench`: the manage page (opened from every e-mail and WhatsApp
// message) under Lighthouse, and how long the booking dialog takes to open after the tap on a throttled phone.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { root } from "./build-state.mjs";
import { chromiumArgs, findChromium } from "./chromium.mjs";

// Bookings must name the consent wording in force (the English one: the benchmark books in English); the benchmark
// reads it from its one source, and stops at once if it cannot find it rather than book nothing.
const CONSENT_VERSION = /CONSENT_VERSIONS[^{]*\{\s*en: "([^"]+)"/.exec(
  readFileSync(join(root, "src/shared/consent.ts"), "utf8"),
)?.[1];
if (!CONSENT_VERSION) throw new Error("No English consent version found in src/shared/consent.ts");

/** A parent's booking request for one time, with the consent given; `who` makes the names and e-mail distinct. */
export const bookingBody = (date, time, who) =>
  JSON.stringify({
    patientName: `Bench Patient ${who}`,
    patientEmail: `bench-${who}@example.org`,
    patientPhone: "9845012345",
    patientAge: 6,
    reasonForConsultation: "A heart murmur heard at a school check-up",
    guardianName: "Bench Parent",
    guardianRelationship: "Mother",
    teleconsultationConsent: true,
    privacyAcknowledged: true,
    consentVersion: CONSENT_VERSION,
    appointmentDate: date,
    appointmentTime: time,
  });

/**
 * Chrome DevTools' "Slow 4G" (Lighthouse's mobile profile as the browser applies it): 562.5 ms round trips,
 * 1.47 Mbit/s down, 675 kbit/s up; and a phone's CPU as four times slower than this machine's.
 */
export const SLOW_4G = {
  latency: 562.5,
  downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
  uploadThroughput: (750 * 1024 * 0.9) / 8,
};
export const CPU_SLOWDOWN = 4;

async function call(base, path, init) {
  const response = await fetch(base + path, init);
  if (!response.ok)
    throw new Error(`${init?.method ?? "GET"} ${path}: ${response.status} ${await response.text()}`);
  return response;
}

const postJson = (base, path, body) =>
  call(base, path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

/**
 * Books the first free time from tomorrow on, pays for it on the simulator's checkout as a parent would, and answers
 * the path of the booking's manage page from the payment result.
 */
export async function paidManagePath(base) {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());
  const [y, m, d] = today.split("-").map(Number);
  for (let day = 1; day <= 14; day++) {
    const date = new Date(Date.UTC(y, m - 1, d + day)).toISOString().slice(0, 10);
    for (const time of ["19:00", "19:20", "19:40", "20:00", "20:20", "20:40"]) {
      const booked = await fetch(`${base}/api/appointments`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: bookingBody(date, time, "lighthouse"),
      });
      // Taken, or not offered on that day: the next time.
      if (booked.status === 409 || booked.status === 400) continue;
      if (!booked.ok) throw new Error(`POST /api/appointments: ${booked.status} ${await booked.text()}`);
      const { appointment } = await booked.json();
      const { orderId } = await (
        await postJson(base, "/api/create-order", { appointmentId: appointment.id })
      ).json();
      // The simulator's checkout answers the parent's "Pay" with a 303 to the result page.
      const paid = await fetch(`${base}/payment/simulator/${orderId}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "outcome=pay",
        redirect: "manual",
      });
      if (paid.status !== 303) throw new Error(`The simulator's checkout answered ${paid.status}`);
      const verified = await (await call(base, `/api/verify-payment/${orderId}`)).json();
      if (!verified.manageUrl) throw new Error(`The payment was not confirmed: ${JSON.stringify(verified)}`);
      return new URL(verified.manageUrl).pathname;
    }
  }
  throw new Error("No free time in the next two weeks");
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * A parent on a slow phone opens the home page, reads for a moment (the page has loaded and the browser has been
 * idle: the booking dialog's code is fetched then), and taps "Book Video Consultation". Measured in the page, from
 * the tap to the dialog showing its first step with the first field focusable, and to the field accepting typing.
 */
export async function bookingDialogAfterTap(base, { runs = 5 } = {}) {
  const browser = await chromium.launch({ executablePath: await findChromium(), args: chromiumArgs });
  const timings = [];
  try {
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({
        viewport: { width: 360, height: 780 },
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", { offline: false, ...SLOW_4G });
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
      await page.goto(base + "/", { waitUntil: "load", timeout: 120_000 });
      // The idle fetch starts at most 5 s after the load; a parent reading the page gives it that.
      await page.waitForLoadState("networkidle", { timeout: 60_000 });
      await page.waitForTimeout(6_000);
      await page.waitForLoadState("networkidle", { timeout: 60_000 });
      await page.evaluate(() => {
        const marks = (window.__bookingTap = {});
        document.addEventListener("pointerdown", () => (marks.tap = performance.now()), {
          capture: true,
          once: true,
        });
        new MutationObserver((_, observer) => {
          const field = document.querySelector('[role="dialog"] input, [role="dialog"] textarea');
          if (field && !marks.shown) marks.shown = performance.now();
          if (marks.shown && document.activeElement?.closest('[role="dialog"]')) {
            marks.focused = performance.now();
            observer.disconnect();
          }
        }).observe(document.body, { childList: true, subtree: true, attributes: true });
      });
      await page.getByRole("button", { name: "Book Video Consultation" }).first().tap();
      const dialog = page.getByRole("dialog");
      await dialog.getByRole("heading", { name: "Patient Details" }).waitFor({ timeout: 60_000 });
      const field = dialog.getByRole("textbox").first();
      await field.pressSequentially("A");
      const marks = await page.evaluate(() => ({ ...window.__bookingTap, typed: performance.now() }));
      timings.push({ shown: marks.shown - marks.tap, focused: (marks.focused ?? marks.typed) - marks.tap });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return {
    runs: timings.length,
    shownMs: Math.round(median(timings.map((t) => t.shown))),
    focusedMs: Math.round(median(timings.map((t) => t.focused))),
    allShown: timings.map((t) => Math.round(t.shown)),
  };
}

export function bookingDialogText(result) {
  return [
    `The booking dialog on a phone (360 px, Chrome's Slow 4G: 562.5 ms round trips, 1.47 Mbit/s; CPU ${CPU_SLOWDOWN}× slower), production build on PGlite: the home page loaded and idle for 6 s, then a tap on "Book Video Consultation"; measured in the page from the tap, the median of ${result.runs} runs. Budget: interactive within 1 s of the tap.`,
    "",
    "| measured | dialog shows its first step | focus in the dialog, ready for typing | every run (shown) |",
    "|---|---|---|---|",
    `| tap → | ${result.shownMs} ms | ${result.focusedMs} ms | ${result.allShown.join(", ")} ms |`,
  ].join("\n");
}
