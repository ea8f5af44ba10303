import { expect, type Page, test } from "@playwright/test";
import { jitsiStandInScriptUrl } from "../playwright.config";
import { sampleProfile } from "../src/shared/sample-profile";
import { logInThroughApi } from "./support/admin";
import { bookAndPay, inDays } from "./support/booking";

/**
 * The video room in a real browser. The site's Jitsi script address (JITSI_SCRIPT_URL in playwright.config.ts)
 * is answered here with a stand-in external_api.js: it defines window.JitsiMeetExternalAPI, draws a fake meeting
 * into parentNode, reports videoConferenceJoined after a short delay, and has a "Hang up" button that reports
 * videoConferenceLeft and readyToClose as Jitsi does. It records what the page gave it in window.__jitsiStandIn.
 */
const standInScript = String.raw`
(() => {
  class JitsiMeetExternalAPI {
    constructor(domain, options) {
      this.listeners = {};
      const { parentNode, ...given } = options;
      window.__jitsiStandIn = { domain, options: given, disposed: false };
      const meeting = document.createElement("div");
      meeting.setAttribute("data-testid", "jitsi-stand-in");
      meeting.style.cssText =
        "position:absolute;inset:0;display:flex;flex-direction:column;align-items:center;justify-content:center;" +
        "gap:12px;background:#1e293b;color:#fff;font:16px system-ui;text-align:center;padding:16px";
      const label = document.createElement("p");
      label.textContent = "Stand-in meeting: " + (options.userInfo && options.userInfo.displayName);
      const hangUp = document.createElement("button");
      hangUp.type = "button";
      hangUp.textContent = "Hang up";
      hangUp.style.cssText = "background:#dc2626;color:#fff;border:0;border-radius:6px;padding:8px 16px;font:inherit";
      hangUp.addEventListener("click", () => {
        this.emit("videoConferenceLeft", { roomName: options.roomName });
        setTimeout(() => this.emit("readyToClose"), 50);
      });
      meeting.append(label, hangUp);
      parentNode.appendChild(meeting);
      this.meeting = meeting;
      const delay = typeof window.__standInJoinDelay === "number" ? window.__standInJoinDelay : 300;
      setTimeout(
        () => this.emit("videoConferenceJoined", { roomName: options.roomName, id: "stand-in", displayName: "" }),
        delay,
      );
    }
    addListener(event, listener) {
      (this.listeners[event] = this.listeners[event] || []).push(listener);
    }
    on(event, listener) {
      this.addListener(event, listener);
    }
    removeListener(event, listener) {
      this.listeners[event] = (this.listeners[event] || []).filter((known) => known !== listener);
    }
    executeCommand() {}
    dispose() {
      this.meeting.remove();
      this.listeners = {};
      window.__jitsiStandIn.disposed = true;
    }
    emit(event, payload) {
      for (const listener of this.listeners[event] || []) listener(payload);
    }
  }
  window.JitsiMeetExternalAPI = JitsiMeetExternalAPI;
})();
`;

interface StandInRecord {
  domain: string;
  disposed: boolean;
  options: {
    roomName: string;
    jwt?: string;
    width: string;
    height: string;
    userInfo: { displayName: string };
    configOverwrite: Record<string, unknown>;
  };
}

/** The parent of a video test: their own name, e-mail and reason. */
const videoPatient = (name: string) => ({
  name,
  email: "video.parent@example.org",
  reason: "Breathless when feeding",
});

async function serveStandIn(page: Page): Promise<void> {
  await page.route(jitsiStandInScriptUrl, (route) =>
    route.fulfill({ status: 200, contentType: "text/javascript", body: standInScript }),
  );
}

const standInRecord = (page: Page) =>
  page.evaluate(() => (window as unknown as { __jitsiStandIn?: StandInRecord }).__jitsiStandIn);

/**
 * The room links of a booking, as the administrator's appointment list gives them (patient link, and the doctor's
 * link with the host key). Only the path and query are kept: the list writes them with the site's public address.
 */
/**
 * The parent's steps before the call: past the device check (its outcome is the device-check test's to see), and
 * from the waiting room into the call without waiting for the doctor.
 */
async function throughWaitingRoom(page: Page): Promise<void> {
  await expect(page.getByRole("heading", { name: "Check your camera and microphone" })).toBeVisible();
  await page
    .getByRole("button", { name: /^(Continue|Continue anyway|Skip the check)$/ })
    .first()
    .click();
  await page.getByRole("button", { name: "Join now" }).click();
}

async function roomLinksOf(page: Page, patientName: string): Promise<{ patient: string; host: string }> {
  await logInThroughApi(page.request, new URL(page.url()).origin);
  const list = await page.request.get("/api/appointments?limit=20");
  expect(list.ok()).toBe(true);
  const { appointments } = (await list.json()) as {
    appointments: { patientName: string; videoRoomUrl?: string | null; videoHostUrl?: string | null }[];
  };
  const row = appointments.find((appointment) => appointment.patientName === patientName);
  expect(row?.videoRoomUrl, "the admin list gives the booking's video room link").toBeTruthy();
  expect(row?.videoHostUrl, "the admin list gives the doctor's link").toBeTruthy();
  const pathOf = (url: string) => {
    const parsed = new URL(url);
    return parsed.pathname + parsed.search;
  };
  // The administrator's session is not needed in the room; the patient would not have it.
  await page.context().clearCookies();
  return { patient: pathOf(row?.videoRoomUrl ?? ""), host: pathOf(row?.videoHostUrl ?? "") };
}

