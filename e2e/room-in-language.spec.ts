import { expect, type Page, test } from "@playwright/test";
import { jitsiStandInScriptUrl } from "../playwright.config";
import { chromiumArgs } from "../scripts/chromium.mjs";
import { bookAndPayThroughApi, inDays } from "./support/booking";
import { catalogue, expectInLanguage } from "./support/in-language";

/**
 * The video room of a booking made in Kannada (and one in Hindi), on a 360 px phone, in every state a parent meets:
 * not open yet with its countdown, open with the device check and the waiting room, the call itself, the service
 * unavailable, ended, cancelled, the doctor unavailable, and a room that does not exist. Each is checked by script:
 * `<html lang>`, the tab's title, no Latin word on the page besides names, numbers, e-mail addresses and "IST" (and
 * the browser's own "Allow", marked English beside its meaning), and nothing wider than the phone. A screenshot of
 * each state is kept with the results (test-results/room-in-language-*), to be looked at.
 */

const FAMILIES = {
  kn: {
    patient: "ಅನನ್ಯಾ ಗೌಡ",
    guardian: "ರಮೇಶ್ ಗೌಡ",
    reason: "ಎದೆ ಬಡಿತ ಹೆಚ್ಚು",
    email: "gowda.room@example.org",
  },
  hi: {
    patient: "अनन्या शर्मा",
    guardian: "रमेश शर्मा",
    reason: "सीने में धड़कन तेज़",
    email: "sharma.room@example.org",
  },
} as const;

type Language = keyof typeof FAMILIES;

const wordsOf = (language: Language) => ({
  room: catalogue(language, "room"),
  site: catalogue(language, "site"),
});

/** A message's text as it shows without its markup and placeholders: the part before the first placeholder. */
const plain = (message: string) =>
  message
    .replace(/<\/?\d+>/g, "")
    .split("{")[0]
    ?.trim() ?? "";

/** The room's address of a paid booking made in `language`, on a day and time of its own. */
async function bookedRoom(page: Page, language: Language, days: number, time: string): Promise<string> {
  const family = FAMILIES[language];
  const booking = await bookAndPayThroughApi(page.request, {
    patientName: family.patient,
    patientEmail: family.email,
    guardianName: family.guardian,
    reason: family.reason,
    date: inDays(days + 3 * test.info().repeatEachIndex),
    time,
    language,
  });
  const room = new URL(booking.videoRoomUrl).pathname;
  expect(room).toMatch(new RegExp(`^/${language}/video-consultation/[0-9a-f]{32}$`));
  return room;
}

/** One state of the room, as the parent sees it: in the page's language, within the phone's width, photographed. */
async function expectState(page: Page, language: Language, state: string) {
  await expect(page.locator("html")).toHaveAttribute("lang", language);
  await expectInLanguage(
    page.locator("body"),
    [...Object.values(FAMILIES[language])],
    `${language}-${state}`,
    page,
  );
  // Nothing sticks out of the 360 px screen: no sideways scrolling.
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
    `${state} fits the phone`,
  ).toBeLessThanOrEqual(360);
  await page.screenshot({ path: test.info().outputPath(`${language}-${state}-360.png`), fullPage: true });
}

/**
 * Answers the page's look-ups of a room with the server's own answer moved onto the page's clock: before its window
 * (it opens an hour before the slot, as in production), or in a closed state. The browser test site opens every
 * room ahead (VIDEO_ROOM_OPENS_MINUTES), so the state before the window is made here, as e2e/video.spec.ts does.
 */
