import { describe, expect, it } from "vitest";
import {
  canRetryNotification,
  formatInstant,
  formatLeadTime,
  hasMessagesInFlight,
  isNoteAProblem,
  notificationKindLabel,
  notificationMoment,
  notificationRouteLabel,
  notificationStatusHint,
  notificationStatusLabel,
  notificationStatusVariant,
  outboxSummaryLine,
} from "./notification-format";

describe("notificationKindLabel", () => {
  it("words the four kinds of message", () => {
    expect(notificationKindLabel("confirmation")).toBe("Confirmation");
    expect(notificationKindLabel("reminder_1440m")).toBe("Reminder 24 h before");
    expect(notificationKindLabel("reminder_30m")).toBe("Reminder 30 min before");
    expect(notificationKindLabel("contact_message")).toBe("Contact message");
    expect(notificationKindLabel("prescription_v2")).toBe("Prescription, version 2");
  });

  it("reads the minutes of any reminder and words unknown kinds from their name", () => {
    expect(notificationKindLabel("reminder_60m")).toBe("Reminder 1 h before");
    expect(notificationKindLabel("reminder_90m")).toBe("Reminder 90 min before");
    expect(notificationKindLabel("payment_receipt")).toBe("Payment receipt");
    expect(notificationKindLabel("reminder_m")).toBe("Reminder m");
    expect(notificationKindLabel("")).toBe("Unknown");
  });
});

describe("formatLeadTime", () => {
  it("uses hours for whole hours and minutes otherwise", () => {
    expect(formatLeadTime(1440)).toBe("24 h");
    expect(formatLeadTime(120)).toBe("2 h");
    expect(formatLeadTime(30)).toBe("30 min");
    expect(formatLeadTime(0)).toBe("0 min");
  });
});

describe("notificationRouteLabel", () => {
  it("says the channel and who receives the message", () => {
    expect(notificationRouteLabel("email", "patient")).toBe("E-mail to patient");
    expect(notificationRouteLabel("whatsapp", "doctor")).toBe("WhatsApp to doctor");
    expect(notificationRouteLabel("sms", "patient")).toBe("Sms to patient");
  });
});

describe("notification status", () => {
  it("chooses the badge of each status", () => {
    expect(notificationStatusVariant("sent")).toBe("success");
    expect(notificationStatusVariant("pending")).toBe("secondary");
    expect(notificationStatusVariant("processing")).toBe("secondary");
    expect(notificationStatusVariant("skipped")).toBe("outline");
    expect(notificationStatusVariant("written_to_file")).toBe("outline");
    expect(notificationStatusVariant("failed")).toBe("destructive");
    expect(notificationStatusVariant("cancelled")).toBe("destructive");
    expect(notificationStatusVariant("something_new")).toBe("destructive");
  });

  it("words each status, and explains a skipped message", () => {
    expect(notificationStatusLabel("processing")).toBe("Sending");
    expect(notificationStatusLabel("skipped")).toBe("Skipped");
    expect(notificationStatusLabel("on_hold")).toBe("On hold");
    expect(notificationStatusLabel("constructor")).toBe("Constructor");
    expect(notificationStatusHint("skipped")).toBe("Not sent: channel not set up");
    expect(notificationStatusLabel("written_to_file")).toBe("Written to file");
    expect(notificationStatusHint("written_to_file")).toBe("Kept on the server: channel not set up");
    expect(notificationStatusHint("sent")).toBeNull();
  });

  it("offers a retry for failed messages and those not sent for want of a channel only", () => {
    expect(canRetryNotification("failed")).toBe(true);
    expect(canRetryNotification("skipped")).toBe(true);
    expect(canRetryNotification("written_to_file")).toBe(true);
    // Not while the channel still only writes files: a resend would write the same file again.
    expect(canRetryNotification("written_to_file", false)).toBe(false);
    expect(canRetryNotification("failed", false)).toBe(true);
    for (const status of ["pending", "processing", "sent", "cancelled"]) {
      expect(canRetryNotification(status)).toBe(false);
    }
  });
});

