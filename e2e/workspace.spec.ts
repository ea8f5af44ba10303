import { slotStart } from "@shared/clinic-time";
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { chromiumArgs } from "../scripts/chromium.mjs";
import { logInAsAdmin, logInThroughApi } from "./support/admin";
import { expectNoSevereViolations } from "./support/axe";
import { bookAndPayThroughApi, inDays } from "./support/booking";
import { screenshots } from "./support/screenshots";
import { type OwnSite, startOwnSite } from "./support/site";

/**
 * A consultation carried through in the console's workspace: the parent checks the camera and microphone (the
 * browser's made-up devices) and waits; the doctor sees them waiting on Today, opens the workspace, reads the
 * parent's report in place, writes notes that save as she types, issues a prescription from her template, starts
 * the call (the parent's page joins by itself), and marks the consultation completed. And a parent whose browser
 * refuses the camera is told what to do.
 */
const port = Number(process.env.E2E_PORT ?? 5180) + 61;
const base = `http://127.0.0.1:${port}`;
const standInScriptUrl = `http://127.0.0.1:${port + 1}/external_api.js`;
/**
 * The full browser: the headless shell the other tests run in has no camera at all (NotSupportedError), while the
 * full one takes the made-up devices (--use-fake-device-for-media-stream) where the permission is granted.
 */
test.use({
  baseURL: base,
  launchOptions: {
    executablePath: "/usr/bin/chromium",
    args: [...chromiumArgs, "--use-fake-device-for-media-stream"],
  },
});
// Both tests start their own site on the same port.
test.describe.configure({ mode: "serial" });

/** A Jitsi IFrame API that draws a placeholder meeting and reports nothing: enough to see the call embedded. */
const standIn = `window.JitsiMeetExternalAPI = class {
  constructor(domain, options) {
    const meeting = document.createElement("div");
    meeting.dataset.testid = "stand-in-meeting";
    meeting.textContent = "Meeting " + options.roomName + " as " + options.userInfo.displayName;
    options.parentNode.appendChild(meeting);
    this.meeting = meeting;
  }
  addListener() {}
  dispose() { this.meeting.remove(); }
};`;

async function serveStandIn(target: Page | BrowserContext): Promise<void> {
  await target.route(standInScriptUrl, (route) =>
    route.fulfill({ status: 200, contentType: "text/javascript", body: standIn }),
  );
}