async function answerRoomAs(
  page: Page,
  room: string,
  state: () => "real" | "not_open" | "ended" | "time_changing",
): Promise<void> {
  const roomId = room.split("/").at(-1) ?? "";
  await page.route(`**/api/video-room/${roomId}*`, async (route) => {
    const real = (await (await route.fetch()).json()) as Record<string, unknown> & { startsAt: string };
    const now = state();
    if (now === "real") return route.fulfill({ json: real });
    const opensAt = new Date(Date.parse(real.startsAt) - 60 * 60_000).toISOString();
    const closed = Object.fromEntries(
      Object.entries({ ...real, opensAt, state: now }).filter(
        ([key]) => !["room", "appointment", "token", "moderator"].includes(key),
      ),
    );
    await route.fulfill({ json: closed });
  });
}

/** A stand-in for the video service's script: a meeting that reports "joined" a few seconds after it starts. */
const standInScript = String.raw`
window.JitsiMeetExternalAPI = class {
  constructor(domain, options) {
    this.listeners = {};
    const meeting = document.createElement("div");
    meeting.setAttribute("data-testid", "jitsi-stand-in");
    meeting.style.cssText = "position:absolute;inset:0;background:#1e293b";
    options.parentNode.appendChild(meeting);
    setTimeout(() => (this.listeners.videoConferenceJoined || []).forEach((listener) => listener({})), 3000);
  }
  addListener(event, listener) { (this.listeners[event] = this.listeners[event] || []).push(listener); }
  removeListener() {}
  executeCommand() {}
  dispose() {}
};
`;

/**
 * The full browser: the headless shell the other tests run in has no camera at all, while the full one takes the
 * made-up devices (--use-fake-device-for-media-stream) where the permission is granted, and refuses them elsewhere.
 */
test.use({
  launchOptions: {
    executablePath: "/usr/bin/chromium",
    args: [...chromiumArgs, "--use-fake-device-for-media-stream"],
  },
});

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
});

