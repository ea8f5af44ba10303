import { describe, expect, it } from "vitest";
import * as format from "./notification-format";

describe("notificationKindLabel", () => {
  it.each([
    ["confirmation", "Confirmation"],
    ["reminder_1440m", "Reminder 24 h before"],
    ["reminder_30m", "Reminder 30 min before"],
    ["contact_message", "Contact message"],
    ["prescription_v2", "Prescription, version 2"],
    // The minutes of any reminder are read; a kind this client does not know is worded from its name.
    ["reminder_60m", "Reminder 1 h before"],
    ["reminder_90m", "Reminder 90 min before"],
    ["payment_receipt", "Payment receipt"],
    ["reminder_m", "Reminder m"],
    // After a move the reminders carry the move's number; the doctor reads which time they are for.
    ["reminder_1440m_s1", "Reminder 24 h before the new time"],
    ["reminder_30m_s2", "Reminder 30 min before the new time"],
    ["rescheduled_1", "New time"],
    ["cancelled", "Cancellation"],
    ["refund", "Refund notice"],
    ["doctor_unavailable", "Asked to choose a new time or a refund"],
    // Each press of Running late is a kind of its own, carrying the doctor's estimate.
    ["running_late_1_15m", "Running about 15 min late"],
    ["running_late_2_60m", "Running about 1 h late"],
    ["running_late_3_45m", "Running about 45 min late"],
    ["running_late_15m", "Running late 15m"],
    ["", "Unknown"],
  ])("words the kind %j as %j", (kind, label) => {
    expect(format.notificationKindLabel(kind)).toBe(label);
  });
});

describe("formatLeadTime", () => {
  it.each([
    [1440, "24 h"],
    [120, "2 h"],
    [30, "30 min"],
    [0, "0 min"],
  ])("uses hours for whole hours and minutes otherwise: %i is %j", (minutes, text) => {
    expect(format.formatLeadTime(minutes)).toBe(text);
  });
});

it("calls a waiting message that failed before Retrying, as the Failing filter counts it", () => {
  expect(format.notificationStatusLabel("pending", 2)).toBe("Retrying");
  expect(format.notificationStatusLabel("pending", 0)).toBe("Waiting");
});

describe("notificationRouteLabel", () => {
  it.each([
    ["email", "patient", "E-mail to patient"],
    ["whatsapp", "doctor", "WhatsApp to doctor"],
    ["sms", "patient", "Sms to patient"],
  ])("says the channel and who receives the message: %s to %s", (channel, recipient, label) => {
    expect(format.notificationRouteLabel(channel, recipient)).toBe(label);
  });
});

describe("notification status", () => {
  // The status, its badge, its words, and the hint under the badge where the status alone does not say enough.
  it.each([
    ["sent", "success", "Sent", null],
    ["pending", "secondary", "Waiting", null],
    ["processing", "secondary", "Sending", null],
    ["skipped", "outline", "Skipped", "Not sent: e-mail or WhatsApp was not set up for the site"],
    [
      "written_to_file",
      "outline",
      "Held",
      "Not sent: e-mail or WhatsApp is not set up for the site yet. It is sent once it is.",
    ],
    ["failed", "destructive", "Failed", null],
    ["cancelled", "outline", "Withdrawn", null],
    ["something_new", "destructive", "Something new", null],
    ["on_hold", "destructive", "On hold", null],
    ["constructor", "destructive", "Constructor", null],
  ])("shows %s as a %s badge %j, with the hint %j", (status, variant, label, hint) => {
    expect(format.notificationStatusVariant(status)).toBe(variant);
    expect(format.notificationStatusLabel(status)).toBe(label);
    expect(format.notificationStatusHint(status)).toBe(hint);
  });

  it("offers a retry for failed messages and those not sent for want of a channel only", () => {
    for (const status of ["failed", "skipped", "written_to_file"]) {
      expect(format.canRetryNotification(status)).toBe(true);
    }
    // Not while the channel still only writes files: a resend would write the same file again.
    expect(format.canRetryNotification("written_to_file", false)).toBe(false);
    expect(format.canRetryNotification("failed", false)).toBe(true);
    for (const status of ["pending", "processing", "sent", "cancelled"]) {
      expect(format.canRetryNotification(status)).toBe(false);
    }
  });
});