/** A parent's report, sent from the booking's own page. */
async function uploadReport(request: APIRequestContext, manageUrl: string, name: string): Promise<void> {
  const token = new URL(manageUrl).pathname.split("/").at(-1) ?? "";
  const uploaded = await request.post(`/api/manage/${token}/uploads`, {
    multipart: {
      file: {
        name,
        mimeType: "application/pdf",
        buffer: Buffer.concat([
          Buffer.from("%PDF-1.4\n1 0 obj\n"),
          Buffer.alloc(800, 32),
          Buffer.from("\n%%EOF\n"),
        ]),
      },
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
}

let site: OwnSite;

test.afterEach(async () => {
  await site.stop();
});

test("the doctor carries a consultation through in the workspace while the parent waits in the waiting room", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  site = await startOwnSite("workspace", { port });
  const day = inDays(2);
  // Her evening: Arjun at 7:00 (who will not come), Meera at 7:20 (who sent an echo and waits), Kabir at 7:40 (an ECG).
  const arjun = await bookAndPayThroughApi(request, { patientName: "Arjun Das", date: day, time: "19:00" });
  const booked = await bookAndPayThroughApi(request, { patientName: "Meera Rao", date: day, time: "19:20" });
  const kabir = await bookAndPayThroughApi(request, { patientName: "Kabir Shah", date: day, time: "19:40" });
  // Meera's review, booked for the next day.
  const review = await bookAndPayThroughApi(request, {
    patientName: "Meera Rao",
    date: inDays(3),
    time: "19:00",
  });
  await uploadReport(request, booked.manageUrl, "echo.pdf");
  await uploadReport(request, kabir.manageUrl, "ecg.pdf");
  await logInThroughApi(request, base);
  const template = await request.put("/api/admin/prescription-templates", {
    data: {
      name: "Innocent murmur",
      diagnosis: "Innocent (functional) heart murmur",
      medicines: [],
      advice: "No treatment needed. Normal activity and play.",
    },
    headers: { origin: base },
  });
  expect(template.status(), await template.text()).toBe(200);

  // The day itself, five minutes into Meera's consultation: her room is open, a prescription can be issued.
  await site.stop();
  site = await startOwnSite("workspace", {
    port,
    dataDir: site.dataDir,
    clockAt: new Date(slotStart(day, "19:20", "Asia/Kolkata").getTime() + 5 * 60_000),
    env: { JITSI_SCRIPT_URL: standInScriptUrl },
  });

  // The parent, on a phone, checks the camera and microphone and waits.
  const parentContext = await browser.newContext({
    baseURL: base,
    viewport: { width: 360, height: 740 },
    permissions: ["camera", "microphone"],
  });
  await serveStandIn(parentContext);
  const parent = await parentContext.newPage();
  await logInThroughApi(request, base);
  const list = (await (await request.get("/api/appointments?limit=10")).json()) as {
    appointments: { id: string; videoRoomUrl: string | null }[];
  };
  const roomUrl = list.appointments.find((row) => row.id === booked.id)?.videoRoomUrl ?? "";
  await parent.goto(new URL(roomUrl).pathname);
  await expect(parent.getByRole("heading", { name: "Check your camera and microphone" })).toBeVisible();
  await expect(parent.getByText("Your camera and microphone work.")).toBeVisible();
  await expect(parent.getByRole("meter", { name: /the bar moves/ })).toBeVisible();
  await screenshots(parent, "waiting-room-check");
  await parent.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(parent.getByRole("heading", { name: "The doctor will join shortly" })).toBeVisible();
  await expect(parent.getByRole("complementary", { name: "Consultation details" })).toContainText(
    "Meera Rao",
  );
  await screenshots(parent, "waiting-room");

  // The doctor sees the parent waiting on Today, and opens the workspace.
  await page.setViewportSize({ width: 1280, height: 900 });
  await logInAsAdmin(page);
  await page.goto("/admin/today");
  const entries = page
    .getByRole("list", { name: "Today's consultations and blocked times" })
    .getByRole("listitem");
  await expect(entries).toHaveCount(3);
  const entry = entries.filter({ hasText: "Meera Rao" });
  await expect(entry).toContainText(/Parent waiting since 7:2\d PM/);
  await expect(entry).toContainText("1 report");
  await expect(entries.filter({ hasText: "Kabir Shah" })).toContainText("1 report");
  await expect(entries.filter({ hasText: "Kabir Shah" })).not.toContainText("Parent waiting");
  // Arjun's parent never came: marked a no-show at the end of his consultation, and she is back on Today.
  const arjunEntry = entries.filter({ hasText: "Arjun Das" });
  await arjunEntry.getByRole("link", { name: "Open Arjun Das's consultation" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/appointments/${arjun.id}$`));
  await page.getByRole("tab", { name: "Finish" }).click();
  await page.getByRole("button", { name: "Mark no-show" }).click();
  // Asked first: the fee is kept and the parent's link stops working.
  const noShow = page.getByRole("dialog", { name: "Mark Arjun Das as a no-show?" });
  await noShow.getByRole("button", { name: "Mark no-show" }).click();
  await expect(noShow).toBeHidden();
  await expect(page.getByRole("complementary").getByText("No-show").first()).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Today", exact: true }).click();
  await expect(arjunEntry).toContainText("No-show");

  // Kabir's consultation has not started: she prepares his prescription and keeps it as a template, but issues
  // nothing yet; the end of the consultation says when it opens.
  await entries
    .filter({ hasText: "Kabir Shah" })
    .getByRole("link", { name: "Open Kabir Shah's consultation" })
    .click();
  await page.getByRole("tab", { name: "Prescription" }).click();
  await expect(page.getByTestId("prescription-not-issuable")).toContainText(
    "A prescription can be issued once the consultation has started",
  );
  await page.getByRole("button", { name: "Prepare the prescription" }).click();
  await page.getByLabel("Provisional diagnosis").fill("Ventricular septal defect, small");
  await page.getByLabel("Advice (optional)").fill("Review with an echo in six months.");
  await expect(page.getByRole("button", { name: "Issue prescription" })).toBeDisabled();
  await page.getByRole("button", { name: "Save as template" }).click();
  await page.getByLabel("Template name").fill("Small VSD");
  await page.getByRole("button", { name: "Save template" }).click();
  await expect(page.getByLabel("Fill from a template")).toContainText("Small VSD");
  await page.getByRole("tab", { name: "Finish" }).click();
  await expect(page.getByTestId("outcome-not-yet")).toHaveText(
    "Completed and No-show appear here when the consultation starts, at 7:40 PM.",
  );
  await expect(page.getByRole("button", { name: "Mark completed" })).toHaveCount(0);
  await screenshots(page, "workspace-before-start");
  await page.getByRole("main").getByRole("link", { name: "Today", exact: true }).click();
  await screenshots(page, "workspace-today");
  await entry.getByRole("link", { name: "Open Meera Rao's consultation" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/appointments/${booked.id}$`));
  const record = page.getByRole("complementary", { name: "The child's record" });
  // Her review, already booked, is in the record; nothing else.
  await expect(record.getByRole("heading", { name: "Other consultations" })).toBeVisible();
  await expect(record.getByRole("region", { name: "Other consultations" }).getByRole("listitem")).toHaveCount(
    1,
  );
  await expect(record).not.toContainText("Check that this is the same child");
  await expect(record).toContainText(/Version .+, given by/);
  await expect(page.getByText("The parent is waiting")).toBeVisible();

  // The report, in place.
  await record.getByRole("tab", { name: "Reports" }).click();
  await record.getByRole("button", { name: "View echo.pdf" }).click();
  const viewer = record.locator("iframe[title='echo.pdf']");
  await expect(viewer).toHaveAttribute("src", /\/uploads\/[0-9a-f-]+\?view=inline$/);

  // Notes save as she types.
  await record.getByRole("tab", { name: "Notes" }).click();
  await record
    .getByRole("textbox", { name: "Consultation notes" })
    .fill("Soft systolic murmur, left sternal border; echo normal.");
  await expect(record.getByRole("status").filter({ hasText: /^Saved \d/ })).toBeVisible();
  await page.reload();
  await page.getByRole("tab", { name: "Notes" }).click();
  await expect(page.getByRole("textbox", { name: "Consultation notes" })).toHaveValue(
    "Soft systolic murmur, left sternal border; echo normal.",
  );

  // A prescription from her template: advice only.
  await page.getByRole("tab", { name: "Prescription" }).click();
  await page.getByRole("button", { name: "Write prescription" }).click();
  await page.getByLabel("Fill from a template").selectOption({ label: "Innocent murmur" });
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByLabel("Provisional diagnosis")).toHaveValue("Innocent (functional) heart murmur");
  await expect(page.getByLabel("Advice (optional)")).toHaveValue(
    "No treatment needed. Normal activity and play.",
  );
  await page.getByRole("radio", { name: "Female" }).check();
  await page.getByLabel("Weight in kg (optional)").fill("21.5");
  await page.getByRole("button", { name: "Issue prescription" }).click();
  await page.getByRole("button", { name: "Issue and send" }).click();
  await expect(page.getByRole("list", { name: "Prescription versions" })).toContainText("Version 1");
  // How it went to the parent, where she issued it (no channel is set up on this site: held on the server).
  const delivery = page.getByTestId("prescription-delivery");
  await expect(delivery.getByText(/^To the parent:/)).toHaveText(
    "To the parent: E-mail held · WhatsApp held",
    {
      timeout: 30_000,
    },
  );
  await expect(delivery).toContainText("Not sent: e-mail or WhatsApp is not set up for the site yet.");
  await expectNoSevereViolations(page, "main");
  await screenshots(page, "workspace");

  // She joins from Today: the workspace opens with the call started, and the parent's waiting room joins by itself
  // at its next beat.
  await serveStandIn(page);
  await page.getByRole("main").getByRole("link", { name: "Today", exact: true }).click();
  await entry.getByRole("link", { name: "Join Meera Rao's consultation as host" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/appointments/${booked.id}$`));
  await expect(page.getByTestId("stand-in-meeting")).toContainText("as Dr.");
  await expect(parent.getByTestId("stand-in-meeting")).toContainText("as Meera Rao", { timeout: 30_000 });
  // The console's own links ask before leaving the call; she stays.
  const leaving = new Promise<string>((resolve) =>
    page.once("dialog", (dialog) => {
      resolve(dialog.message());
      void dialog.dismiss();
    }),
  );
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Messages" }).click();
  expect(await leaving).toBe("Leave the consultation? Your video call ends.");
  await expect(page.getByTestId("stand-in-meeting")).toContainText("as Dr.");
  await expect(page).toHaveURL(new RegExp(`/admin/appointments/${booked.id}$`));

  // At the end: completed.
  await page.getByRole("tab", { name: "Finish" }).click();
  await page.getByRole("button", { name: "Mark completed" }).click();
  await expect(page.getByText("Completed").first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Book a follow-up" })).toBeVisible();

  // On a phone the record is in a drawer. The call is on: the browser asks before the reload drops it.
  await page.setViewportSize({ width: 360, height: 800 });
  const asked = new Promise<string>((resolve) =>
    page.once("dialog", (dialog) => {
      resolve(dialog.type());
      void dialog.accept();
    }),
  );
  await page.reload();
  expect(await asked).toBe("beforeunload");
  // The reload does not start the call again by itself.
  await expect(page.getByRole("button", { name: "Start the video call" })).toBeVisible();
  await page.getByRole("button", { name: "Record, reports, notes and prescription" }).click();
  const drawer = page.getByRole("complementary", { name: "The child's record" });
  await expect(drawer.getByRole("tab", { name: "Record" })).toBeVisible();
  await screenshots(page, "workspace-phone");
  // Notes typed and the drawer closed at once, before the pause the save waits for: they are saved all the same.
  // (The screenshots leave the page at their last width: back to the phone's.)
  await page.setViewportSize({ width: 360, height: 800 });
  if (!(await drawer.isVisible()))
    await page.getByRole("button", { name: "Record, reports, notes and prescription" }).click();
  await drawer.getByRole("tab", { name: "Notes" }).click();
  const notes = drawer.getByRole("textbox", { name: "Consultation notes" });
  await notes.fill("Review in three months.");
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  await page.getByRole("button", { name: "Record, reports, notes and prescription" }).click();
  await drawer.getByRole("tab", { name: "Notes" }).click();
  await expect(notes).toHaveValue("Review in three months.");
  await expect(drawer.getByRole("status").filter({ hasText: /^Saved \d/ })).toBeVisible();
  // A prescription half written survives closing the drawer to look at the child.
  await drawer.getByRole("tab", { name: "Prescription" }).click();
  await drawer.getByRole("button", { name: "Issue correction" }).click();
  await drawer.getByLabel("Advice (optional)").fill("Half written advice");
  await drawer.getByRole("button", { name: "Close" }).click();
  await expect(drawer).toBeHidden();
  await page.getByRole("button", { name: "Record, reports, notes and prescription" }).click();
  await expect(drawer.getByLabel("Advice (optional)")).toHaveValue("Half written advice");
  await page.reload();
  // The half-written correction outlives the reload too, until she cancels it: the record opens on it.
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole("tab", { name: "Prescription" })).toHaveAttribute("aria-selected", "true");
  await drawer.getByRole("tab", { name: "Notes" }).click();
  await expect(notes).toHaveValue("Review in three months.");
  await drawer.getByRole("tab", { name: "Prescription" }).click();
  await expect(drawer.getByTestId("prescription-restored")).toBeVisible();
  await expect(drawer.getByLabel("Advice (optional)")).toHaveValue("Half written advice");
  // Cancel asks before it throws her writing away.
  await drawer.getByRole("button", { name: "Cancel" }).click();
  const discard = page.getByRole("dialog", { name: "Discard this correction?" });
  await discard.getByRole("button", { name: "Keep writing" }).click();
  await expect(drawer.getByLabel("Advice (optional)")).toHaveValue("Half written advice");
  await drawer.getByRole("button", { name: "Cancel" }).click();
  await discard.getByRole("button", { name: "Discard" }).click();
  await page.reload();
  await page.getByRole("button", { name: "Record, reports, notes and prescription" }).click();
  await drawer.getByRole("tab", { name: "Prescription" }).click();
  await expect(drawer.getByRole("button", { name: "Issue correction" })).toBeVisible();
  await expect(drawer.getByLabel("Advice (optional)")).toHaveCount(0);
  // The calendar marks how each consultation ended.
  await page.goto("/admin/calendar");
  const calendarToday = page.getByRole("region", { name: /· Today$/ });
  await expect(calendarToday.getByRole("button", { name: "7:00 PM, Arjun Das · No-show" })).toBeVisible();
  await expect(calendarToday.getByRole("button", { name: "7:20 PM, Meera Rao · Completed" })).toBeVisible();
  // Meera's review: its prescription starts from the sex of today's, and shows today's weight as a hint only.
  await page.goto(`/admin/appointments/${review.id}`);
  await page.getByRole("button", { name: "Record, reports, notes and prescription" }).click();
  await drawer.getByRole("tab", { name: "Prescription" }).click();
  await drawer.getByRole("button", { name: "Prepare the prescription" }).click();
  await expect(drawer.getByRole("radio", { name: "Female" })).toBeChecked();
  await expect(drawer).toContainText(
    /As on the child's prescription of \d{1,2} \w{3} \d{4}; change it if that is wrong\./,
  );
  await expect(drawer.getByLabel("Weight in kg (optional)")).toHaveValue("");
  await expect(drawer).toContainText(/21\.5 kg on \d{1,2} \w{3} \d{4}: weigh again for today's dose\./);
  await screenshots(page, "workspace-review-prescription");
  // And the record beside it says what today's prescription gave, without opening its PDF.
  await drawer.getByRole("tab", { name: "Record" }).click();
  await expect(drawer).toContainText("DiagnosisInnocent (functional) heart murmur");
  await expect(drawer).toContainText("Weight21.5 kg");
  await parentContext.close();
});

test("a parent whose browser refuses the camera is told how to allow it, and can still go on", async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  site = await startOwnSite("workspace-denied", { port, env: { VIDEO_ROOM_OPENS_MINUTES: "100000" } });
  const booked = await bookAndPayThroughApi(request, {
    patientName: "Arjun Das",
    date: inDays(3),
    time: "19:00",
  });
  await logInThroughApi(request, base);
  const list = (await (await request.get("/api/appointments?limit=5")).json()) as {
    appointments: { id: string; videoRoomUrl: string | null }[];
  };
  const roomUrl = list.appointments.find((row) => row.id === booked.id)?.videoRoomUrl ?? "";
  const context = await browser.newContext({ baseURL: base, viewport: { width: 360, height: 740 } });
  const parent = await context.newPage();
  // The browser answers the page's request as one whose person chose Block.
  await context.clearPermissions();
  await parent.goto(new URL(roomUrl).pathname);
  const problem = parent.getByRole("alert");
  await expect(problem).toContainText("Your browser is not letting this page use the camera and microphone.");
  await expect(problem).toContainText("Tap the lock or camera icon next to the web address");
  await expect(problem.getByRole("button", { name: "Try again" })).toBeVisible();
  await screenshots(parent, "waiting-room-blocked");
  await problem.getByRole("button", { name: "Continue anyway" }).click();
  await expect(parent.getByRole("heading", { name: "The doctor will join shortly" })).toBeVisible();
  await context.close();
});