describe("notificationMoment", () => {
  const dueAt = "2026-11-21T13:30:00.000Z";
  const sentAt = "2026-11-21T13:30:02.000Z";

  it("shows when a message was sent, or when it is due", () => {
    expect(notificationMoment({ status: "sent", attempts: 1, dueAt, sentAt })).toEqual({
      label: "Sent",
      at: sentAt,
    });
    expect(notificationMoment({ status: "pending", attempts: 0, dueAt, sentAt: null })).toEqual({
      label: "Due",
      at: dueAt,
    });
    expect(notificationMoment({ status: "skipped", attempts: 1, dueAt, sentAt: null }).label).toBe("Due");
    expect(notificationMoment({ status: "written_to_file", attempts: 1, dueAt, sentAt })).toEqual({
      label: "Written",
      at: sentAt,
    });
  });

  it("calls the due time of a message waiting after a failed attempt its next try", () => {
    expect(notificationMoment({ status: "pending", attempts: 2, dueAt, sentAt: null })).toEqual({
      label: "Next try",
      at: dueAt,
    });
  });
});

describe("hasMessagesInFlight", () => {
  const now = Date.parse("2026-11-21T13:30:00.000Z");

  it("is true while a message is due now or being sent", () => {
    expect(hasMessagesInFlight([{ status: "pending", dueAt: "2026-11-21T13:29:59.000Z" }], now)).toBe(true);
    expect(hasMessagesInFlight([{ status: "processing", dueAt: "2026-11-21T18:00:00.000Z" }], now)).toBe(
      true,
    );
  });

  it("is false for reminders due later, finished messages and no data", () => {
    expect(hasMessagesInFlight([{ status: "pending", dueAt: "2026-11-22T13:00:00.000Z" }], now)).toBe(false);
    expect(hasMessagesInFlight([{ status: "skipped", dueAt: "2026-11-21T13:00:00.000Z" }], now)).toBe(false);
    expect(hasMessagesInFlight(undefined, now)).toBe(false);
  });
});

describe("formatInstant", () => {
  const iso = "2026-11-21T13:30:00.000Z";

  it("shows the instant in the clinic's zone with its short name", () => {
    expect(formatInstant(iso, "Asia/Kolkata", "IST")).toBe("21 Nov 2026, 7:00 PM IST");
  });

  it("adds no zone name without a zone, and leaves unreadable values as they are", () => {
    expect(formatInstant(iso, undefined, "IST")).not.toContain("IST");
    expect(formatInstant("not a date", "Asia/Kolkata", "IST")).toBe("not a date");
  });

  it("falls back to the browser's zone for an unknown zone name", () => {
    expect(formatInstant(iso, "Mars/Olympus", "MST")).not.toContain("MST");
  });
});

describe("outbox summary", () => {
  it("says in one line what became of the messages", () => {
    expect(outboxSummaryLine({ sent: 12, writtenToFile: 2, failing: 0, waiting: 0, notSent: 0 })).toBe(
      "12 sent, 2 written to files, 0 failing",
    );
    expect(outboxSummaryLine({ sent: 0, writtenToFile: 1, failing: 1, waiting: 3, notSent: 2 })).toBe(
      "0 sent, 1 written to a file, 1 failing, 3 waiting, 2 not sent",
    );
  });

  it("shows the note of a message written to a file as information, an error as a problem", () => {
    expect(isNoteAProblem({ status: "written_to_file", attempts: 1 })).toBe(false);
    expect(isNoteAProblem({ status: "cancelled", attempts: 1 })).toBe(false);
    expect(isNoteAProblem({ status: "failed", attempts: 6 })).toBe(true);
    expect(isNoteAProblem({ status: "pending", attempts: 2 })).toBe(true);
  });
});
