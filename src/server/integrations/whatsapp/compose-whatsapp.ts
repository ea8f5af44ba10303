import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/max";
import { ageLabel } from "@shared/age";
import type {
  AppointmentMessageData,
  MessageKind,
  Recipient,
  SiteFacts,
  WhatsAppMessage,
} from "../messaging/types";
import { TransportError } from "../messaging/types";
import type { Language } from "@shared/i18n/languages";
import { bookingReference, formatAmount, formatWhenLong } from "../messaging/format-appointment";
import { messageWords } from "../messaging/message-words";

/**
 * WhatsApp messages are approved templates (required outside the 24-hour customer-service window); the text lives
 * at Meta, and we send only the name, the language and the {{1}}, {{2}}... values, in the order of the template.
 */
export interface WhatsAppTemplate {
  name: string;
  /** Must equal the approved template's language code: "en", "en_US", "hi"... */
  language: string;
}

interface WhatsAppTemplates {
  /** To the patient: {{1}} patient name, {{2}} date and time with zone, {{3}} booking id, {{4}} room link. */
  confirmation: WhatsAppTemplate;
  /** To the doctor: {{1}} patient name, {{2}} age, {{3}} date and time, {{4}} reason, {{5}} host link. */
  doctorConfirmation: WhatsAppTemplate;
  /** To the patient: {{1}} patient name, {{2}} date and time with zone, {{3}} room link. */
  reminder: WhatsAppTemplate;
  /**
   * To the patient, when a received payment is refunded instead of booking the slot: {{1}} patient name, {{2}} date
   * and time asked for, {{3}} booking id, {{4}} why ("the time was booked by another patient..."), {{5}} amount.
   */
  refund: WhatsAppTemplate;
  /**
   * To the patient, when the booking moved or was cancelled: {{1}} patient name, {{2}} booking id, {{3}} what
   * changed ("moved to Thursday, 3 December 2026, 7:20 PM IST" / "cancelled; ₹1,000 is being refunded"), {{4}} the
   * link to manage the booking (or the site's address after a cancellation).
   */
  change: WhatsAppTemplate;
  /** To the doctor, when a booking moved or was cancelled: {{1}} patient name, {{2}} booking id, {{3}} what changed. */
  doctorChange: WhatsAppTemplate;
}

export const DEFAULT_WHATSAPP_TEMPLATES: WhatsAppTemplates = {
  confirmation: { name: "appointment_confirmation", language: "en" },
  doctorConfirmation: { name: "doctor_new_appointment", language: "en" },
  reminder: { name: "appointment_reminder", language: "en" },
  refund: { name: "booking_refund", language: "en" },
  change: { name: "appointment_change", language: "en" },
  doctorChange: { name: "doctor_appointment_change", language: "en" },
};

interface ComposeWhatsAppOptions {
  /** The doctor's WhatsApp number (DOCTOR_WHATSAPP); the profile's contact phone when unset. */
  doctorNumber?: string;
  templates: WhatsAppTemplates;
  /**
   * The languages besides English in which Meta approved the parent's confirmation and reminder, with their template
   * language codes ({hi: "hi", kn: "kn"}): a booking made in one of them is written to in it.
   */
  translatedTemplates?: Partial<Record<Language, string>>;
  /** The country assumed for numbers written without a country code. */
  defaultRegion?: CountryCode;
}

const REASON_MAX = 200;

export function composeAppointmentWhatsApp(
  kind: MessageKind,
  recipient: Recipient,
  data: AppointmentMessageData,
  site: SiteFacts,
  options: ComposeWhatsAppOptions,
): WhatsAppMessage {
  const region = options.defaultRegion ?? "IN";
  const when = formatWhenLong(data.startsAt, data.timeZone, data.timeZoneLabel);
  if (kind === "contact_message") {
    throw new Error("contact_message is not about an appointment and has no WhatsApp template");
  }
  if (kind === "rescheduled" || kind === "cancelled") {
    const change = changeText(kind, data, when);
    const reference = bookingReference(data.bookingId);
    if (recipient === "doctor") {
      return templateMessage(
        toE164(options.doctorNumber ?? site.contactPhone, region),
        options.templates.doctorChange,
        [data.patientName, reference, change],
      );
    }
    const link = kind === "cancelled" ? site.siteUrl : (data.manageUrl ?? data.roomUrl);
    return templateMessage(patientNumber(data.patientPhone, region), options.templates.change, [
      data.patientName,
      reference,
      change,
      link,
    ]);
  }
  if (kind === "doctor_unavailable") {
    if (recipient !== "patient") throw new Error("The doctor-unavailable message goes to the patient only");
    // The change template: "{{3}}" reads "not possible at <time>: the doctor is not available then; ...".
    return templateMessage(patientNumber(data.patientPhone, region), options.templates.change, [
      data.patientName,
      bookingReference(data.bookingId),
      `${when}: the doctor is not available then. Please choose another time (free) or a full refund`,
      data.manageUrl ?? site.siteUrl,
    ]);
  }
  if (recipient === "doctor") {
    if (kind !== "confirmation") {
      throw new TransportError(`There is no WhatsApp template for the doctor's ${kind} message`, true);
    }
    return templateMessage(
      toE164(options.doctorNumber ?? site.contactPhone, region),
      options.templates.doctorConfirmation,
      [
        data.patientName,
        ageLabel(data.patientAge, data.patientAgeMonths),
        when,
        cut(data.reasonForConsultation, REASON_MAX),
        data.hostUrl,
      ],
    );
  }
  const to = patientNumber(data.patientPhone, region);
  if (kind === "refund") {
    if (!data.refund) throw new Error("A refund message needs the appointment's refund");
    return templateMessage(to, options.templates.refund, [
      data.patientName,
      when,
      bookingReference(data.bookingId),
      refundReasonText(data.refund),
      formatAmount(data.refund.amount),
    ]);
  }
  return translatedMessage(kind, to, data, options);
}

