import { readFile, stat } from "node:fs/promises";
import { createServer } from "node:net";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { sendOrError, testAppointment, testSite } from "../../testing/message-fixtures";
import { mimeParts, part } from "../../testing/mime";
import { startSmtpStandIn } from "../../testing/smtp-stand-in";
import { useInSuite } from "../../testing/suite";
import { createTempDir } from "../../testing/temp-dir";
import { writeToFileOutbox } from "../messaging/file-outbox";
import type { AppointmentMessageData } from "../messaging/types";
import { composeAppointmentEmail, composeContactEmail } from "./compose-email";
import { createSmtpTransport, toTransportError } from "./smtp-transport";

const site = testSite;

const appointment = testAppointment();

/** The refund e-mail of a payment the site could not book (`refund`: why, what was paid, what the fee is). */
const refundEmail = (refund: AppointmentMessageData["refund"], recipient: "patient" | "doctor" = "patient") =>
  composeAppointmentEmail("refund", recipient, { ...appointment, refund }, site);

const FROM = '"Dr. Priya Rao" <appointments@drrao.example>';

/** iCalendar lines are folded at 75 octets; unfolded, each property is one line. */
function unfoldIcs(ics: string): string {
  return ics.replace(/\r?\n[ \t]/g, "");
}

function header(raw: string, name: string): string | undefined {
  const head = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, " ");
  return new RegExp(`^${name}:\\s*(.*)$`, "im").exec(head)?.[1];
}

