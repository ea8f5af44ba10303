import type { AdminNotification, OutboxFilter, OutboxSummary } from "@shared/admin";
import { withoutEmailAddresses } from "@shared/email";
import type { BadgeVariant } from "./admin-format";

/**
 * Pure helpers of the dashboard's Notifications panel: how the outbox's messages are worded for the doctor. No DOM,
 * no React, so the unit tests run in Node.
 */

/** "e_mail-thing" -> "E mail thing"; an empty value is "Unknown". */
function sentenceCase(value: string): string {
  const words = value.replace(/[_-]+/g, " ").trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1).toLowerCase() : "Unknown";
}

/** Minutes before an appointment, as the doctor says them: 1440 -> "24 h", 30 -> "30 min", 90 -> "90 min". */
export function formatLeadTime(minutes: number): string {
  return minutes > 0 && minutes % 60 === 0 ? `${minutes / 60} h` : `${minutes} min`;
}

/** Fixed kinds, in the doctor's words. */
const KIND_LABELS: Record<string, string> = {
  confirmation: "Confirmation",
  contact_message: "Contact message",
  cancelled: "Cancellation",
  refund: "Refund notice",
  doctor_unavailable: "Asked to choose a new time or a refund",
};

/**
 * What a message is: "Confirmation", "Reminder 24 h before" (reminder_1440m), "Reminder 30 min before the new time"
 * (reminder_30m_s1: after a move), "New time" (rescheduled_1), "Running about 15 min late" (running_late_1_15m),
 * "Contact message"; a kind this client does not know is worded from its name. The doctor never reads the outbox's
 * own codes.
 */
export function notificationKindLabel(kind: string): string {
  const fixed = Object.hasOwn(KIND_LABELS, kind) ? KIND_LABELS[kind] : undefined;
  if (fixed) return fixed;
  const reminder = /^reminder_(\d+)m(_s\d+)?$/.exec(kind);
  if (reminder?.[1])
    return `Reminder ${formatLeadTime(Number(reminder[1]))} before${reminder[2] ? " the new time" : ""}`;
  if (/^rescheduled(_\d+)?$/.test(kind)) return "New time";
  // One per press of Running late, with its estimate: running_late_2_15m is the second, "about 15 minutes".
  const late = /^running_late_\d+_(\d+)m$/.exec(kind);
  if (late?.[1]) return `Running about ${formatLeadTime(Number(late[1]))} late`;
  const prescription = /^prescription_v(\d+)$/.exec(kind);
  if (prescription?.[1]) return `Prescription, version ${prescription[1]}`;
  return sentenceCase(kind);
}

const channelLabels: Record<AdminNotification["channel"], string> = {
  email: "E-mail",
  whatsapp: "WhatsApp",
};

/** "E-mail to patient", "WhatsApp to doctor". */
export function notificationRouteLabel(channel: string, recipient: string): string {
  const how = Object.hasOwn(channelLabels, channel)
    ? channelLabels[channel as AdminNotification["channel"]]
    : sentenceCase(channel);
  return `${how} to ${recipient.trim() === "" ? "unknown" : recipient.toLowerCase()}`;
}

const statusLabels: Record<string, string> = {
  pending: "Waiting",
  processing: "Sending",
  sent: "Sent",
  written_to_file: "Held",
  failed: "Failed",
  skipped: "Skipped",
  cancelled: "Withdrawn",
};

/**
 * The badge's word: "Sent", "Waiting", "Held"... A waiting message that was already tried and failed is "Retrying",
 * as the Failing filter counts it.
 */
export function notificationStatusLabel(status: string, attempts = 0): string {
  if (status === "pending" && attempts > 0) return "Retrying";
  return Object.hasOwn(statusLabels, status) ? (statusLabels[status] ?? status) : sentenceCase(status);
}

/**
 * Sent is positive; waiting is neutral; written to a file (the channel is not set up yet), skipped and withdrawn (a
 * reminder of a time that moved, a message about a booking since cancelled or erased: the site's own decision) are
 * neutral hints, never alarms; failed and anything unknown are negative.
 */
export function notificationStatusVariant(status: string): BadgeVariant {
  if (status === "sent") return "success";
  if (status === "pending" || status === "processing") return "secondary";
  if (status === "written_to_file" || status === "skipped" || status === "cancelled") return "outline";
  return "destructive";
}

