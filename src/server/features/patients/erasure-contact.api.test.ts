import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { bookingIdOf } from "@shared/booking";
import { contactMessages } from "../../db/schema";
import { drainOutboxOf } from "../../testing/app-jobs";
import {
  askForErasure,
  bookPaidAppointment,
  TEST_SITE,
  testEngines,
  useSiteApp,
} from "../../testing/test-app";

/**
 * Erasure removes what the booking created. A contact-form message is somebody's own message to the clinic: a
 * booking made with the same (unverified) e-mail or phone must not delete it. Only a message from the booking's
 * e-mail that names the booking's reference belongs to the booking and goes with it.
 */
// 21 Nov 2026, 3:30 PM IST; the consultation is two days later at 7:00 PM IST, erasure asked the day after.
const START = "2026-11-21T10:00:00Z";
const AFTER_CONSULTATION = "2026-11-24T06:00:00Z";

const VICTIM = { name: "Sunita Rao", email: "sunita.rao@example.org", phone: "+91 97777 55511" };

describe.each(testEngines)("erasure and contact messages, on %s", (engine) => {
  const { clock, t } = useSiteApp(engine, START);

  async function contact(from: { name: string; email: string; phone: string }, message: string) {
    const sent = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      payload: { ...from, subject: "Question", message },
    });
    expect(sent.statusCode, sent.body).toBeLessThan(300);
  }

  async function bookAndPay(patient: { email: string; phone: string }) {
    return bookPaidAppointment(t.app, {
      patientName: "Kiran Mehta",
      patientEmail: patient.email,
      patientPhone: patient.phone,
      patientAge: 8,
      reasonForConsultation: "Chest pain on running",
    });
  }

  /** The contact messages the clinic holds, and the text of the message files the site wrote to the doctor. */
  async function heldMessages(): Promise<{ stored: string[]; files: string }> {
    const rows = await t.database.db.select({ message: contactMessages.message }).from(contactMessages);
    const dir = join(t.config.dataDir, "outbox");
    const names = await readdir(dir).catch(() => [] as string[]);
    const files = await Promise.all(names.map((name) => readFile(join(dir, name), "utf8")));
    return { stored: rows.map((row) => row.message), files: files.join("\n") };
  }

  it("keeps other people's messages that share the booking's e-mail or phone, and erases the booking's own", async () => {
    clock.set(START);
    // Two families wrote to the clinic: one with the e-mail the booking will use, one with its phone (other form).
    await contact(VICTIM, "Is an echo needed before the first visit for my son Rohan?");
    await contact(
      { name: "Arjun Nair", email: "nair.home@example.org", phone: "097777-55511" },
      "Can my daughter Lila be seen on a Saturday?",
    );
    // Someone books with Sunita's unverified e-mail and a phone with the same last ten digits.
    const booking = await bookAndPay({ email: VICTIM.email, phone: "+91-9777755511" });
    // A message about that booking, from its e-mail, naming its reference: the booking's own.
    await contact(
      { name: "Kiran's parent", email: VICTIM.email.toUpperCase(), phone: "" },
      `About booking ${bookingIdOf(booking.id)}: Kiran takes aspirin.`,
    );
    await drainOutboxOf(t, clock.now);
    expect((await heldMessages()).files).toContain("Kiran takes aspirin");

    clock.set(AFTER_CONSULTATION);
    await (await askForErasure(t.app, booking.token, TEST_SITE)).confirm();

    const held = await heldMessages();
    expect(held.stored).toEqual(
      expect.arrayContaining([
        "Is an echo needed before the first visit for my son Rohan?",
        "Can my daughter Lila be seen on a Saturday?",
      ]),
    );
    expect(held.files).toContain("my son Rohan");
    expect(held.files).toContain("daughter Lila");
    expect(held.stored.join("\n")).not.toContain("Kiran takes aspirin");
    expect(held.files).not.toContain("Kiran takes aspirin");
  });
});