test("a parent joins the room, sees LIVE, and hanging up returns to the home page", async ({ page }) => {
  await bookAndPay(page, { date: inDays(6), label: "7:00 PM" }, videoPatient("Video Patient"));
  const links = await roomLinksOf(page, "Video Patient");
  expect(links.patient).toMatch(/^\/video-consultation\/[0-9a-f]{32}$/);

  await serveStandIn(page);
  // A longer wait before "joined" so that the connecting cover can be seen.
  await page.addInitScript(() => {
    (window as unknown as { __standInJoinDelay: number }).__standInJoinDelay = 1500;
  });
  await page.goto(links.patient);
  await expect(page.getByRole("heading", { level: 1, name: "Video Consultation" })).toBeVisible();
  await throughWaitingRoom(page);
  await expect(page.getByText("Connecting to video room...")).toBeVisible();
  await expect(page.getByText("LIVE", { exact: true })).toBeVisible();
  await expect(page.getByText("Connecting to video room...")).toBeHidden();
  await expect(page.getByText(/Booking ID: [0-9a-f]{8}/)).toBeVisible();

  const details = page.getByRole("complementary", { name: "Consultation details" });
  await expect(details.getByText("Video Patient")).toBeVisible();
  await expect(details.getByText("7 years")).toBeVisible();
  await expect(details.getByText("Breathless when feeding")).toBeVisible();
  await expect(details.getByText("7:00 PM IST")).toBeVisible();
  await expect(details.getByText("Tips for a Good Consultation")).toBeVisible();

  const record = await standInRecord(page);
  const roomId = links.patient.split("/").at(-1);
  expect(record?.options).toMatchObject({
    roomName: `consultation-${roomId}`,
    width: "100%",
    height: "100%",
    userInfo: { displayName: "Video Patient" },
    configOverwrite: {
      prejoinPageEnabled: false,
      prejoinConfig: { enabled: false },
      startWithAudioMuted: false,
      startWithVideoMuted: false,
      disableInviteFunctions: true,
      disableDeepLinking: true,
    },
  });
  expect(record?.options.configOverwrite.toolbarButtons).toContain("hangup");
  // The e2e site runs plain Jitsi: no join token.
  expect(record?.options.jwt).toBeUndefined();

  await page.getByTestId("jitsi-stand-in").getByRole("button", { name: "Hang up" }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await standInRecord(page))?.disposed).toBe(true);

  // The doctor's link joins under the doctor's name.
  await page.goto(links.host);
  await expect(page.getByText("LIVE", { exact: true })).toBeVisible();
  expect((await standInRecord(page))?.options.userInfo.displayName).toBe(sampleProfile.doctor.name);
  await expect(page.getByText("with Video Patient")).toBeVisible();
});

test("a script that cannot load shows Video Service Unavailable, and Retry Connection tries again", async ({
  page,
}) => {
  await bookAndPay(page, { date: inDays(6), label: "7:20 PM" }, videoPatient("Blocked Network"));
  const links = await roomLinksOf(page, "Blocked Network");

  await page.route(jitsiStandInScriptUrl, (route) => route.abort("connectionfailed"));
  await page.goto(links.patient);
  await throughWaitingRoom(page);
  await expect(page.getByRole("heading", { level: 1, name: "Video Service Unavailable" })).toBeVisible();
  await expect(
    page.getByText(
      "Failed to load video consultation service. Please check your internet connection and try again.",
    ),
  ).toBeVisible();
  for (const tip of ["internet connection", "camera and microphone", "Chrome or Safari", "VPN or firewall"]) {
    await expect(page.getByRole("listitem").filter({ hasText: tip })).toBeVisible();
  }
  await expect(page.getByRole("link", { name: sampleProfile.contact.phone })).toBeVisible();
  await expect(page.getByRole("link", { name: sampleProfile.contact.email })).toBeVisible();
  await expect(page.getByRole("link", { name: "Return to Home" })).toBeVisible();

  // The network is back: Retry Connection reloads the page, which now loads the meeting.
  await page.unroute(jitsiStandInScriptUrl);
  await serveStandIn(page);
  await page.getByRole("button", { name: "Retry Connection" }).click();
  await throughWaitingRoom(page);
  await expect(page.getByText("LIVE", { exact: true })).toBeVisible();
});