/**
 * The confirmation and the reminders, in the booking's language when Meta approved the template in it (the date and
 * time then in its words, "ಭಾನುವಾರ, ನವೆಂಬರ್ 22, 2026, ಸಂಜೆ 7:00 IST"), else the English template.
 */
function translatedMessage(
  kind: "confirmation" | "reminder_24h" | "reminder_30m",
  to: string,
  data: AppointmentMessageData,
  options: ComposeWhatsAppOptions,
): WhatsAppMessage {
  const code = options.translatedTemplates?.[data.language];
  const words = messageWords(code ? data.language : "en");
  const when = words.whenLong(data.startsAt, data.timeZone, data.timeZoneLabel);
  const template = kind === "confirmation" ? options.templates.confirmation : options.templates.reminder;
  const inLanguage = code ? { ...template, language: code } : template;
  if (kind !== "confirmation") return templateMessage(to, inLanguage, [data.patientName, when, data.roomUrl]);
  return templateMessage(to, inLanguage, [
    data.patientName,
    when,
    bookingReference(data.bookingId),
    data.roomUrl,
    data.manageUrl ?? data.roomUrl,
  ]);
}

/** {{3}} of the change templates: what happened, in a phrase. */
function changeText(kind: "rescheduled" | "cancelled", data: AppointmentMessageData, when: string): string {
  if (kind === "rescheduled") return `moved to ${when}`;
  const refund = data.cancellation?.refundAmount ?? 0;
  const by = data.cancellation?.by === "doctor" ? "cancelled by the doctor" : "cancelled";
  const reason = data.cancellation?.reason ? ` (${cut(data.cancellation.reason, REASON_MAX)})` : "";
  const money = refund > 0 ? `; ${formatAmount(refund)} is being refunded` : "; no refund is due";
  return `${when}: ${by}${reason}${money}`;
}

/** {{4}} of the refund template, which reads "...could not confirm it: {{4}}." */
function refundReasonText(refund: NonNullable<AppointmentMessageData["refund"]>): string {
  switch (refund.reason) {
    case "underpaid":
      return `the payment of ${formatAmount(refund.amount)} was less than the consultation fee of ${formatAmount(refund.price)}`;
    case "doctor_unavailable":
      return "the doctor is not available at that time";
    case "slot_taken":
      return "the time was booked by another patient before your payment reached us";
  }
}

/** A template message to one number, its body parameters made acceptable to Meta. */
export function templateMessage(
  to: string,
  template: WhatsAppTemplate,
  parameters: string[],
): WhatsAppMessage {
  return {
    to,
    template: template.name,
    language: template.language,
    bodyParameters: parameters.map(templateParameter),
  };
}

/**
 * Meta refuses body parameters with line breaks, tabs or more than four spaces in a row (error 132018), and a
 * parent's reason for consultation often has line breaks; they become "; " and single spaces.
 */
export function templateParameter(value: string): string {
  const flat = value
    .replace(/\s*[\r\n\u2028\u2029]+\s*/g, "; ")
    .replace(/\s+/g, " ")
    .trim();
  // An empty parameter is refused too; a dash keeps the template's sentence readable.
  return flat === "" ? "-" : flat;
}

function cut(value: string, max: number): string {
  const flat = templateParameter(value);
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}

/**
 * A phone number in E.164 ("+919845012345"), read the way people type it: "+91 98450-12345", "098450 12345" or
 * "98450 12345" (India assumed unless told otherwise), "+44 7911 123456". Full metadata is used so that a number
 * of the right length but an impossible prefix is refused before WhatsApp is asked.
 */
export function toE164(phone: string, defaultRegion: CountryCode = "IN"): string {
  const parsed = parsePhoneNumberFromString(phone.trim(), defaultRegion);
  if (!parsed?.isValid()) {
    throw new TransportError(`The phone number ${phone.trim()} is not a valid number`, true);
  }
  return parsed.number;
}

/**
 * The patient's number in E.164, which must be a mobile number for WhatsApp to reach it. Bookings keep a checked
 * mobile number in E.164; a row stored before kept what was typed, which may be a landline or a made-up number
 * ("1234567890" reads as an Indian landline): refused here for good, in words the doctor can act on, rather than
 * sent to WhatsApp and paid for. Where the number's kind cannot be told (the United States), it is sent.
 */
export function patientNumber(phone: string, defaultRegion: CountryCode = "IN"): string {
  const number = toE164(phone, defaultRegion);
  const type = parsePhoneNumberFromString(number)?.getType();
  if (type !== undefined && type !== "MOBILE" && type !== "FIXED_LINE_OR_MOBILE")
    throw new TransportError(
      `The phone number ${phone.trim()} is not a mobile number, so WhatsApp cannot reach it: ask the parent for their mobile number`,
      true,
    );
  return number;
}
