import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import { logInAsAdmin, openConsolePage } from "./support/admin";
import { expectNoSevereViolations } from "./support/axe";
import { bookAndPay, inDays } from "./support/booking";
import { screenshots } from "./support/screenshots";
import { type OwnSite, startOwnSite } from "./support/site";
import { slotStart } from "../src/shared/clinic-time";

/**
 * The consultation record as a parent and the doctor live it: the parent books with consent, uploads an echo report
 * from the booking's page on a slow connection (the progress bar shows), the doctor opens the report, cannot write a
 * prescription before the consultation, writes one once it has started, and the parent downloads it from the same
 * page. A prescription waits for the consultation's start, so this runs on a site of its own, started again with its
 * clock at the consultation (its data kept).
 */
const port = Number(process.env.E2E_PORT ?? 5180) + 9;
test.use({ baseURL: `http://127.0.0.1:${port}` });

let site: OwnSite;

test.beforeEach(async () => {
  test.setTimeout(90_000);
  site = await startOwnSite("records", { port });
});

test.afterEach(async () => {
  await site.stop();
});

/** A small valid PDF, padded to `size` bytes, as a scanned report would be. */
function reportPdf(size: number): Buffer {
  const body =
    "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n";
  const trailer = "trailer << /Root 1 0 R >>\n%%EOF\n";
  return Buffer.concat([
    Buffer.from(body),
    Buffer.alloc(Math.max(0, size - body.length - trailer.length), 0x20),
    Buffer.from(trailer),
  ]);
}

async function pdfText(path: string): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(await readFile(path)));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

/** The download a click starts, saved by the browser; answers its suggested name and its path. */
async function download(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent("download"), click()]);
  return { name: file.suggestedFilename(), path: (await file.path()) ?? "" };
}

