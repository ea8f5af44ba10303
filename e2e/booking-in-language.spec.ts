import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { pdfText } from "../src/server/integrations/pdf/poppler";
import { latinWordsIn } from "../src/server/testing/latin-words";
import { part } from "../src/server/testing/mime";
import {
  startWhatsAppStandIn,
  type WhatsAppStandIn,
  whatsappEnv,
} from "../src/server/testing/whatsapp-stand-in";
import { inDays, pickDate } from "./support/booking";
import { waitUntilHydrated } from "./support/hydration";
import { ALLOWED, catalogue, expectInLanguage } from "./support/in-language";
import { screenshots } from "./support/screenshots";
import { type OwnSite, startOwnSite } from "./support/site";

/**
 * A parent books entirely in Kannada (and another in Hindi) on a 360 px phone: every text the site shows on the way
 * is in that language, checked by script (no Latin word outside the names typed, numbers, the booking and order ids,
 * "IST" and the doctor's own English words, which are marked `lang="en"`); the confirmation e-mail, the WhatsApp
 * confirmation and the fee receipt are in it too. Only the payment provider's own page (the simulator here, Cashfree
 * in production) is outside the site's words. On a site of its own, with WhatsApp's stand-in, so that the messages
 * can be read, and the Hindi and Kannada templates marked approved.
 */

const wordsOf = (language: string) => ({
  site: catalogue(language, "site"),
  booking: catalogue(language, "booking"),
  messages: catalogue(language, "messages"),
  visit: catalogue(language, "visit"),
});

const FAMILIES = {
  kn: { patient: "ಅನನ್ಯಾ ಗೌಡ", guardian: "ರಮೇಶ್ ಗೌಡ", reason: "ಎದೆ ಬಡಿತ ಹೆಚ್ಚು", email: "gowda.family@example.org" },
  hi: {
    patient: "अनन्या शर्मा",
    guardian: "रमेश शर्मा",
    reason: "सीने में धड़कन तेज़",
    email: "sharma.family@example.org",
  },
} as const;

let whatsapp: WhatsAppStandIn;
let site: OwnSite;

test.beforeAll(async () => {
  whatsapp = await startWhatsAppStandIn();
  site = await startOwnSite("languages-booking", {
    env: { ...whatsappEnv(whatsapp), OUTBOX_POLL_SECONDS: "1", WHATSAPP_TEMPLATE_TRANSLATIONS: "kn hi" },
  });
});

test.afterAll(async () => {
  await site.stop();
  await whatsapp.close();
});

/** The confirmation e-mail the site wrote for the parent (no SMTP here: the outbox folder), as a mail program reads it. */
async function confirmationTo(email: string): Promise<string> {
  const outbox = join(site.dataDir, "outbox");
  let text = "";
  await expect
    .poll(
      () => {
        let files: string[] = [];
        try {
          files = readdirSync(outbox).filter((name) => /_confirmation_patient_email_.*\.eml$/.test(name));
        } catch {
          // The folder appears with the first message.
        }
        for (const name of files) {
          const raw = readFileSync(join(outbox, name), "utf8");
          if (raw.includes(email)) text = `${subjectOf(raw)}\n${part(raw, "text/plain").body}`;
        }
        return text;
      },
      { timeout: 20_000 },
    )
    .not.toBe("");
  return text;
}

/** A message's subject as a mail program shows it: its encoded words (RFC 2047, base64 or Q) decoded. */
function subjectOf(raw: string): string {
  const header = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? "";
  const decodeWord = (_word: string, encoding: string, text: string) =>
    encoding.toLowerCase() === "b"
      ? Buffer.from(text, "base64").toString("utf8")
      : Buffer.from(
          text
            .replace(/_/g, " ")
            .replace(/=([0-9a-f]{2})/gi, (_hex, code: string) => String.fromCharCode(parseInt(code, 16))),
          "latin1",
        ).toString("utf8");
  return header
    .replace(/\r?\n[ \t]/g, " ")
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, decodeWord);
}