test("an unknown or malformed room id shows Room Not Found", async ({ page }) => {
  for (const roomId of ["0123456789abcdef0123456789abcdef", "not-a-room"]) {
    await page.goto(`/video-consultation/${roomId}`);
    await expect(page.getByRole("heading", { level: 1, name: "Room Not Found" })).toBeVisible();
    await expect(
      page.getByText("The video consultation room could not be found or has expired."),
    ).toBeVisible();
    await expect(page.getByText("Invalid Room ID", { exact: true })).toBeVisible();
  }
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

/**
 * The page before, during and after the room's window, on a fake clock. The browser test site opens every room
 * ahead (VIDEO_ROOM_OPENS_MINUTES), so the server's answers are moved onto the page's clock here: a room opening 60
 * minutes before the slot, as in production, with the rest of each answer the server's own.
 */
test("before its window the page counts down and joins by itself; after it, it says the consultation ended", async ({
  page,
}) => {
  await bookAndPay(page, { date: inDays(6), label: "7:40 PM" }, videoPatient("Waiting Parent"));
  const links = await roomLinksOf(page, "Waiting Parent");
  const roomId = links.patient.split("/").at(-1) ?? "";
  await serveStandIn(page);

  let serverNow = 0;
  let opensAt = 0;
  let closesAt = 0;
  await page.route(`**/api/video-room/${roomId}*`, async (route) => {
    const real = (await (await route.fetch()).json()) as Record<string, unknown> & { startsAt: string };
    const startsAt = Date.parse(real.startsAt);
    opensAt = startsAt - 60 * 60_000;
    closesAt = startsAt + 3 * 60 * 60_000;
    const window = { ...real, opensAt: new Date(opensAt).toISOString() };
    const state = serverNow < opensAt ? "not_open" : serverNow > closesAt ? "ended" : "open";
    const body =
      state === "open"
        ? window
        : Object.fromEntries(
            Object.entries({ ...window, state }).filter(
              ([key]) => !["room", "appointment", "token", "moderator"].includes(key),
            ),
          );
    await route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify(body) });
  });

  // Learn the window from one answer, then start the page's clock 2 minutes and 5 seconds before the room opens.
  const first = await page.request.get(`/api/video-room/${roomId}`);
  const startsAt = Date.parse(((await first.json()) as { startsAt: string }).startsAt);
  serverNow = startsAt - 60 * 60_000 - 125_000;
  await page.clock.install({ time: new Date(serverNow) });
  await page.goto(links.patient);

  await expect(page.getByRole("heading", { level: 1, name: "The Room Opens Soon" })).toBeVisible();
  await expect(
    page.getByText(/^Your video consultation is on \w+day, \d+ \w+ \d{4} at 7:40 PM IST\.$/),
  ).toBeVisible();
  await expect(page.getByTestId("opens-at")).toHaveText(
    "The room opens at 6:40 PM IST, 1 hour before your consultation.",
  );
  await expect(page.getByRole("timer")).toHaveText(/^02:0[45]$/);
  await expect(page.getByText("Waiting Parent")).toHaveCount(0);
  const calendar = page.getByRole("link", { name: "Add to Calendar" });
  await expect(calendar).toHaveAttribute("href", `/api/video-room/${roomId}/invite.ics`);
  const invite = await page.request.get(`/api/video-room/${roomId}/invite.ics`);
  expect(invite.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  expect(await invite.text()).toContain(`/video-consultation/${roomId}`);

  // A minute later the clock shows it; at the opening the page asks again and joins, without a reload.
  await page.clock.runFor(60_000);
  await expect(page.getByRole("timer")).toHaveText(/^01:0[45]$/);
  serverNow = opensAt;
  await page.clock.runFor(66_000);
  await expect(page.getByRole("heading", { level: 1, name: "Video Consultation" })).toBeVisible();
  await throughWaitingRoom(page);
  await expect(page.getByText("LIVE", { exact: true })).toBeVisible();
  expect((await standInRecord(page))?.options.userInfo.displayName).toBe("Waiting Parent");

  // The doctor's link behaves the same before the window.
  serverNow = opensAt - 30 * 60_000;
  await page.clock.setSystemTime(new Date(serverNow));
  await page.goto(links.host);
  await expect(page.getByRole("heading", { level: 1, name: "The Room Opens Soon" })).toBeVisible();
  await expect(page.getByTestId("opens-at")).toHaveText(
    "The room opens at 6:40 PM IST, 1 hour before the consultation.",
  );
  await expect(page.getByRole("link", { name: "Add to Calendar" })).toHaveAttribute(
    "href",
    `/api/video-room/${roomId}/invite.ics?key=${new URL(links.host, "http://x").searchParams.get("key")}`,
  );

  // After the window: the consultation has ended, and how to reach the clinic.
  serverNow = closesAt + 60_000;
  await page.clock.setSystemTime(new Date(serverNow));
  await page.goto(links.patient);
  await expect(page.getByRole("heading", { level: 1, name: "This Consultation Has Ended" })).toBeVisible();
  await expect(page.getByText(/at 7:40 PM IST has ended, and its room is closed\.$/)).toBeVisible();
  await expect(page.getByRole("link", { name: sampleProfile.contact.email })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Room Not Found" })).toHaveCount(0);
});
