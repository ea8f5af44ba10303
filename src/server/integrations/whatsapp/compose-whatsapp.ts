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
import { bookingReference } from "../messaging/format-appointment";
import { messageWords, type MessageWords } from "../messaging/message-words";

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

export interface ComposeWhatsAppOptions {
  /** The doctor's WhatsApp number (DOCTOR_WHATSAPP); the profile's contact phone when unset. */
  doctorNumber?: string;
  templates: WhatsAppTemplates;
  /**
   * The languages besides English in which Meta approved the parent's templates, with their template language codes
   * ({hi: "hi", kn: "kn"}): a booking made in one of them is written to in it.
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
  if (kind === "contact_message") {
    throw new Error("contact_message is not about an appointment and has no WhatsApp template");
  }
  if (recipient === "doctor") return doctorMessage(kind, data, site, options);
  return parentMessage(kind, data, site, options);
}

/** The doctor's copy, in English: a new booking, or a booking that moved or was cancelled. */
function doctorMessage(
  kind: Exclude<MessageKind, "contact_message">,
  data: AppointmentMessageData,
  site: SiteFacts,
  options: ComposeWhatsAppOptions,
): WhatsAppMessage {
  const to = toE164(options.doctorNumber ?? site.contactPhone, options.defaultRegion ?? "IN");
  const words = messageWords("en");
  const when = words.whenLong(data.startsAt, data.timeZone, data.timeZoneLabel);
  if (kind === "rescheduled" || kind === "cancelled") {
    const reference = bookingReference(data.bookingId);
    return templateMessage(to, options.templates.doctorChange, [
      data.patientName,
      reference,
      changeText(kind, data, words),
    ]);
  }
  if (kind === "doctor_unavailable")
    throw new Error("The doctor-unavailable message goes to the patient only");
  if (kind !== "confirmation") {
    throw new TransportError(`There is no WhatsApp template for the doctor's ${kind} message`, true);
  }
  return templateMessage(to, options.templates.doctorConfirmation, [
    data.patientName,
    ageLabel(data.patientAge, data.patientAgeMonths),
    when,
    cut(data.reasonForConsultation, REASON_MAX),
    data.hostUrl,
  ]);
}

/**
 * The parent's message, in the booking's language when Meta approved the parent's templates in it (the date, time
 * and phrases then in its words, "ಭಾನುವಾರ, ನವೆಂಬರ್ 22, 2026, ಸಂಜೆ 7:00 IST"), else the English template in English.
 */
function parentMessage(
  kind: Exclude<MessageKind, "contact_message">,
  data: AppointmentMessageData,
  site: SiteFacts,
  options: ComposeWhatsAppOptions,
): WhatsAppMessage {
  const to = patientNumber(data.patientPhone, options.defaultRegion ?? "IN");
  const { words, inLanguage } = parentLanguage(data, options);
  const { t } = words;
  const when = words.whenLong(data.startsAt, data.timeZone, data.timeZoneLabel);
  const reference = bookingReference(data.bookingId);
  const { templates } = options;
  switch (kind) {
    case "confirmation":
      return templateMessage(to, inLanguage(templates.confirmation), [
        data.patientName,
        when,
        reference,
        data.roomUrl,
        data.manageUrl ?? data.roomUrl,
      ]);
    case "reminder_24h":
    case "reminder_30m":
      return templateMessage(to, inLanguage(templates.reminder), [data.patientName, when, data.roomUrl]);
    case "rescheduled":
    case "cancelled": {
      const link = kind === "cancelled" ? site.siteUrl : (data.manageUrl ?? data.roomUrl);
      const change = changeText(kind, data, words);
      return templateMessage(to, inLanguage(templates.change), [data.patientName, reference, change, link]);
    }
    case "doctor_unavailable":
      // The change template: "{{3}}" reads "<time>: the doctor is not available then; ...".
      return templateMessage(to, inLanguage(templates.change), [
        data.patientName,
        reference,
        t("whatsapp.unavailable", { when }),
        data.manageUrl ?? site.siteUrl,
      ]);
    case "refund": {
      const { refund } = data;
      if (!refund) throw new Error("A refund message needs the appointment's refund");
      return templateMessage(to, inLanguage(templates.refund), [
        data.patientName,
        when,
        reference,
        refundReasonText(refund, words),
        words.rupees(refund.amount),
      ]);
    }
  }
}

/**
 * The words of a parent's messages and their templates' language: the booking's where Meta approved the parent's
 * templates in it (`WHATSAPP_TEMPLATE_TRANSLATIONS`), else English.
 */
export function parentLanguage(
  data: Pick<AppointmentMessageData, "language">,
  options: Pick<ComposeWhatsAppOptions, "translatedTemplates">,
): { words: MessageWords; inLanguage: (template: WhatsAppTemplate) => WhatsAppTemplate } {
  const code = options.translatedTemplates?.[data.language];
  return {
    words: messageWords(code ? data.language : "en"),
    inLanguage: (template) => (code ? { ...template, language: code } : template),
  };
}

/** {{3}} of the change templates: what happened, in a phrase. */
function changeText(
  kind: "rescheduled" | "cancelled",
  data: AppointmentMessageData,
  words: MessageWords,
): string {
  const { t } = words;
  const when = words.whenLong(data.startsAt, data.timeZone, data.timeZoneLabel);
  if (kind === "rescheduled") return t("whatsapp.moved", { when });
  const refund = data.cancellation?.refundAmount ?? 0;
  return t("whatsapp.cancellation", {
    when,
    by: data.cancellation?.by === "doctor" ? t("whatsapp.cancelledByDoctor") : t("whatsapp.cancelled"),
    reason: data.cancellation?.reason ? ` (${cut(data.cancellation.reason, REASON_MAX)})` : "",
    money: refund > 0 ? t("whatsapp.refunding", { amount: words.rupees(refund) }) : t("whatsapp.noRefund"),
  });
}

/** {{4}} of the refund template, which reads "...could not confirm it: {{4}}." */
function refundReasonText(
  refund: NonNullable<AppointmentMessageData["refund"]>,
  words: MessageWords,
): string {
  if (refund.reason === "underpaid")
    return words.t("whatsapp.refund.underpaid", {
      amount: words.rupees(refund.amount),
      price: words.rupees(refund.price),
    });
  return words.t(`whatsapp.refund.${refund.reason}`);
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
