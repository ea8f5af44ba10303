import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
} from "ical-generator";
import type { AppointmentMessageData, Recipient, SiteFacts } from "../messaging/types";
import { bookingReference } from "../messaging/format-appointment";
import { messageWords, type MessageWords } from "../messaging/message-words";

export interface InviteOptions {
  /** Whose copy: the patient's carries the patient's link, the doctor's the host link (the moderator's). */
  recipient: Recipient;
  /**
   * The organizer's address. The doctor's copy names the doctor's own (DOCTOR_EMAIL, else the profile's), so the
   * doctor's calendar shows the event as theirs; the patient's names the profile's public address.
   */
  organizerEmail: string;
  /** CANCEL withdraws the event (same UID, higher SEQUENCE) from the calendars it was added to. */
  method?: "REQUEST" | "CANCEL";
  /** The words of the patient's copy: the booking's language (English when absent). */
  words?: MessageWords;
}

/**
 * The .ics invite carried by the confirmation e-mails (METHOD:REQUEST, so mail clients offer "add to calendar"), and
 * offered as a download on the payment result and video pages. The doctor is the organizer and the patient the
 * attendee in both copies; only the link differs.
 *
 * No time zone is set on purpose: with one, ical-generator formats plain Dates on the server's own clock and writes
 * wrong local times (research §4.4). UTC instants (DTSTART:...Z) are shown by every client in the reader's zone.
 * The UID is the appointment's stable calendarUid, so a later update (SEQUENCE 1, 2...) replaces this event
 * instead of adding a second one.
 */
export function calendarInvite(
  data: AppointmentMessageData,
  site: SiteFacts,
  options: InviteOptions,
): string {
  const link = options.recipient === "doctor" ? data.hostUrl : data.roomUrl;
  // The parent's invite is written in the language of the e-mail it comes with.
  const { t } = options.words ?? messageWords("en");
  const cancelled = options.method === "CANCEL";
  const calendar = ical({
    method: cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
    prodId: { company: hostOf(site.siteUrl), product: "video-consultations", language: "EN" },
  });
  const event = calendar.createEvent({
    id: data.calendarUid,
    sequence: data.calendarSequence,
    start: new Date(data.startsAt.getTime()),
    end: new Date(data.endsAt.getTime()),
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    summary:
      options.recipient === "doctor"
        ? `Video consultation: ${data.patientName}`
        : t("invite.summary", { doctor: site.doctorName }),
    location: link,
    url: link,
    description: (options.recipient === "doctor"
      ? [
          `Booking ID: ${bookingReference(data.bookingId)}`,
          `Patient: ${data.patientName}`,
          `Reason: ${data.reasonForConsultation}`,
          `Join as host (your own link; do not share it): ${link}`,
        ]
      : [
          t("invite.bookingId", { reference: bookingReference(data.bookingId) }),
          t("invite.join", { link }),
          t("invite.early"),
          t("invite.questions", { email: site.contactEmail }),
        ]
    ).join("\n"),
    organizer: { name: asParameterValue(site.doctorName), email: options.organizerEmail },
  });
  // Marked accepted without RSVP: the booking itself is the acceptance, and replies would only fill the doctor's inbox.
  event.createAttendee({
    email: data.patientEmail,
    name: asParameterValue(data.patientName),
    role: ICalAttendeeRole.REQ,
    status: ICalAttendeeStatus.ACCEPTED,
    rsvp: false,
  });
  return calendar.toString();
}

function hostOf(siteUrl: string): string {
  try {
    return new URL(siteUrl).host || "clinic";
  } catch {
    return "clinic";
  }
}

/**
 * A name as an iCalendar parameter value (CN=...). RFC 5545 gives a quoted parameter no escape for a double quote
 * and allows no control characters, so a quote becomes an apostrophe and controls are dropped; otherwise a name such
 * as `A";ROLE=CHAIR;X="` would add parameters of its own in a strict reader.
 */
function asParameterValue(name: string): string {
  return name
    .replace(/"/g, "'")
    .replace(/\p{Cc}/gu, " ")
    .trim();
}