describe("notificationMoment", () => {
  const dueAt = "2026-11-21T13:30:00.000Z";
  const sentAt = "2026-11-21T13:30:02.000Z";

  it.each([
    ["sent", 1, sentAt, { label: "Sent", at: sentAt }],
    ["pending", 0, null, { label: "Due", at: dueAt }],
    ["skipped", 1, null, { label: "Due", at: dueAt }],
    ["written_to_file", 1, sentAt, { label: "Held", at: sentAt }],
    ["cancelled", 0, null, { label: "Was due", at: dueAt }],
  ])(
    "shows when a message was sent, or when it is due: %s after %i attempts",
    (status, attempts, sent, moment) => {
      expect(format.notificationMoment({ status, attempts, dueAt, sentAt: sent })).toEqual(moment);
    },
  );

  it("calls the due time of a message waiting after a failed attempt its next try", () => {
    expect(format.notificationMoment({ status: "pending", attempts: 2, dueAt, sentAt: null })).toEqual({
      label: "Next try",
      at: dueAt,
    });
  });
});

describe("hasMessagesInFlight", () => {
  const now = Date.parse("2026-11-21T13:30:00.000Z");

  it.each([
    ["pending", "2026-11-21T13:29:59.000Z", true],
    ["processing", "2026-11-21T18:00:00.000Z", true],
    ["pending", "2026-11-22T13:00:00.000Z", false],
    ["skipped", "2026-11-21T13:00:00.000Z", false],
  ])("is true while a message is due now or being sent: %s, due %s -> %s", (status, dueAt, inFlight) => {
    expect(format.hasMessagesInFlight([{ status, dueAt }], now)).toBe(inFlight);
  });

  it("is false without data", () => {
    expect(format.hasMessagesInFlight(undefined, now)).toBe(false);
  });
});

describe("formatInstant", () => {
  const iso = "2026-11-21T13:30:00.000Z";

  it("shows the instant in the clinic's zone with its short name", () => {
    expect(format.formatInstant(iso, "Asia/Kolkata", "IST")).toBe("21 Nov 2026, 7:00 PM IST");
  });

  it("adds no zone name without a zone, and leaves unreadable values as they are", () => {
    expect(format.formatInstant(iso, undefined, "IST")).not.toContain("IST");
    expect(format.formatInstant("not a date", "Asia/Kolkata", "IST")).toBe("not a date");
  });

  it("falls back to the browser's zone for an unknown zone name", () => {
    expect(format.formatInstant(iso, "Mars/Olympus", "MST")).not.toContain("MST");
  });
});

describe("outbox summary", () => {
  it("says in one line what became of the messages", () => {
    expect(format.outboxSummaryLine({ sent: 12, writtenToFile: 2, failing: 0, waiting: 0, notSent: 0 })).toBe(
      "12 sent, 2 held (channel not set up), 0 failing",
    );
    expect(format.outboxSummaryLine({ sent: 0, writtenToFile: 1, failing: 1, waiting: 3, notSent: 2 })).toBe(
      "0 sent, 1 held (channel not set up), 1 failing, 3 waiting, 2 not sent",
    );
  });

  it.each([
    ["written_to_file", 1, false],
    ["cancelled", 1, false],
    ["failed", 6, true],
    ["pending", 2, true],
  ])("shows the note of a %s message after %i attempts as a problem: %s", (status, attempts, problem) => {
    expect(format.isNoteAProblem({ status, attempts })).toBe(problem);
  });
});

