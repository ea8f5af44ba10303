import { slotStart } from "@shared/clinic-time";
import { expect, test } from "@playwright/test";
import { logInAsAdmin, openConsolePage } from "./support/admin";
import { expectNoSevereViolations } from "./support/axe";
import { bookAndPayThroughApi, inDays } from "./support/booking";
import { screenshots } from "./support/screenshots";
import { type OwnSite, startOwnSite } from "./support/site";

/**
 * Running late, from the Today page on a phone: three consultations booked and paid, the site started again on the
 * day at 7:25 PM, when the 7:00 one is over; the doctor taps Running late, sees the two parents who will be told,
 * picks 15 minutes and sends, and the messages are on the Messages page.
 */
const port = Number(process.env.E2E_PORT ?? 5180) + 58;
const base = `http://127.0.0.1:${port}`;
test.use({ baseURL: base });

let site: OwnSite;

test.afterEach(async () => {
  await site.stop();
});

test("the doctor taps Running late, picks 15 minutes, the next parents are told and the messages are listed", async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  site = await startOwnSite("running-late", { port });
  const day = inDays(2);
  await bookAndPayThroughApi(request, { patientName: "Diya Sharma", date: day, time: "19:00" });
  await bookAndPayThroughApi(request, { patientName: "Kabir Shah", date: day, time: "19:20" });
  await bookAndPayThroughApi(request, { patientName: "Rohan Iyer", date: day, time: "20:00" });

  // The day itself at 7:25 PM: Diya's consultation is over, Kabir's under way, Rohan's to come.
  await site.stop();
  site = await startOwnSite("running-late", {
    port,
    dataDir: site.dataDir,
    clockAt: new Date(slotStart(day, "19:20", "Asia/Kolkata").getTime() + 5 * 60_000),
  });
  await page.setViewportSize({ width: 360, height: 800 });
  await logInAsAdmin(page);
  await openConsolePage(page, "Today");
  await expect(page.getByRole("heading", { level: 3, name: /Rohan Iyer/ })).toBeVisible();
  await screenshots(page, "today-running-late");
  await page.setViewportSize({ width: 360, height: 800 });
  await page.getByRole("button", { name: "Running late" }).click();
  const dialog = page.getByRole("dialog", { name: "Running Late" });
  const told = dialog.getByRole("region", { name: /^Who will be told/ });
  await expect(told.getByRole("listitem")).toHaveCount(2);
  await expect(told.getByRole("listitem").nth(0)).toContainText("7:20 PM IST");
  await expect(told.getByRole("listitem").nth(0)).toContainText("Kabir Shah");
  await expect(told.getByRole("listitem").nth(1)).toContainText("Rohan Iyer");
  await expect(told).not.toContainText("Diya Sharma");
  await dialog.getByRole("radio", { name: "15 min" }).check();
  await expect(dialog).toContainText("The doctor is running about 15 minutes late");
  await expectNoSevereViolations(page, '[role="dialog"]');
  await screenshots(page, "running-late", dialog);
  await page.setViewportSize({ width: 360, height: 800 });

  await dialog.getByRole("button", { name: "Tell 2 parents" }).click();
  await expect(page.getByText("Told 2 parents", { exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  // Today keeps what she said, and the next press starts from it.
  await expect(
    page.getByText(/^Told 2 parents at \d{1,2}:\d{2} [AP]M: about 15 minutes late\.$/),
  ).toBeVisible();
  // The countdown to the consultation under way says the parents were told a later time.
  await expect(
    page.getByText(/^Now · Started \d+ min ago \(you told the parents about 15 min late\)$/),
  ).toBeVisible();
  await page.getByRole("button", { name: "Running late" }).click();
  await expect(dialog.getByRole("radio", { name: "15 min" })).toBeChecked();
  await page.keyboard.press("Escape");
  // Kabir's parent is 5 minutes past the start: marking a no-show now, she is told the 15 minutes of the policy
  // count from the time she gave the parents.
  await page.getByRole("link", { name: "Open Kabir Shah's consultation" }).click();
  await page.getByRole("button", { name: "Record, reports, notes and prescription" }).click();
  await page.getByRole("tab", { name: "Finish" }).click();
  await page.getByRole("button", { name: "Mark no-show" }).click();
  const noShow = page.getByRole("dialog", { name: "Mark Kabir Shah as a no-show?" });
  await expect(noShow).toContainText(
    "you told the parents you are running about 15 minutes late, so count from 7:35 PM: after 7:50 PM.",
  );
  await noShow.getByRole("button", { name: "Not yet" }).click();
  await page.goto("/admin/today");
  // No channel is set up here: once the outbox has run, Today says the messages did not go out (Today asks again
  // every 20 seconds).
  await expect(page.getByTestId("running-late-not-sent")).toHaveText(
    "4 of its messages have not gone out. See Messages",
    { timeout: 45_000 },
  );

  // Each parent's e-mail and WhatsApp message, on the Messages page (kept as files here: no channel is set up).
  await openConsolePage(page, "Messages");
  const section = page.getByRole("region", { name: "Notifications", exact: true });
  const late = section.getByTestId("notification-card").filter({ hasText: "Running about 15 min late" });
  await expect(late).toHaveCount(4);
  await expect(late.filter({ hasText: "Kabir Shah" })).toHaveCount(2);
  await expect(late.filter({ hasText: "Rohan Iyer" })).toHaveCount(2);
});