test("a Kannada parent reads the room before its window, after it, and at a wrong address", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const kn = wordsOf("kn");
  const room = await bookedRoom(page, "kn", 24, "19:00");
  let answer: "real" | "not_open" | "ended" | "time_changing" = "not_open";
  await answerRoomAs(page, room, () => answer);

  // 2 minutes and 5 seconds before the room opens at 6:00 PM, an hour before the 7:00 PM consultation.
  const first = await page.request.get(`/api/video-room/${room.split("/").at(-1)}`);
  const startsAt = Date.parse(((await first.json()) as { startsAt: string }).startsAt);
  await page.clock.install({ time: new Date(startsAt - 60 * 60_000 - 125_000) });

  await page.goto(room);
  await expect(page.getByRole("heading", { level: 1, name: kn.room("room.notOpen.title") })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^${kn.room("room.notOpen.title")} \\| `));
  await expect(page.getByRole("timer")).toHaveText(/^0[12]:[0-5]\d$/);
  await expect(page.getByTestId("opens-at")).toHaveText(
    kn
      .room("room.notOpen.opens")
      .replace("{opens}", kn.site("hours.evening").replace("{time}", "6:00") + " IST")
      .replace("{lead}", "1 ಗಂಟೆ"),
  );
  await expect(page.locator("strong").filter({ hasText: /ಸಂಜೆ 7:00 IST$/ })).toBeVisible();
  await expect(page.getByRole("link", { name: kn.room("room.notOpen.addToCalendar") })).toBeVisible();
  await expect(page.getByRole("heading", { name: kn.room("room.tips.title") })).toBeVisible();
  await expectState(page, "kn", "not-open");

  // After its window.
  answer = "ended";
  await page.goto(room);
  await expect(page.getByRole("heading", { level: 1, name: kn.room("room.ended.heading") })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^${kn.room("room.ended.title")} \\| `));
  await expect(page.getByText(plain(kn.room("room.ended.help")))).toBeVisible();
  await expectState(page, "kn", "ended");

  // The doctor cannot keep the time.
  answer = "time_changing";
  await page.goto(room);
  await expect(
    page.getByRole("heading", { level: 1, name: kn.room("room.timeChanging.heading") }),
  ).toBeVisible();
  await expectState(page, "kn", "doctor-unavailable");

  // A room that does not exist.
  await page.goto("/kn/video-consultation/0123456789abcdef0123456789abcdef");
  await expect(page.getByRole("heading", { level: 1, name: kn.room("room.notFound.title") })).toBeVisible();
  await expect(page.getByText(kn.room("room.notFound.badge"), { exact: true })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^${kn.room("room.notFound.title")} \\| `));
  await expect(page.getByRole("navigation", { name: kn.site("language.label") })).toHaveCount(0);
  await expectState(page, "kn", "not-found");
});

test("while the room's words load, the page shows the room's shape and says so in Kannada", async ({
  page,
}) => {
  const kn = wordsOf("kn");
  // The room's catalogue (one small chunk per language) comes late, as on a slow phone network.
  await page.route(/\/assets\/room-[\w-]{8}\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto("/kn/video-consultation/0123456789abcdef0123456789abcdef");
  // The room's shape (not the server's placeholder, a <main>), with the site's "Loading…" for screen readers.
  const shape = page.locator('div[aria-busy="true"]');
  await expect(shape.getByRole("status")).toHaveText(kn.site("page.loading"));
  await expect(shape.locator(".animate-pulse").first()).toBeVisible();
  await expectInLanguage(shape, [], "kn-loading", page);
  await expect(page.getByRole("heading", { level: 1, name: kn.room("room.notFound.title") })).toBeVisible();
});

test("a Kannada parent checks the camera, waits for the doctor and joins the call", async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const kn = wordsOf("kn");
  const room = await bookedRoom(page, "kn", 24, "19:20");

  // The browser refuses the camera: what to do, in Kannada, with the browser's own "Allow" beside it.
  await page.goto(room);
  await expect(page.getByRole("heading", { level: 1, name: kn.room("room.title") })).toBeVisible();
  await expect(page.getByRole("heading", { name: kn.room("room.check.title") })).toBeVisible();
  const problem = page.getByRole("alert");
  await expect(problem.getByText(kn.room("room.check.blocked.title"))).toBeVisible();
  await expect(problem.locator('[lang="en"]').first()).toHaveText("Allow");
  await expect(page.getByText(/ಬುಕಿಂಗ್ ಐಡಿ: [0-9a-f]{8}/)).toBeVisible();
  const details = page.getByRole("complementary", { name: kn.room("room.details.label") });
  await expect(details.getByText(FAMILIES.kn.patient)).toBeVisible();
  await expect(details.getByText("6 ವರ್ಷ", { exact: true })).toBeVisible();
  await expect(details.getByText("ಸಂಜೆ 7:20 IST", { exact: true })).toBeVisible();
  await expectState(page, "kn", "device-blocked");

  // The camera allowed: its picture and the microphone's bar.
  await context.grantPermissions(["camera", "microphone"]);
  await page.getByRole("button", { name: kn.room("room.check.tryAgain") }).click();
  await expect(page.getByText(kn.room("room.check.works"))).toBeVisible();
  await expect(page.getByLabel(kn.room("room.check.preview"))).toBeVisible();
  await expectState(page, "kn", "device-ready");

  // The waiting room.
  await page.getByRole("button", { name: kn.room("room.check.continue"), exact: true }).click();
  await expect(page.getByRole("heading", { name: kn.room("room.waiting.title") })).toBeVisible();
  await expect(page.getByText(/ನಿಮ್ಮ ಸಮಾಲೋಚನೆ ಸಂಜೆ 7:20 IST ಕ್ಕೆ ಇದೆ/)).toBeVisible();
  await expectState(page, "kn", "waiting");

  // The video service cannot be reached.
  await page.route(jitsiStandInScriptUrl, (route) => route.abort("connectionfailed"));
  await page.getByRole("button", { name: kn.room("room.waiting.join") }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: kn.room("room.unavailable.title") }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: kn.room("room.unavailable.retry") })).toBeVisible();
  await expectState(page, "kn", "unavailable");

  // And when it can: connecting, then LIVE, beside the patient's details.
  await page.unroute(jitsiStandInScriptUrl);
  await page.route(jitsiStandInScriptUrl, (route) =>
    route.fulfill({ contentType: "text/javascript", body: standInScript }),
  );
  await page.reload();
  await page.getByRole("button", { name: kn.room("room.check.continue"), exact: true }).click();
  await page.getByRole("button", { name: kn.room("room.waiting.join") }).click();
  await expect(page.getByText(kn.room("room.call.connecting"))).toBeVisible();
  await expect(page.getByText(kn.room("room.live"), { exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: kn.room("room.call.label") })).toBeVisible();
  await expectState(page, "kn", "call");
});

test("a Kannada parent opens the room of a cancelled consultation", async ({ page }) => {
  const kn = wordsOf("kn");
  const family = FAMILIES.kn;
  const booking = await bookAndPayThroughApi(page.request, {
    patientName: family.patient,
    patientEmail: family.email,
    guardianName: family.guardian,
    reason: family.reason,
    date: inDays(24 + 3 * test.info().repeatEachIndex),
    time: "19:40",
    language: "kn",
  });
  const token = /\/appointments\/manage\/([A-Za-z0-9_-]+)/.exec(booking.manageUrl)?.[1];
  const cancelled = await page.request.post(`/api/manage/${token}/cancel`);
  expect(cancelled.status(), await cancelled.text()).toBe(200);

  await page.goto(new URL(booking.videoRoomUrl).pathname);
  await expect(
    page.getByRole("heading", { level: 1, name: kn.room("room.cancelled.heading") }),
  ).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^${kn.room("room.cancelled.title")} \\| `));
  // The home page's button, named as the Kannada home page names it.
  await expect(
    page.getByText(kn.room("room.cancelled.help").replace("{book}", kn.site("header.bookAppointment"))),
  ).toBeVisible();
  await expectState(page, "kn", "cancelled");
});