/** A short explanation under the badge, where the status alone does not say enough. */
export function notificationStatusHint(status: string): string | null {
  if (status === "written_to_file")
    return "Not sent: e-mail or WhatsApp is not set up for the site yet. It is sent once it is.";
  if (status === "skipped") return "Not sent: e-mail or WhatsApp was not set up for the site";
  return null;
}

/**
 * Failed messages, and those not sent for want of a channel, can be sent again (the server refuses the others with
 * 409). A message written to a file is offered again only once its channel is set up (`channelReady`): before that,
 * a resend would only write the file again.
 */
export function canRetryNotification(status: string, channelReady = true): boolean {
  if (status === "written_to_file" || status === "skipped") return channelReady;
  return status === "failed";
}

/** Whether the message's note is a problem (shown in red) or just says what happened (shown in grey). */
export function isNoteAProblem(notification: Pick<AdminNotification, "status" | "attempts">): boolean {
  return (
    notification.status === "failed" ||
    notification.status === "processing" ||
    (notification.status === "pending" && notification.attempts > 0)
  );
}

/** What the site does about a message that failed: tried again by itself, or not. */
function retryWords(permanent: boolean): string {
  return permanent ? "It will not be tried again by itself." : "It is tried again by itself.";
}

/**
 * A delivery error in the doctor's words: what went wrong and who can put it right. The raw text (the mail server's
 * or Meta's own words) stays available under it for whoever runs the site. Null for a text not recognised, which is
 * then shown as it is.
 */
export function deliveryProblemInWords(channel: string, error: string, status: string): string | null {
  const permanent = status === "failed";
  const email: [RegExp, string][] = [
    [
      /^E-mail is not configured: SMTP_URL is not set/,
      "E-mail is not set up on the server (SMTP_URL): whoever runs the site must set it.",
    ],
    [
      /\b535\b|\(EAUTH\)|Invalid login/,
      "The e-mail server refused the site's sign-in: whoever runs the site must check the user and password in SMTP_URL.",
    ],
    [
      /\b55[0-3][ -]|\(EENVELOPE\)|recipients were rejected/,
      "The parent's e-mail address was refused: check it with them, and send the message again once it is put right.",
    ],
    [
      /\((ECONNECTION|ETIMEDOUT|ESOCKET|EDNS)\)|ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ECONNRESET/,
      `The e-mail server could not be reached. ${retryWords(permanent)} If this goes on, whoever runs the site must check the connection and the settings.`,
    ],
  ];
  // Each WhatsApp error is worded by the site from its start ("WhatsApp error 131026: ..."); Meta's own text after
  // that may quote what was sent, so only the start is read.
  const whatsapp: [RegExp, string][] = [
    [
      /^There is no WhatsApp template for/,
      "No WhatsApp template is set for this message: whoever runs the site must set one.",
    ],
    [
      /^The phone number [+\d\s()-]* is not a valid number/,
      "The phone number the parent gave is not a valid number: ask them for it and send the message again.",
    ],
    [
      /^WhatsApp could not be reached/,
      `WhatsApp could not be reached. ${retryWords(permanent)} If this goes on, whoever runs the site must check the connection and the settings.`,
    ],
    [
      /^WhatsApp error (190|0):/,
      "WhatsApp refused the site's access token (expired or wrong): whoever runs the site must renew it.",
    ],
    [
      /^WhatsApp error 131026:/,
      "WhatsApp could not deliver it to the parent's number: the number may not be on WhatsApp. The e-mail still goes.",
    ],
    [
      /^WhatsApp error 13200\d:/,
      "WhatsApp does not have this message's template as the site sends it (not approved, or its wording changed): whoever runs the site must check the template in Meta's WhatsApp Manager.",
    ],
    [
      /^WhatsApp error 131047:/,
      "WhatsApp allows only approved templates to a parent who has not written in the last 24 hours.",
    ],
    [
      /^WhatsApp error (130429|131056|4|80007):/,
      `WhatsApp asked the site to slow down. ${retryWords(permanent)}`,
    ],
  ];
  const rules = channel === "whatsapp" ? whatsapp : email;
  // An address the mail server quotes back is the parent's typing ("econnrefused@example.org"), never a cause.
  const text = withoutEmailAddresses(error);
  return rules.find(([pattern]) => pattern.test(text))?.[1] ?? null;
}

function count(value: number, one: string, many: string): string {
  return `${value} ${value === 1 ? one : many}`;
}

/**
 * "12 sent, 2 held (channel not set up), 0 failing", and what waits or was not sent when there is any. "Held": kept
 * on the server, to be sent again once e-mail or WhatsApp is set up.
 */