describe("outbox list", () => {
  const summary = { sent: 12, writtenToFile: 2, failing: 3, waiting: 4, notSent: 1 };

  it("counts each filter as the summary does", () => {
    expect(format.outboxFilterCount("all", summary)).toBe(22);
    expect(format.outboxFilterCount("failing", summary)).toBe(3);
    expect(format.outboxFilterCount("written_to_file", summary)).toBe(2);
    expect(format.outboxFilterCount("not_sent", summary)).toBe(1);
  });

  it("says what the list shows, how many of how many, and for which search", () => {
    const line = (shown: number, total: number, filter: "all" | "failing", search = "") =>
      format.outboxListLine({ shown, total, filter, search });
    expect(line(20, 57, "failing")).toBe("Showing the latest 20 of 57 failing messages");
    expect(line(1, 1, "failing")).toBe("Showing 1 failing message");
    expect(line(3, 3, "all", "Rao")).toBe("Showing 3 messages for “Rao”");
    expect(line(0, 0, "failing")).toBe("No failing messages.");
    expect(line(0, 0, "all", "#ab12")).toBe("No messages for “#ab12”.");
  });
});

describe("deliveryProblemInWords", () => {
  it.each([
    [
      "email",
      "E-mail could not be sent: connect ECONNREFUSED 127.0.0.1:2525 (ESOCKET)",
      "pending",
      /^The e-mail server could not be reached\. It is tried again by itself\./,
    ],
    [
      "email",
      "E-mail could not be sent: Invalid login: 535 5.7.8 Authentication failed (EAUTH)",
      "failed",
      /refused the site's sign-in/,
    ],
    [
      "email",
      "E-mail could not be sent: Can't send mail - all recipients were rejected: 550 5.1.1 User unknown",
      "failed",
      /e-mail address was refused/,
    ],
    ["email", "E-mail is not configured: SMTP_URL is not set", "failed", /not set up on the server/],
    [
      "whatsapp",
      "WhatsApp could not be reached: fetch failed: connect ECONNREFUSED 127.0.0.1:9",
      "failed",
      /^WhatsApp could not be reached\. It will not be tried again by itself\./,
    ],
    ["whatsapp", "WhatsApp error 190: Error validating access token", "failed", /access token/],
    ["whatsapp", "WhatsApp error 131026: Message undeliverable", "failed", /may not be on WhatsApp/],
    [
      "whatsapp",
      "WhatsApp error 132001: Template name does not exist in the translation",
      "failed",
      /template/,
    ],
    [
      "whatsapp",
      "WhatsApp error 130429: (#130429) Rate limit hit",
      "pending",
      /slow down\. It is tried again by itself\./,
    ],
    ["whatsapp", "The phone number 12 is not a valid number", "failed", /not a valid number/],
  ])("words %s's %j", (channel, error, status, expected) => {
    expect(format.deliveryProblemInWords(channel, error, status)).toMatch(expected);
  });

  it("reads no cause into an address the parent typed", () => {
    const refused = (address: string) =>
      `E-mail could not be sent: Can't send mail - all recipients were rejected: 550 5.1.1 <${address}>: Recipient address rejected: User unknown (EENVELOPE)`;
    for (const address of [
      "econnrefused@example.org",
      "x.535@example.org",
      "eauth@example.org",
      "enotfound@x.org",
    ])
      expect(format.deliveryProblemInWords("email", refused(address), "failed"), address).toMatch(
        /^The parent's e-mail address was refused/,
      );
    // Meta's text after the site's own words may quote what was sent: only the start is read.
    expect(
      format.deliveryProblemInWords(
        "whatsapp",
        "WhatsApp error 100: Invalid parameter (WhatsApp error 190: x)",
        "failed",
      ),
    ).toBeNull();
  });

  it("leaves a text it does not know as it is", () => {
    expect(format.deliveryProblemInWords("email", "Something new went wrong", "failed")).toBeNull();
    // Meta's "does not exist" is about a template, not the parent's mailbox.
    expect(
      format.deliveryProblemInWords("whatsapp", "WhatsApp error 100: Param does not exist", "failed"),
    ).toBeNull();
  });
});
