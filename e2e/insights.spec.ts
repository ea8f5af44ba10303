import { readFile } from "node:fs/promises";
import { addDaysToDate, clinicDate } from "@shared/clinic-time";
import { addMonths } from "@shared/insights";
import { expect, test } from "@playwright/test";
import { logInAsAdmin, logInThroughApi, openConsolePage } from "./support/admin";
import { expectNoSevereViolations } from "./support/axe";
import { bookAndPayThroughApi, chooseSlot, continueToPayment, fillDetails, inDays } from "./support/booking";
import { waitUntilHydrated } from "./support/hydration";
import { screenshots } from "./support/screenshots";
import { type OwnSite, startOwnSite } from "./support/site";

/**
 * The console's Insights: a parent books from an article's page in the browser, another through the API; the doctor
 * opens Insights on a phone and on a desktop, reads the month's figures and the article the booking came from, and
 * downloads the receipts as CSV for her accountant.
 */
const port = Number(process.env.E2E_PORT ?? 5180) + 47;
const base = `http://127.0.0.1:${port}`;
test.use({ baseURL: base });

let site: OwnSite | undefined;

test.afterEach(async () => {
  await site?.stop();
  site = undefined;
});

test("the doctor reads the month's figures and the article a booking came from, and downloads the receipts", async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  site = await startOwnSite("insights", { port });
  await logInThroughApi(request, base);
  const created = await request.post("/api/admin/articles", {
    data: {
      title: "When a Child Faints",
      excerpt: "What fainting means in children, and when to see a cardiologist.",
      content: "Most fainting in children is harmless. Some is not.",
      published: true,
    },
    headers: { origin: base },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { slug } = ((await created.json()) as { article: { slug: string } }).article;

  // A parent reads the article and books from its page, paying on the simulator.
  await page.goto(`/articles/${slug}`);
  const book = page.getByRole("article").getByRole("button", { name: "Book Video Consultation" });
  await waitUntilHydrated(book);
  await book.click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Patient Details" })).toBeVisible();
  await fillDetails(dialog, { name: "Anaya Kulkarni", email: "anaya.parent@example.org" });
  await chooseSlot(dialog, inDays(2), "7:00 PM");
  await continueToPayment(dialog);
  await dialog.getByRole("button", { name: /^Pay ₹[\d,]+ & Confirm/ }).click();
  await page.waitForURL(/\/payment\/simulator\//);
  await page.getByRole("button", { name: /^Pay ₹[\d,]+$/ }).click();
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
  // Another parent books from the home page (here through the API): no article.
  await bookAndPayThroughApi(request, { patientName: "Rohan Mehta", date: inDays(2), time: "19:20" });

  // The months of both consultations, whatever the day of the month: this one and the next.
  const today = clinicDate(new Date(), "Asia/Kolkata");
  const thisMonth = today.slice(0, 7);
  await page.setViewportSize({ width: 360, height: 800 });
  await logInAsAdmin(page);
  await openConsolePage(page, "Insights");
  const months = page.getByRole("form", { name: "Months shown" });
  await expect(months.getByLabel("From month")).toHaveValue(addMonths(thisMonth, -11));
  await expect(months.getByLabel("To month")).toHaveValue(thisMonth);
  await months.getByLabel("From month").fill(thisMonth);
  await months.getByLabel("To month").fill(addMonths(thisMonth, 1));
  await months.getByRole("button", { name: "Show months" }).click();
  await expect(page).toHaveURL(
    new RegExp(`/admin/insights\\?from=${thisMonth}&to=${addMonths(thisMonth, 1)}$`),
  );

  // On the phone each month is a card, in the table's order, every figure in view.
  const cards = page.getByRole("list", { name: "Figures for each month" }).getByRole("listitem");
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0).getByRole("heading")).toHaveText(/\(so far\)$/);
  await expect(cards.nth(0)).toContainText("Received₹4,000");
  await expect(cards.nth(0)).toContainText("Share paid100%");
  const table = page.getByRole("table", { name: /^Figures for each month/ });
  await expect(table).toBeHidden();
  const totals = page.getByRole("definition").filter({ hasText: "%" });
  await expect(totals.first()).toHaveText("100%");
  const articles = page.getByRole("table", { name: /^Bookings made from each article/ });
  await expect(articles.getByRole("row").nth(1)).toHaveText(/When a Child Faints\s*1\s*1/);
  await expect(articles.getByRole("link", { name: "When a Child Faints" })).toHaveAttribute(
    "href",
    `/articles/${slug}`,
  );
  // Nothing wider than the phone but the table's own scrolling region.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoSevereViolations(page, "main");
  await screenshots(page, "insights");

  // The receipts of yesterday and today, as the accountant's CSV.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Insights" })).toBeVisible();
  // On a laptop, the months are a table.
  await expect(table.getByRole("rowheader")).toHaveText([/\(so far\)$/, /\d{4}$/, "Total"]);
  const totalRow = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Total" }) });
  // Consultations, no-shows, received, refunds, refunded, started, paid, share paid.
  await expect(totalRow.getByRole("cell")).toHaveText(["2", "0", "₹4,000", "0", "₹0", "2", "2", "100%"]);
  const current = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: /so far/ }) });
  await expect(current.getByRole("cell").nth(2)).toHaveText("₹4,000");
  const receipts = page.getByRole("form", { name: "Download receipts" });
  // It says what the file will hold before it is downloaded.
  await receipts.getByRole("button", { name: "This month so far" }).click();
  await expect(receipts.getByLabel("To date")).toHaveValue(today);
  await expect(receipts.getByTestId("receipts-count")).toHaveText(
    "2 payments received between these dates, ₹4,000 in all.",
  );
  await receipts.getByLabel("From date").fill("2020-01-01");
  await receipts.getByLabel("To date").fill("2020-01-31");
  await expect(receipts.getByTestId("receipts-count")).toHaveText(
    "No payment was received between these dates: the file would hold only its column headings.",
  );
  await receipts.getByLabel("From date").fill(today);
  await receipts.getByLabel("To date").fill(addDaysToDate(today, -1));
  await receipts.getByRole("button", { name: "Download CSV" }).click();
  await expect(receipts.getByText("The first date must not be after the last")).toBeVisible();
  await receipts.getByLabel("From date").fill(addDaysToDate(today, -1));
  await receipts.getByLabel("To date").fill(today);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    receipts.getByRole("button", { name: "Download CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`receipts-${addDaysToDate(today, -1)}-to-${today}.csv`);
  const csv = (await readFile(await download.path())).toString("utf8");
  const lines = csv
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");
  expect(lines[0]).toMatch(/^Receipt number,Date paid,Booking ID,Patient,/);
  expect(lines).toHaveLength(3);
  expect(lines[1]).toMatch(new RegExp(`^\\d{4}-\\d{2}/\\d{6},${today},[0-9a-f]{8},Anaya Kulkarni,`));
  expect(lines[2]).toContain(",Rohan Mehta,");
  for (const line of lines.slice(1)) expect(line).toContain(",2000,0,,Payment simulator (test payment),");
  await expect(page.getByRole("heading", { level: 1, name: "Insights" })).toBeVisible();
});
