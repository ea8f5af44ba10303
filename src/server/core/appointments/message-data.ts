import { DEFAULT_LANGUAGE, isLanguage } from "@shared/i18n/languages";
import { bookingIdOf } from "@shared/booking";
import { timeZoneLabel } from "@shared/clinic-time";
import { appointmentInterval } from "@shared/schedule";
import type { SiteProfile } from "@shared/site-profile";
import type { Config } from "../../config";
import type { AppointmentMessageData, SiteFacts } from "../../integrations/messaging/types";
import { refundFacts } from "./payment-facts";
import type { AppointmentRow } from "./repository";
import { roomLinks } from "./video-links";

/**
 * What a message or a page says about an appointment and the site (times in the clinic's zone, the room links, the
 * refund), read from the appointment's row: the e-mails, WhatsApp messages and calendar invites, and the video room.
 */

/** The site's own address, for links in messages. */
export function siteAddress(config: Config): string {
  return config.publicBaseUrl ?? `http://localhost:${config.port}`;
}

export function siteFacts(config: Config, profile: SiteProfile): SiteFacts {
  return {
    doctorName: profile.doctor.name,
    siteUrl: siteAddress(config),
    contactEmail: profile.contact.email,
    contactPhone: profile.contact.phone,
  };
}

/** Who cancelled, read from the appointment: the doctor always gives a reason; a refused late payment is "system". */
function cancellationOf(row: AppointmentRow): AppointmentMessageData["cancellation"] {
  if (row.status !== "cancelled") return undefined;
  return {
    by: row.cancellationReason ? "doctor" : "patient",
    reason: row.cancellationReason,
    refundAmount: row.refundAmount ?? 0,
  };
}

export function appointmentMessageData(
  config: Config,
  row: AppointmentRow,
  extras: { manageUrl?: string } = {},
): AppointmentMessageData {
  const { timeZone } = config.booking;
  // The consultation's own length (from the schedule when it was booked): a 30-minute slot is a 30-minute event.
  const { startsAt, endsAt } = appointmentInterval(row, timeZone);
  const links = roomLinks(siteAddress(config), row.videoRoomId ?? "", row.videoHostKey ?? "", row.language);
  const refund = refundFacts(row);
  const cancellation = cancellationOf(row);
  return {
    bookingId: bookingIdOf(row.id),
    language: isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE,
    patientName: row.patientName,
    guardianName: row.guardianName,
    patientAge: row.patientAge,
    patientAgeMonths: row.patientAgeMonths,
    patientEmail: row.patientEmail,
    patientPhone: row.patientPhone,
    reasonForConsultation: row.reasonForConsultation,
    startsAt,
    endsAt,
    timeZone,
    timeZoneLabel: timeZoneLabel(timeZone, startsAt),
    amountPaid: row.paidAmount ?? row.amount,
    roomUrl: links.patient,
    hostUrl: links.host,
    calendarUid: `${row.id}@${new URL(siteAddress(config)).hostname}`,
    calendarSequence: row.calendarSequence,
    ...(refund ? { refund } : {}),
    ...(cancellation ? { cancellation } : {}),
    ...(extras.manageUrl ? { manageUrl: extras.manageUrl } : {}),
  };
}