test("a Hindi parent counts down to the room, checks the camera and waits for the doctor", async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const hi = wordsOf("hi");
  const room = await bookedRoom(page, "hi", 25, "20:00");
  let answer: "real" | "not_open" = "not_open";
  await answerRoomAs(page, room, () => answer);
  const first = await page.request.get(`/api/video-room/${room.split("/").at(-1)}`);
  const startsAt = Date.parse(((await first.json()) as { startsAt: string }).startsAt);
  await page.clock.install({ time: new Date(startsAt - 60 * 60_000 - 3 * 3_600_000) });

  await page.goto(room);
  await expect(page.getByRole("heading", { level: 1, name: hi.room("room.notOpen.title") })).toBeVisible();
  await expect(page.getByRole("timer")).toHaveText(/^0[23]:\d\d:\d\d$/);
  await expect(page.locator("strong").filter({ hasText: /रात 8:00 IST$/ })).toBeVisible();
  await expectState(page, "hi", "not-open");

  answer = "real";
  await context.grantPermissions(["camera", "microphone"]);
  await page.goto(room);
  await expect(page.getByText(hi.room("room.check.works"))).toBeVisible();
  await expectState(page, "hi", "device-ready");
  await page.getByRole("button", { name: hi.room("room.check.continue"), exact: true }).click();
  await expect(page.getByRole("heading", { name: hi.room("room.waiting.title") })).toBeVisible();
  await expect(
    page
      .getByRole("complementary", { name: hi.room("room.details.label") })
      .getByText("6 साल", { exact: true }),
  ).toBeVisible();
  await expectState(page, "hi", "waiting");

  await page.goto("/hi/video-consultation/not-a-room");
  await expect(page.getByRole("heading", { level: 1, name: hi.room("room.notFound.title") })).toBeVisible();
  await expectState(page, "hi", "not-found");
});
