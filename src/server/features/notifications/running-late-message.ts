import { createElement } from "react";
import type { CountryCode } from "libphonenumber-js/max";
import { renderBoth } from "../../integrations/email/compose-email";
import { AppointmentChangeEmail } from "../../integrations/email/templates/appointment-change";
import {
  bookingReference,
  formatClockTime,
  formatWhenLong,
} from "../../integrations/messaging/format-appointment";
import type {
  AppointmentMessageData,
  EmailMessage,
  SiteFacts,
  WhatsAppMessage,
} from "../../integrations/messaging/types";
import { patientNumber, templateParameter } from "../../integrations/whatsapp/compose-whatsapp";

/*
 * The approved WhatsApp template (category Utility, `WHATSAPP_TEMPLATE_RUNNING_LATE`, by default
 * `appointment_running_late`) that tells a parent the doctor is running late: {{1}} patient name, {{2}} minutes
 * ("15"), {{3}} the booked time ("7:20 PM IST"), {{4}} the video link. A wording to submit to Meta is in the README.
 */

/**
 * The parent's e-mail: the doctor is running about `minutes` late; the booked time, and the video link, which stays
 * the same. Replies go to the doctor's public address.
 */
export async function composeRunningLateEmail(
  data: AppointmentMessageData,
  site: SiteFacts,
  minutes: number,
): Promise<EmailMessage> {
  const reference = bookingReference(data.bookingId);
  const clock = formatClockTime(data.startsAt, data.timeZone, data.timeZoneLabel);
  const element = createElement(AppointmentChangeEmail, {
    site,
    heading: `The doctor is running about ${minutes} minutes late`,
    preview: `Your video consultation at ${clock} will start a little later.`,
    paragraphs: [
      `We are sorry: ${site.doctorName} is running about ${minutes} minutes late today, so the video consultation for ${data.patientName}, booked for ${clock}, will start a little later than booked.`,
      "Please join with the same link, at the booked time or a little later; the doctor will join you as soon as possible. Thank you for your patience.",
    ],
    bookingReference: reference,
    patientName: data.patientName,
    when: formatWhenLong(data.startsAt, data.timeZone, data.timeZoneLabel),
    whenLabel: "Booked time",
    button: { label: "Join video consultation", href: data.roomUrl },
  });
  return {
    to: data.patientEmail,
    subject: `The doctor is running about ${minutes} minutes late: your consultation at ${clock} (${reference})`,
    replyTo: site.contactEmail,
    ...(await renderBoth(element)),
  };
}

/** The parent's WhatsApp message, through the running-late template (`WHATSAPP_TEMPLATE_RUNNING_LATE`). */
export function composeRunningLateWhatsApp(
  data: AppointmentMessageData,
  minutes: number,
  template: { name: string; language: string },
  defaultRegion: CountryCode = "IN",
): WhatsAppMessage {
  return {
    to: patientNumber(data.patientPhone, defaultRegion),
    template: template.name,
    language: template.language,
    bodyParameters: [
      data.patientName,
      String(minutes),
      formatClockTime(data.startsAt, data.timeZone, data.timeZoneLabel),
      data.roomUrl,
    ].map(templateParameter),
  };
}
