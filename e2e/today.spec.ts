import { slotStart } from "@shared/clinic-time";
import { expect, test } from "@playwright/test";
import { logInAsAdmin, logInThroughApi, openConsolePage } from "./support/admin";
import { expectNoSevereViolations } from "./support/axe";
import { bookAndPayThroughApi, inDays } from "./support/booking";
import { screenshots } from "./support/screenshots";
import { type OwnSite, startOwnSite } from "./support/site";

/**
 * The doctor's day in the console: three consultations booked and paid, one with a report, a blocked time between
 * them, seen from the Today page on the day itself (the site is started again with its clock on that day), the next
 * one highlighted with its countdown, each opening its appointment.
 */
const port = Number(process.env.E2E_PORT ?? 5180) + 43;
const base = `http://127.0.0.1:${port}`;
test.use({ baseURL: base });

let site: OwnSite;

test.afterEach(async () => {
  await site.stop();
});

test("the doctor opens Today and sees the day in order, the next consultation counted down; the calendar shows the week and blocks a time", async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  site = await startOwnSite("today", { port });
  const day = inDays(2);
  const first = await bookAndPayThroughApi(request, { patientName: "Diya Sharma", date: day, time: "19:00" });
  await bookAndPayThroughApi(request, { patientName: "Kabir Shah", date: day, time: "19:20" });
  await bookAndPayThroughApi(request, { patientName: "Rohan Iyer", date: day, time: "20:00" });
  // Diya's parent sends an echo report before the call.
  const token = new URL(first.manageUrl).pathname.split("/").at(-1) ?? "";
  const uploaded = await request.post(`/api/manage/${token}/uploads`, {
    multipart: {
      file: {
        name: "echo.pdf",
        mimeType: "application/pdf",
        buffer: Buffer.concat([Buffer.from("%PDF-1.7\n1 0 obj\n"), Buffer.alloc(2000, 32)]),
      },
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  await logInThroughApi(request, base);
  const blocked = await request.post("/api/admin/schedule/exceptions", {
    data: { kind: "block", date: day, time: "19:40", note: "Ward round" },
    headers: { origin: base },
  });
  expect(blocked.status(), await blocked.text()).toBe(201);

  // The day itself, ten minutes before the first consultation.
  await site.stop();
  site = await startOwnSite("today", {
    port,
    dataDir: site.dataDir,
    clockAt: new Date(slotStart(day, "19:00", "Asia/Kolkata").getTime() - 10 * 60_000),
  });
  await page.setViewportSize({ width: 360, height: 800 });
  await logInAsAdmin(page);
  await openConsolePage(page, "Today");
  const entries = page
    .getByRole("list", { name: "Today's consultations and blocked times" })
    .getByRole("listitem");
  await expect(entries).toHaveCount(4);
  await expect(entries.nth(0)).toContainText("7:00 PM");
  await expect(entries.nth(0)).toContainText("Diya Sharma");
  await expect(entries.nth(0)).toContainText("Next · Starts in 10 min");
  await expect(entries.nth(0)).toContainText("1 report");
  await expect(entries.nth(0)).toContainText("Murmur heard at school");
  await expect(entries.nth(0)).toContainText("Paid");
  await expect(entries.nth(1)).toContainText("Kabir Shah");
  await expect(entries.nth(1)).toContainText("No reports");
  await expect(entries.nth(1)).not.toContainText("Next");
  await expect(entries.nth(2)).toContainText("7:40 PM");
  await expect(entries.nth(2)).toContainText("Blocked: Ward round");
  await expect(entries.nth(3)).toContainText("Rohan Iyer");
  await expect(
    entries.nth(0).getByRole("link", { name: "Join Diya Sharma's consultation as host" }),
  ).toHaveAttribute("href", /\/admin\/appointments\/[0-9a-f-]{36}$/);
  await expectNoSevereViolations(page, "main");
  await screenshots(page, "today");

  // The page keeps its place on a reload, and each consultation opens its appointment.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Today" })).toBeVisible();
  await page.getByRole("link", { name: "Open Kabir Shah's consultation" }).click();
  await expect(page.getByRole("heading", { level: 2, name: /^Kabir Shah/ })).toBeVisible();
  await expect(page.getByText("Murmur heard at school")).toBeVisible();
  await screenshots(page, "today-open");
  // Back where she came from.
  await page.getByRole("main").getByRole("link", { name: "Today", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Today" })).toBeVisible();

  // The calendar opens on this week, on a phone at today's date.
  await openConsolePage(page, "Calendar");
  const today = page.getByRole("region", { name: /· Today$/ });
  await expect(today.getByRole("button", { name: "7:00 PM, Diya Sharma" })).toBeVisible();
  await expect(today.getByRole("button", { name: "7:40 PM, Blocked: Ward round" })).toBeVisible();
  await expectNoSevereViolations(page, "main");
  await screenshots(page, "calendar");
  // A booking opened from the calendar leads back to the calendar.
  await today.getByRole("button", { name: "7:00 PM, Diya Sharma" }).click();
  await page
    .getByRole("dialog", { name: "Diya Sharma" })
    .getByRole("link", { name: "Open the consultation workspace" })
    .click();
  await page.getByRole("main").getByRole("link", { name: "Calendar", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Calendar" })).toBeVisible();
  // Free times are blocked from it, the tapped one and the one after it at once, and freed again.
  await today.getByRole("button", { name: "8:20 PM, Free" }).click();
  const block = page.getByRole("dialog", { name: /^Block (This Time|These Times)$/ });
  await expect(block.getByLabel("Block until").getByRole("option")).toHaveText([
    "8:40 PM (this time only)",
    "9:00 PM (2 times)",
  ]);
  await block.getByLabel("Block until").selectOption({ label: "9:00 PM (2 times)" });
  await expect(block).toContainText("Parents will not be able to book 8:20 PM to 9:00 PM on");
  await block.getByLabel("Note (only you see it)").fill("School meeting");
  await screenshots(page, "calendar-block-run");
  await page.setViewportSize({ width: 360, height: 800 });
  await expect(block.getByRole("heading", { name: "Block These Times" })).toBeVisible();
  await block.getByRole("button", { name: "Block times" }).click();
  await expect(today.getByRole("button", { name: "8:20 PM, Blocked: School meeting" })).toBeVisible();
  await expect(today.getByRole("button", { name: "8:40 PM, Blocked: School meeting" })).toBeVisible();
  // Freed together the same way.
  await today.getByRole("button", { name: "8:20 PM, Blocked: School meeting" }).click();
  const free = page.getByRole("dialog", { name: /^Free (This Time|These Times)$/ });
  await free.getByLabel("Free until").selectOption({ label: "9:00 PM (2 times)" });
  await expect(free).toContainText("Parents will be able to book 8:20 PM to 9:00 PM on");
  await free.getByRole("button", { name: "Free times" }).click();
  await expect(today.getByRole("button", { name: "8:20 PM, Free" })).toBeVisible();
  await expect(today.getByRole("button", { name: "8:40 PM, Free" })).toBeVisible();
  // The next week is an address of its own, kept on a reload.
  await page.getByRole("button", { name: "Next week" }).click();
  await expect(page).toHaveURL(/\/admin\/calendar\?week=\d{4}-\d{2}-\d{2}$/);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Calendar" })).toBeVisible();
  await expect(page.getByRole("region", { name: /· Today$/ })).toHaveCount(0);
});
