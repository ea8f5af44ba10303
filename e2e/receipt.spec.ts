import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { glyphsDrawn, pdfFonts, pdfText } from "../src/server/integrations/pdf/poppler";
import { bookAndPay, inDays } from "./support/booking";

/**
 * The fee receipt of a family that writes its names in Kannada, as the parent gets it: booked and paid on the
 * payment simulator, downloaded from the booking's page, then read as a PDF viewer reads it (poppler's pdftotext and
 * pdffonts): the names print in the Kannada font and come back out exactly as they were typed.
 */
test("a parent who books under a Kannada name downloads a receipt that prints it and reads back as typed", async ({
  page,
}) => {
  const patient = "ಸುಮಾ ರಾವ್";
  const guardian = "ಲಕ್ಷ್ಮೀ ರಾವ್";
  // A day no other spec books, and another on each repetition (--repeat-each runs against the same site).
  await bookAndPay(
    page,
    { date: inDays(11 + test.info().repeatEachIndex), label: "7:20 PM" },
    { name: patient, guardian, email: "kannada.parent@example.org" },
  );
  await page.getByRole("link", { name: "Manage your booking" }).click();
  await expect(page.getByRole("heading", { name: "Your booking" })).toBeVisible();
  await expect(page.getByText(patient, { exact: true })).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download receipt (PDF)" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^receipt-[0-9a-z]+\.pdf$/i);
  const pdf = await readFile(await download.path());

  const text = await pdfText(pdf);
  expect(text).toContain(`Patient: ${patient}\n`);
  expect(text).toContain(`Parent or guardian: ${guardian}\n`);
  expect(text).toMatch(/Amount paid\s[\s\S]*₹[\d,]+/);
  const fonts = await pdfFonts(pdf);
  const kannada = fonts.find((font) => /^[A-Z]{6}\+NotoSansKannada-Regular$/.test(font.name));
  expect(kannada, fonts.map((font) => font.name).join(", ")).toMatchObject({ embedded: true, subset: true });
  // Every glyph is the font's own: none prints as an empty box.
  expect(await glyphsDrawn(pdf)).toMatchObject({ notdef: 0 });
});