/** A loopback port with nothing listening: taken from the system, then given back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

describe("e-mail over SMTP", () => {
  const smtp = useInSuite(startSmtpStandIn);
  afterEach(() => {
    smtp.messages.length = 0;
    smtp.refuseNext(0);
  });

  function transport() {
    return createSmtpTransport({ url: smtp.url, from: FROM });
  }

  it("delivers the patient's confirmation with the details, the join button and a calendar invite", async () => {
    const email = transport();
    const message = await composeAppointmentEmail("confirmation", "patient", appointment, site);
    const result = await email.send(message);
    await email.close?.();

    expect(smtp.messages).toHaveLength(1);
    const received = smtp.messages[0]!;
    expect(received.to).toEqual(["parent@example.com"]);
    expect(received.from).toBe("appointments@drrao.example");
    expect(result.providerMessageId).toBeTruthy();
    expect(header(received.raw, "Message-ID")).toBe(result.providerMessageId);
    expect(header(received.raw, "Subject")).toBe(
      "Your video consultation is confirmed: Sun 22 Nov, 7:00 PM IST (#ab12cd34)",
    );
    expect(header(received.raw, "Reply-To")).toBe("contact@drrao.example");

    const html = part(received.raw, "text/html").body;
    expect(html).toContain('lang="en"');
    expect(html).toContain("#ab12cd34");
    expect(html).toContain("Sunday, 22 November 2026, 7:00 PM IST");
    expect(html).toContain("₹2,000");
    expect(html).toContain(`href="${appointment.roomUrl}"`);
    expect(html).toContain("Join video consultation");
    expect(html).toContain("What happens next?");
    expect(html).toContain("30 minutes before");
    expect(html).toContain("WhatsApp reminder");
    expect(html).toContain("Join 5 minutes early");
    expect(html).toContain("https://drrao.example/refunds-cancellations");
    expect(html).toContain("mailto:contact@drrao.example");

    const text = part(received.raw, "text/plain").body;
    expect(text).toContain("#ab12cd34");
    expect(text).toContain("7:00 PM IST");
    expect(text).toContain("₹2,000");
    expect(text).toContain(appointment.roomUrl);

    const calendar = part(received.raw, "text/calendar");
    expect(calendar.headers).toMatch(/method=REQUEST/i);
    const ics = unfoldIcs(calendar.body);
    expect(ics).toContain("METHOD:REQUEST");
    expect(ics).toContain(`UID:${appointment.calendarUid}`);
    expect(ics).toContain("DTSTART:20261122T133000Z");
    expect(ics).toContain("DTEND:20261122T135000Z");
    expect(ics).toContain(`LOCATION:${appointment.roomUrl}`);
    expect(ics).toMatch(/ATTENDEE[^\r\n]*:mailto:parent@example\.com/i);
  });

  it("greets the parent who booked for a child by name, and anyone else plainly", async () => {
    const forParent = await composeAppointmentEmail(
      "confirmation",
      "patient",
      { ...appointment, guardianName: "Lakshmi Iyer" },
      site,
    );
    expect(forParent.text).toContain("Hello Lakshmi Iyer,");
    const plain = await composeAppointmentEmail("confirmation", "patient", appointment, site);
    expect(plain.text).toMatch(/^Hello,$/m);
  });

  it("says a free follow-up is free, offers no receipt, and names the parent in the doctor's copy", async () => {
    const free = {
      ...appointment,
      amountPaid: 0,
      guardianName: "Lakshmi Iyer",
      manageUrl: "https://x.test/m",
    };
    const toParent = await composeAppointmentEmail("confirmation", "patient", free, site);
    expect(toParent.text).toContain("This follow-up is free, and the appointment is confirmed.");
    expect(toParent.text).not.toContain("Your payment has been received");
    expect(toParent.text).not.toContain("fee receipt");
    expect(toParent.text).toContain("You can upload them for the doctor to read before the call");
    const toDoctor = await composeAppointmentEmail("confirmation", "doctor", free, site);
    expect(toDoctor.text).toContain("A patient has booked a free follow-up video consultation.");
    expect(toDoctor.text).toContain("Lakshmi Iyer");
    const paid = await composeAppointmentEmail("confirmation", "patient", appointment, site);
    expect(paid.text).toContain("Your payment has been received and the appointment is confirmed.");
  });

  it("sends the doctor the patient's details and the host link, with the same invite", async () => {
    const email = transport();
    const message = await composeAppointmentEmail("confirmation", "doctor", appointment, site, {
      doctorEmail: "priya@drrao.example",
    });
    await email.send(message);
    await email.close?.();

    const received = smtp.messages[0]!;
    expect(received.to).toEqual(["priya@drrao.example"]);
    expect(header(received.raw, "Reply-To")).toBe("parent@example.com");
    const html = part(received.raw, "text/html").body;
    expect(html).toContain(`href="${appointment.hostUrl.replace(/&/g, "&amp;")}"`);
    expect(html).toContain("Start consultation as host");
    for (const fact of [
      "Asha Kumar",
      "6 years",
      "Heart murmur heard",
      // Stored as typed ("+91 98450-12345"), shown the one way every number is, and dialled in E.164.
      ">+91 98450 12345</a>",
      'href="tel:+919845012345"',
      "parent@example.com",
    ]) {
      expect(html).toContain(fact);
    }
    expect(html).toContain("#ab12cd34");
    expect(html).toContain("₹2,000");
    const ics = unfoldIcs(part(received.raw, "text/calendar").body);
    expect(ics).toContain(`UID:${appointment.calendarUid}`);
    // The doctor's invite is the doctor's own: organised from their address, with the host link, the patient invited.
    expect(ics).toMatch(/\nORGANIZER[^\r\n]*:mailto:priya@drrao\.example/i);
    expect(ics).toMatch(/ATTENDEE[^\r\n]*:mailto:parent@example\.com/i);
    expect(ics).toContain(`LOCATION:${appointment.hostUrl}`);
    expect(ics).not.toContain(`${appointment.roomUrl}\r`);
  });

  it("sends the doctor's copy to the site's contact e-mail when no doctor address is configured", async () => {
    const message = await composeAppointmentEmail("confirmation", "doctor", appointment, site);
    expect(message.to).toBe("contact@drrao.example");
  });

  it("reminds the patient with the room link and no second invite", async () => {
    const soon = await composeAppointmentEmail("reminder_30m", "patient", appointment, site);
    expect(soon.subject).toBe("Starting soon: your video consultation at 7:00 PM IST (#ab12cd34)");
    expect(soon.icalEvent).toBeUndefined();
    expect(soon.text).toContain(appointment.roomUrl);
    expect(soon.text).toContain("Join 5 minutes early");

    const dayBefore = await composeAppointmentEmail("reminder_24h", "patient", appointment, site);
    expect(dayBefore.subject).toBe("Reminder: video consultation on Sun 22 Nov, 7:00 PM IST (#ab12cd34)");
    expect(dayBefore.text).toContain("Sunday, 22 November 2026, 7:00 PM IST");
    expect(dayBefore.text).toContain(appointment.roomUrl);
    expect(dayBefore.text).toContain("https://drrao.example/refunds-cancellations");
  });

  it("tells the patient plainly that a late payment for a taken slot is refunded in full, with no invite", async () => {
    const message = await refundEmail({ reason: "slot_taken", amount: 2000, price: 2000 });
    expect(message.to).toBe("parent@example.com");
    expect(message.subject).toBe("Not booked, full refund of ₹2,000: your video consultation (#ab12cd34)");
    expect(message.replyTo).toBe("contact@drrao.example");
    expect(message.icalEvent).toBeUndefined();
    expect(message.html).toContain("Your payment is being refunded");
    for (const fact of [
      "We received your payment of ₹2,000",
      "another patient had booked that time",
      "The appointment is therefore not confirmed.",
      "We are refunding the full ₹2,000 to the account or card you paid with",
      "5-7 business days",
      "#ab12cd34",
      "Sunday, 22 November 2026, 7:00 PM IST",
      "Book another time",
      "contact@drrao.example",
    ]) {
      expect(message.text).toContain(fact);
    }
    expect(message.text).not.toContain(appointment.roomUrl);
    expect(message.html).toContain('href="https://drrao.example"');
  });

  it("words an underpayment's refund by the amounts, and sends the refund message to the patient only", async () => {
    const message = await refundEmail({ reason: "underpaid", amount: 1000, price: 2000 });
    expect(message.subject).toBe("Not booked, full refund of ₹1,000: your video consultation (#ab12cd34)");
    expect(message.text).toContain("We received a payment of ₹1,000");
    expect(message.text).toContain("The consultation fee is ₹2,000, so the payment did not cover it");
    expect(message.text).toContain("We are refunding the full ₹1,000");
    expect(message.text).not.toContain("another patient");
    await expect(refundEmail({ reason: "underpaid", amount: 1000, price: 2000 }, "doctor")).rejects.toThrow(
      /patient only/,
    );
  });

  it("escapes what people typed: a name cannot add markup", async () => {
    const message = await composeAppointmentEmail(
      "confirmation",
      "doctor",
      { ...appointment, patientName: 'Asha <img src=x onerror="alert(1)">' },
      site,
    );
    expect(message.html).not.toContain("<img src=x");
    expect(message.html).toContain("&lt;img src=x");
  });

  it("forwards a contact message to the doctor with Reply-To the visitor, line breaks kept", async () => {
    const email = transport();
    const message = await composeContactEmail(
      {
        name: "Ravi Shankar",
        email: "ravi@example.com",
        phone: "+91 99000 11223",
        subject: "Second opinion\r\nBcc: someone@example.com",
        message: "My son had an echo last week.\nCan you review it?",
        source: "contact-page",
        receivedAt: new Date("2026-11-20T05:00:00Z"),
      },
      site,
      "priya@drrao.example",
    );
    await email.send(message);
    await email.close?.();

    const received = smtp.messages[0]!;
    expect(received.to).toEqual(["priya@drrao.example"]);
    expect(header(received.raw, "Reply-To")).toBe("ravi@example.com");
    // The visitor's line break cannot start a header of its own.
    expect(header(received.raw, "Subject")).toBe("Website message: Second opinion Bcc: someone@example.com");
    expect(header(received.raw, "Bcc")).toBeUndefined();
    const text = part(received.raw, "text/plain").body;
    expect(text).toMatch(/My son had an echo last week\.\r?\nCan you review it\?/);
    expect(text).toContain("+91 99000 11223");
    expect(text).toContain("Friday, 20 November 2026, 10:30 AM IST");
    expect(mimeParts(received.raw).some((candidate) => candidate.contentType === "text/calendar")).toBe(
      false,
    );
  });

  it("reports a temporary refusal (451) as a TransportError to retry, and sends on the next try", async () => {
    const email = transport();
    const message = await composeAppointmentEmail("reminder_30m", "patient", appointment, site);
    smtp.refuseNext(1, 451, "Greylisted, please try again later");
    const error = await sendOrError(() => email.send(message));
    expect(error.permanent).toBe(false);
    expect(error.message).toContain("451");
    const retried = await email.send(message);
    expect(retried.providerMessageId).toBeTruthy();
    await email.close?.();
    expect(smtp.messages).toHaveLength(1);
  });

  it("reports a refused recipient (550) as permanent", async () => {
    const email = transport();
    const message = await composeAppointmentEmail("reminder_30m", "patient", appointment, site);
    smtp.refuseNext(1, 550, "No such user here", "rcpt");
    const error = await sendOrError(() => email.send(message));
    await email.close?.();
    expect(error.permanent).toBe(true);
    expect(error.message).toContain("550");
    expect(error.message).toContain("No such user here");
  });

  it("reports a refused message (554 at the end of DATA) as permanent", async () => {
    const email = transport();
    smtp.refuseNext(1, 554, "Message rejected as spam", "data");
    const error = await sendOrError(async () =>
      email.send(await composeAppointmentEmail("reminder_30m", "patient", appointment, site)),
    );
    await email.close?.();
    expect(error.permanent).toBe(true);
  });

  it("retries a 5xx reply that says it is temporary", async () => {
    const email = transport();
    smtp.refuseNext(1, 550, "5.7.1 Service unavailable, try again later");
    const error = await sendOrError(async () =>
      email.send(await composeAppointmentEmail("reminder_30m", "patient", appointment, site)),
    );
    await email.close?.();
    expect(error.permanent).toBe(false);
  });

  it("reports an unreachable server as temporary, without the password in the message", async () => {
    const port = await closedPort();
    const email = createSmtpTransport({ url: `smtp://mailer:s3cret-Pa55@127.0.0.1:${port}`, from: FROM });
    const error = await sendOrError(async () =>
      email.send(await composeAppointmentEmail("reminder_30m", "patient", appointment, site)),
    );
    await email.close?.();
    expect(error.permanent).toBe(false);
    expect(error.message).not.toContain("s3cret-Pa55");
  });

  it("keeps a refused address permanent whatever the address says", () => {
    const refused = Object.assign(
      new Error(
        "Can't send mail - all recipients were rejected: 550 5.1.1 <temporary.x@example.org>: Recipient address rejected: User unknown",
      ),
      { code: "EENVELOPE", responseCode: 550, response: "550 5.1.1 <temporary.x@example.org>: User unknown" },
    );
    expect(toTransportError(refused).permanent).toBe(true);
  });

  it("removes the SMTP password from any error text a server sends back", () => {
    const smtpError = Object.assign(new Error("Invalid login: 535 5.7.8 bad credentials for s3cret%2FPa55"), {
      code: "EAUTH",
      responseCode: 535,
      permanent: true,
    });
    const error = toTransportError(smtpError, ["s3cret%2FPa55", "s3cret/Pa55"]);
    expect(error.message).not.toContain("s3cret");
    expect(error.permanent).toBe(true);
  });

  it("is not configured without SMTP_URL", async () => {
    const email = createSmtpTransport({ from: FROM });
    expect(email.configured).toBe(false);
    expect(transport().configured).toBe(true);
  });
});

describe("file outbox", () => {
  const outbox = useInSuite(() => createTempDir("outbox-"));

  it("writes an e-mail as a real .eml message with its calendar invite", async () => {
    const message = await composeAppointmentEmail("confirmation", "patient", appointment, site);
    const path = await writeToFileOutbox(
      outbox.path,
      message,
      { kind: "confirmation", recipient: "patient", id: "row-1" },
      { from: FROM, now: new Date("2026-11-21T09:15:30.123Z") },
    );
    expect(path).toBe(join(outbox.path, "2026-11-21T09-15-30Z_confirmation_patient_email_row-1.eml"));
    expect((await stat(path)).mode & 0o777).toBe(0o600);

    const raw = await readFile(path, "utf8");
    expect(header(raw, "To")).toBe("parent@example.com");
    expect(header(raw, "From")).toBe(FROM);
    expect(header(raw, "Subject")).toContain("#ab12cd34");
    expect(header(raw, "MIME-Version")).toBe("1.0");
    expect(part(raw, "text/html").body).toContain(appointment.roomUrl);
    expect(part(raw, "text/plain").body).toContain("₹2,000");
    expect(unfoldIcs(part(raw, "text/calendar").body)).toContain("DTSTART:20261122T133000Z");
  });

  it("never overwrites an earlier file", async () => {
    const message = await composeAppointmentEmail("reminder_30m", "patient", appointment, site);
    const meta = { kind: "reminder_30m", recipient: "patient", id: "row-2" } as const;
    const now = new Date("2026-11-22T13:00:00Z");
    const first = await writeToFileOutbox(outbox.path, message, meta, { now });
    const before = await readFile(first, "utf8");
    // The same message again in the same second (a test sent twice at once) gets a name of its own.
    const second = await writeToFileOutbox(outbox.path, message, meta, { now });
    expect(second).not.toBe(first);
    expect(second).toMatch(/_row-2-2\.eml$/);
    expect(await readFile(first, "utf8")).toBe(before);
  });
});
