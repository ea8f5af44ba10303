import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
} from "ical-generator";
import type { AppointmentMessageData, SiteFacts } from "../messaging/types";
import { bookingReference } from "../messaging/format-appointment";

/**
 * The .ics invite carried by the confirmation e-mails (METHOD:REQUEST, so mail clients offer "add to calendar").
 *
 * No time zone is set on purpose: with one, ical-generator formats plain Dates on the server's own clock and writes
 * wrong local times (research §4.4). UTC instants (DTSTART:...Z) are shown by every client in the reader's zone.
 * The UID is the appointment's stable calendarUid, so a later update (SEQUENCE 1, 2...) replaces this event
 * instead of adding a second one.
 */
export function calendarInvite(data: AppointmentMessageData, site: SiteFacts, attendeeEmail: string): string {
  const calendar = ical({
    method: ICalCalendarMethod.REQUEST,
    prodId: { company: hostOf(site.siteUrl), product: "video-consultations", language: "EN" },
  });
  const event = calendar.createEvent({
    id: data.calendarUid,
    sequence: 0,
    start: new Date(data.startsAt.getTime()),
    end: new Date(data.endsAt.getTime()),
    status: ICalEventStatus.CONFIRMED,
    summary: `Video consultation with ${site.doctorName}`,
    location: data.roomUrl,
    url: data.roomUrl,
    description: [
      `Booking ID: ${bookingReference(data.bookingId)}`,
      `Join the video consultation: ${data.roomUrl}`,
      "Please join 5 minutes early.",
      `Questions: ${site.contactEmail}`,
    ].join("\n"),
    organizer: { name: site.doctorName, email: site.contactEmail },
  });
  // Marked accepted without RSVP: the booking itself is the acceptance, and replies would only fill the doctor's inbox.
  event.createAttendee({
    email: attendeeEmail,
    name: attendeeEmail === data.patientEmail ? data.patientName : site.doctorName,
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