/** The text parameters of the WhatsApp confirmation sent to a phone number, once it is sent. */
async function whatsappConfirmationTo(phone: string): Promise<{ language?: string; text: string }> {
  interface Sent {
    to?: string;
    template?: {
      name?: string;
      language?: { code?: string };
      components?: { type: string; parameters: { text?: string }[] }[];
    };
  }
  let found: Sent | undefined;
  await expect
    .poll(
      () => {
        found = whatsapp.requests
          .map((request) => request.body as Sent)
          .find((body) => body.to === phone && body.template?.name === "appointment_confirmation");
        return Boolean(found);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  const body = found?.template?.components?.find((component) => component.type === "body");
  return {
    language: found?.template?.language?.code,
    text: (body?.parameters ?? []).map((parameter) => parameter.text ?? "").join("\n"),
  };
}

for (const [language, days, phone] of [
  ["kn", 5, "919845012345"],
  ["hi", 6, "919845054321"],
] as const) {
  test(`a parent books entirely in ${language === "kn" ? "Kannada" : "Hindi"} on a 360 px phone`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const words = wordsOf(language);
    const family = FAMILIES[language];
    const names = [family.patient, family.guardian];
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`${site.base}/${language}/`);
    const book = page.getByRole("button", { name: words.site("hero.bookVideo") }).first();
    await waitUntilHydrated(book);
    await expectInLanguage(page.locator("body"), names, "home", page);
    await book.click();
    const dialog = page.getByRole("dialog", { name: words.site("hero.bookVideo") });

    // Step 1: the details, the consent in the language, and the checks of an empty form.
    await expect(dialog.getByRole("heading", { name: words.booking("details.title") })).toBeVisible();
    await dialog.getByRole("button", { name: words.booking("details.continue") }).click();
    await expect(dialog.getByText(words.booking("Patient name is required"))).toBeVisible();
    await expectInLanguage(dialog, names, "details with checks", page);
    await dialog.getByLabel(words.booking("details.name")).fill(family.patient);
    await dialog.getByLabel(words.booking("details.phone")).fill(phone.slice(2));
    await dialog.getByLabel(words.booking("details.email")).fill(family.email);
    await dialog.getByRole("spinbutton").fill("6");
    await dialog.getByLabel(words.booking("guardian.name")).fill(family.guardian);
    await dialog
      .getByRole("combobox", { name: words.booking("guardian.relationship") })
      .selectOption("Father");
    await dialog.getByLabel(words.booking("details.reason")).fill(family.reason);
    for (const box of await dialog.getByRole("checkbox").all()) await box.check();
    await expectInLanguage(dialog, names, "details", page);
    await screenshots(page, `${language}-booking-details`);
    await dialog.getByRole("button", { name: words.booking("details.continue") }).click();

    // Step 2: the calendar and the times.
    await expect(dialog.getByRole("heading", { name: words.booking("slot.title") })).toBeVisible();
    await pickDate(dialog, inDays(days + 2 * test.info().repeatEachIndex), {
      label: words.booking("slot.date"),
      next: words.site("calendar.next"),
      previous: words.site("calendar.previous"),
    });
    const slot = dialog.getByRole("button", {
      name: new RegExp(`^${words.site("hours.evening").replace("{time}", "7:00")} IST`),
    });
    await slot.click();
    await expectInLanguage(dialog, names, "time", page);
    await screenshots(page, `${language}-booking-time`);
    await dialog.getByRole("button", { name: words.booking("slot.continue") }).click();

    // Step 3: review and pay.
    await expect(dialog.getByRole("heading", { name: words.booking("pay.title") })).toBeVisible();
    await expectInLanguage(dialog, names, "review", page);
    await screenshots(page, `${language}-booking-review`);
    await dialog
      .getByRole("button", {
        name: new RegExp(`^${words.booking("pay.pay").replace("{amount}", "₹[\\d,]+")}`),
      })
      .click();

    // The payment provider's page (the simulator's), then back to the result in the booking's language.
    await page.waitForURL(/\/payment\/simulator\//);
    await page.getByRole("button", { name: /^Pay ₹[\d,]+$/ }).click();
    await page.waitForURL(new RegExp(`/${language}/payment/callback\\?order_id=`));
    await expect(page.getByRole("heading", { name: words.booking("payment.success.title") })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    await expectInLanguage(page.locator("body"), names, "payment result", page);
    await screenshots(page, `${language}-payment-result`);

    // The confirmation e-mail, the WhatsApp confirmation and the receipt, in the booking's language.
    const email = await confirmationTo(family.email);
    expect(email).toContain(words.messages("confirmation.heading"));
    const doctor = (await page.locator('[lang="en"]').allInnerTexts()).join("\n");
    // The booking's id ("#6fd2a1b3"), as the result page shows it: its letters are hexadecimal digits.
    const reference = (await page.locator(".font-mono", { hasText: /^#/ }).innerText()).slice(1);
    expect(
      latinWordsIn(email, [...ALLOWED, ...names, reference, ...doctor.split("\n"), new URL(site.base).host]),
    ).toEqual([]);
    const message = await whatsappConfirmationTo(phone);
    expect(message.language).toBe(language);
    expect(latinWordsIn(message.text, [...ALLOWED, ...names, reference])).toEqual([]);
    const manage = await page
      .getByRole("link", {
        name:
          words
            .booking("payment.next.manage")
            .replace(/<\/?0>/g, "")
            .split(":")[0] ?? "",
      })
      .getAttribute("href");
    const token = /\/appointments\/manage\/([A-Za-z0-9_-]+)/.exec(manage ?? "")?.[1];
    const receipt = await page.request.get(`${site.base}/api/manage/${token}/receipt`);
    expect(receipt.status()).toBe(200);
    const printed = await pdfText(await receipt.body());
    expect(printed).toContain(words.messages("receipt.title"));
    expect(printed).not.toContain("Fee Receipt");
    expect(printed).toContain(family.patient);

    // The booking's page, from the result's link, in the booking's language: every part of it and its dialogs.
    expect(manage).toMatch(new RegExp(`^/${language}/appointments/manage/`));
    await page.goto(`${site.base}${manage}`);
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    await expect(page.getByRole("heading", { level: 1, name: words.visit("manage.title") })).toBeVisible();
    await expect(page.getByRole("heading", { name: words.visit("uploads.title") })).toBeVisible();
    // The language list names each language in itself ("English" is marked as English).
    const reschedule = page.getByRole("button", {
      name: words.visit("manage.actions.reschedule").split(" (")[0],
    });
    await waitUntilHydrated(reschedule);
    // File types and sizes are written as everyone writes them.
    const fileWords = ["PDF", "JPEG", "PNG", "HEIC", "MB", "ZIP"];
    await expectInLanguage(page.locator("body"), [...names, reference, ...fileWords], "manage page", page);
    // Nothing runs past a 360 px screen: long Kannada buttons wrap.
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshots(page, `${language}-manage-page`);
    await reschedule.click();
    const move = page.getByRole("dialog", { name: words.visit("reschedule.title") });
    await expect(move).toBeVisible();
    await expectInLanguage(move, names, "reschedule dialog", page);
    await move.getByRole("button", { name: words.visit("reschedule.keep") }).click();
    // Closing a dialog gives focus back to the button that opened it, not to the top of the page.
    await expect(reschedule).toBeFocused();
    await page.getByRole("button", { name: words.visit("manage.actions.cancel") }).click();
    const cancel = page.getByRole("dialog", { name: words.visit("manage.cancel.title") });
    await expect(cancel).toBeVisible();
    await expectInLanguage(cancel, names, "cancel dialog", page);
    await screenshots(page, `${language}-manage-cancel`);
    await page.keyboard.press("Escape");
    await expect(cancel).toBeHidden();
    await expect(page.getByRole("button", { name: words.visit("manage.actions.cancel") })).toBeFocused();

    // A report with a long name: its remove dialog stays within the phone's screen, the name broken where it must.
    await page.setViewportSize({ width: 360, height: 740 });
    const longName = "echo_report_Rainbow_Childrens_Hospital_2026-11-28_final_scan.pdf";
    const reports = page.getByRole("region", { name: words.visit("uploads.title") });
    await reports.locator('input[type="file"]').setInputFiles({
      name: longName,
      mimeType: "application/pdf",
      buffer: Buffer.from(
        "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
      ),
    });
    await expect(reports.getByRole("list", { name: words.visit("uploads.list") })).toContainText(longName);
    await reports
      .getByRole("button", { name: words.visit("uploads.removeFile").replace("{name}", longName) })
      .click();
    const remove = page.getByRole("alertdialog").or(page.getByRole("dialog")).first();
    await expect(remove).toBeVisible();
    const box = await remove.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 360, JSON.stringify(box)).toBe(true);
    const overflowing = await remove.evaluate((dialog) => dialog.scrollWidth > dialog.clientWidth);
    expect(overflowing).toBe(false);
    await screenshots(page, `${language}-manage-remove-file`, remove);
    await remove.getByRole("button", { name: words.visit("uploads.keep") }).click();

    // The messages' language changed to English: saved, and the page offers itself in English.
    await page.getByLabel(words.visit("messagesLanguage.label")).selectOption("en");
    await expect(page.getByRole("status").filter({ hasText: "Read this page in English" })).toBeVisible();
    await page.getByRole("link", { name: "Read this page in English" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1, name: "Your booking" })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(manage?.replace(`/${language}/`, "/"));
  });
}