export function outboxSummaryLine(summary: OutboxSummary): string {
  const parts = [
    `${summary.sent} sent`,
    `${summary.writtenToFile} held (channel not set up)`,
    `${summary.failing} failing`,
  ];
  if (summary.waiting > 0) parts.push(`${summary.waiting} waiting`);
  if (summary.notSent > 0) parts.push(`${summary.notSent} not sent`);
  return parts.join(", ");
}

/** The list's filters, in the summary's words and order. */
export const OUTBOX_FILTER_LABELS: Record<OutboxFilter, string> = {
  all: "All messages",
  failing: "Failing",
  waiting: "Waiting",
  sent: "Sent",
  written_to_file: "Held (channel not set up)",
  not_sent: "Not sent",
};

/** How many messages a filter shows, from the summary of the whole outbox. */
export function outboxFilterCount(filter: OutboxFilter, summary: OutboxSummary): number {
  if (filter === "all")
    return summary.sent + summary.writtenToFile + summary.failing + summary.waiting + summary.notSent;
  const field = {
    failing: "failing",
    waiting: "waiting",
    sent: "sent",
    written_to_file: "writtenToFile",
    not_sent: "notSent",
  } as const;
  return summary[field[filter]];
}

const FILTER_NOUNS: Record<OutboxFilter, [one: string, many: string]> = {
  all: ["message", "messages"],
  failing: ["failing message", "failing messages"],
  waiting: ["message waiting", "messages waiting"],
  sent: ["sent message", "sent messages"],
  written_to_file: ["message held (channel not set up)", "messages held (channel not set up)"],
  not_sent: ["message not sent", "messages not sent"],
};

/**
 * What the list shows, in a sentence: "Showing the latest 20 of 57 failing messages", "Showing 3 messages for
 * “Rao”", "No failing messages."
 */
export function outboxListLine({
  shown,
  total,
  filter,
  search,
}: {
  shown: number;
  total: number;
  filter: OutboxFilter;
  search: string;
}): string {
  const [one, many] = FILTER_NOUNS[filter];
  const searched = search ? ` for “${search}”` : "";
  if (total === 0) return `No ${many}${searched}.`;
  const counted = count(total, one, many);
  return shown < total
    ? `Showing the latest ${shown} of ${counted}${searched}`
    : `Showing ${counted}${searched}`;
}

/** Which moment of a message the list shows, and what to call it. */
export function notificationMoment(
  notification: Pick<AdminNotification, "status" | "attempts" | "dueAt" | "sentAt">,
): { label: string; at: string } {
  if (notification.sentAt) {
    return { label: notification.status === "written_to_file" ? "Held" : "Sent", at: notification.sentAt };
  }
  if (notification.status === "cancelled") return { label: "Was due", at: notification.dueAt };
  // A pending message that was already tried is waiting for its next attempt.
  if (notification.status === "pending" && notification.attempts > 0) {
    return { label: "Next try", at: notification.dueAt };
  }
  return { label: "Due", at: notification.dueAt };
}

/**
 * Whether the list should keep refreshing itself: a message is waiting to be sent now (pending and due, or being
 * sent), so its outcome will show within seconds. Reminders due later do not count.
 */
export function hasMessagesInFlight(
  notifications: readonly Pick<AdminNotification, "status" | "dueAt">[] | undefined,
  now: number,
): boolean {
  return (notifications ?? []).some(
    (notification) =>
      notification.status === "processing" ||
      (notification.status === "pending" && Date.parse(notification.dueAt) <= now),
  );
}

/**
 * An instant in the clinic's zone, with the zone's short name: "21 Nov 2026, 7:00 PM IST". Without a zone (the
 * config is not loaded yet), the browser's own zone is used and no name is added. An unreadable value is shown as
 * it is.
 */
export function formatInstant(iso: string, timeZone?: string, zoneLabel?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  let text: string;
  try {
    text = new Intl.DateTimeFormat("en-IN", {
      day: "numeric",
      month: "short",
      year: "numeric",
      hour: "numeric",
      minute: "2-digit",
      ...(timeZone ? { timeZone } : {}),
    })
      .format(date)
      // "7:00 PM", as the appointment times are written.
      .replace(/\b(am|pm)\b/, (period) => period.toUpperCase());
  } catch {
    // An unknown zone name: fall back to the browser's zone, without a label that would be wrong.
    return formatInstant(iso);
  }
  return timeZone && zoneLabel ? `${text} ${zoneLabel}` : text;
}
