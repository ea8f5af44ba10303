import { createElement } from "react";
import type { CountryCode } from "libphonenumber-js/max";
import { renderBoth } from "../../integrations/email/compose-email";
import { AppointmentChangeEmail } from "../../integrations/email/templates/appointment-change";
import { bookingReference } from "../../integrations/messaging/format-appointment";
import { messageWords } from "../../integrations/messaging/message-words";
import type {
  AppointmentMessageData,
  EmailMessage,
  SiteFacts,
  WhatsAppMessage,
} from "../../integrations/messaging/types";
import { parentLanguage, patientNumber, templateMessage } from "../../integrations/whatsapp/compose-whatsapp";
import type { Language } from "@shared/i18n/languages";

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
  const words = messageWords(data.language);
  const { t } = words;
  const reference = bookingReference(data.bookingId);
  const time = `${words.clock(data.startsAt, data.timeZone)} ${data.timeZoneLabel}`;
  const element = createElement(AppointmentChangeEmail, {
    site,
    words,
    heading: t("late.heading", { minutes }),
    preview: t("late.preview", { time }),
    paragraphs: [
      t("late.sorry", { doctor: site.doctorName, minutes, patient: data.patientName, time }),
      t("late.join"),
    ],
    bookingReference: reference,
    patientName: data.patientName,
    when: words.whenLong(data.startsAt, data.timeZone, data.timeZoneLabel),
    whenLabel: t("unavailable.whenLabel"),
    button: { label: t("email.joinVideo"), href: data.roomUrl },
  });
  return {
    to: data.patientEmail,
    subject: t("late.subject", { minutes, time, reference }),
    replyTo: site.contactEmail,
    ...(await renderBoth(element, words)),
  };
}

/** The parent's WhatsApp message, through the running-late template (`WHATSAPP_TEMPLATE_RUNNING_LATE`). */
export function composeRunningLateWhatsApp(
  data: AppointmentMessageData,
  minutes: number,
  template: { name: string; language: string },
  options: { translatedTemplates?: Partial<Record<Language, string>>; defaultRegion?: CountryCode } = {},
): WhatsAppMessage {
  // In the booking's language where Meta approved the template in it, as the parent's other messages.
  const { words, inLanguage } = parentLanguage(data, options);
  return templateMessage(
    patientNumber(data.patientPhone, options.defaultRegion ?? "IN"),
    inLanguage(template),
    [
      data.patientName,
      String(minutes),
      `${words.clock(data.startsAt, data.timeZone)} ${data.timeZoneLabel}`,
      data.roomUrl,
    ],
  );
}