test("a parent uploads a report, the doctor reads it and prescribes, the parent downloads the prescription", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const patient = "Records Child";
  const date = inDays(7);
  await bookAndPay(page, { date, label: "8:40 PM" }, { name: patient, email: "records.parent@example.org" });
  await page.getByRole("link", { name: "Manage your booking" }).click();
  await expect(page.getByRole("heading", { name: "Your booking" })).toBeVisible();
  const reports = page.getByRole("region", { name: "Reports for the doctor" });
  await expect(reports.getByText("No reports uploaded yet.")).toBeVisible();

  // A 3 MB echo report over a slow upload link: the bar shows how much is sent.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 100,
    downloadThroughput: 1_000_000,
    uploadThroughput: 750_000,
  });
  await reports.locator('input[type="file"]').setInputFiles({
    name: "echo-report.pdf",
    mimeType: "application/pdf",
    buffer: reportPdf(3 * 1024 * 1024),
  });
  const bar = reports.getByRole("progressbar", { name: "Uploading echo-report.pdf" });
  await expect(bar).toBeVisible();
  await expect(reports.getByText(/^\d+% sent$/)).toBeVisible();
  await screenshots(page, "records-uploading", reports);
  await expect(reports.getByRole("list", { name: "Uploaded reports" })).toContainText("echo-report.pdf", {
    timeout: 60_000,
  });
  await expect(bar).toHaveCount(0);
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await screenshots(page, "records-uploaded");
  await expectNoSevereViolations(page);
  const manageUrl = page.url();

  // The doctor, on another browser, opens the appointment, reads the report and writes the prescription.
  const doctorContext = await browser.newContext({ acceptDownloads: true });
  const doctor = await doctorContext.newPage();
  await logInAsAdmin(doctor);
  const row = doctor.getByTestId("appointment-row").filter({ hasText: patient });
  await row.getByRole("button", { name: `${patient}: details` }).click();
  const details = doctor.getByRole("dialog", { name: patient });
  const fromParent = details.getByRole("list", { name: "Reports from the parent" });
  await expect(fromParent).toContainText("echo-report.pdf");
  const report = await download(doctor, () =>
    fromParent.getByRole("link", { name: "Download echo-report.pdf" }).click(),
  );
  expect(report.name).toBe("echo-report.pdf");
  expect((await readFile(report.path)).subarray(0, 5).toString()).toBe("%PDF-");

  // A week before the consultation: no prescription yet, and the dashboard says from when.
  const prescriptionArea = details.getByRole("region", { name: "Prescription" });
  await expect(prescriptionArea.getByTestId("prescription-not-issuable")).toHaveText(
    /^A prescription can be issued once the consultation has started, from \w+day, \d{1,2} \w+ \d{4}, 8:40 PM IST\. You can prepare it now, and save it or a part of it as a template\.$/,
  );
  await expect(prescriptionArea.getByRole("button", { name: "Write prescription" })).toHaveCount(0);
  await expect(prescriptionArea.getByRole("button", { name: "Prepare the prescription" })).toBeVisible();
  await screenshots(doctor, "records-prescription-before-start", prescriptionArea);

  // The site again, its clock ten minutes into the consultation; the doctor signs in afresh.
  await site.stop();
  site = await startOwnSite("records", {
    port,
    dataDir: site.dataDir,
    clockAt: new Date(slotStart(date, "20:40", "Asia/Kolkata").getTime() + 10 * 60_000),
  });
  await logInAsAdmin(doctor);
  await row.getByRole("button", { name: `${patient}: details` }).click();
  await details.getByRole("button", { name: "Write prescription" }).click();
  const form = details.getByRole("form", { name: "New prescription" });
  await form.getByRole("radio", { name: "Female" }).check();
  await form
    .getByLabel("Provisional diagnosis")
    .fill("Small ventricular septal defect, haemodynamically insignificant");
  await form.getByLabel("Generic name").fill("furosemide");
  await form.getByLabel("Strength").fill("10 mg/ml");
  await form.getByLabel("Dose").fill("1 ml");
  await form.getByLabel("Frequency").fill("Twice a day");
  await form.getByLabel("Duration").fill("5 days");
  await form.getByRole("button", { name: "Issue prescription" }).click();
  await form.getByRole("button", { name: "Issue and send" }).click();
  await expect(details.getByRole("list", { name: "Prescription versions" })).toContainText("Version 1");
  await screenshots(doctor, "records-doctor", details);

  // The patient's record gathers it, and the access log shows each look at it.
  await details.getByRole("button", { name: "Close dialog" }).click();
  await expect(details).toHaveCount(0);
  await doctor.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Patients" }).click();
  await expect(doctor.getByRole("heading", { level: 1, name: "Patients" })).toBeVisible();
  await doctor.getByLabel("Search by name or phone").fill("records child");
  await doctor.getByRole("button", { name: "Search" }).click();
  const patients = doctor.getByRole("list", { name: "Patients" });
  await expect(patients.getByRole("link")).toHaveCount(1);
  await patients.getByRole("link", { name: new RegExp(patient) }).click();
  await expect(doctor.getByRole("heading", { level: 1, name: "Patient Record" })).toBeVisible();
  await expect(doctor.getByRole("link", { name: /echo-report\.pdf/ })).toBeVisible();
  await expect(doctor.getByRole("link", { name: /^Version 1/ })).toBeVisible();
  await expect(doctor.getByText(/^Version .*, given by /)).toBeVisible();
  await screenshots(doctor, "records-patient");
  await expectNoSevereViolations(doctor);
  await openConsolePage(doctor, "Activity");
  const log = doctor.getByRole("table");
  await expect(log).toContainText("Viewed patient record");
  await expect(log).toContainText("Downloaded uploaded report");
  // Each row names the child and the booking, never a bare record id.
  const recordView = log.getByRole("row").filter({ hasText: "Viewed patient record" }).first();
  await expect(recordView).toContainText(patient);
  await expect(recordView).toContainText(/Booking #[0-9a-f]{8}/);
  await expect(recordView).toContainText(/You \(sign-in [0-9a-f]{8}\)/);
  await expect(log).not.toContainText("no longer held");
  // What parents did through their links, on its own, kept in the address over a reload.
  await doctor.getByLabel("Show").selectOption({ label: "What parents did through their links" });
  await expect(doctor).toHaveURL(/\/admin\/activity\?show=parent$/);
  await doctor.reload();
  await expect(log).toContainText("uploaded through the parent's link");
  await expect(log).not.toContainText("Viewed patient record");
  await expect(log.getByRole("row").filter({ hasText: /You \(sign-in/ })).toHaveCount(0);
  await doctor.getByLabel("Show").selectOption({ label: "Changes, downloads and erasures" });
  await expect(log).toContainText("Downloaded uploaded report");
  await expect(log).not.toContainText("Viewed patient record");
  await doctor.getByLabel("Show").selectOption({ label: "Everything" });
  await expect(doctor).toHaveURL(/\/admin\/activity$/);
  // On a phone the same rows are cards: nothing runs off the screen.
  await doctor.setViewportSize({ width: 360, height: 780 });
  const cards = doctor.getByRole("list", { name: "Reads and changes of patient data" });
  await expect(
    cards.getByRole("listitem").filter({ hasText: "Viewed patient record" }).first(),
  ).toContainText(patient);
  expect(await doctor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await screenshots(doctor, "records-access-log");
  await expectNoSevereViolations(doctor);
  await doctorContext.close();

  // The parent comes back to the booking's page and downloads it.
  await page.goto(manageUrl);
  const prescription = page.getByRole("region", { name: "Prescription" });
  await expect(prescription).toBeVisible();
  await screenshots(page, "records-prescription");
  const file = await download(page, () =>
    prescription.getByRole("link", { name: /^Download \(PDF\)/ }).click(),
  );
  expect(file.name).toMatch(/\.pdf$/);
  const text = await pdfText(file.path);
  expect(text).toContain("FUROSEMIDE");
  expect(text).toContain("Teleconsultation");
  expect(text).toContain(patient);
});
