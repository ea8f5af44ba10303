import { createElement, type ReactElement } from "react";
import { render } from "@react-email/render";
import { I18nProvider } from "@lingui/react";
import { languagePrefix } from "@shared/i18n/languages";
import { timeZoneLabel } from "@shared/clinic-time";
import type {
  AppointmentMessageData,
  ContactMessageData,
  EmailMessage,
  MessageKind,
  Recipient,
  SiteFacts,
} from "../messaging/types";
import { bookingReference, formatWhenLong } from "../messaging/format-appointment";
import { messageWords, type MessageWords } from "../messaging/message-words";
import { calendarInvite, type InviteOptions } from "./calendar-invite";
import { AppointmentChangeEmail } from "./templates/appointment-change";
import { AppointmentReminderEmail, type ReminderLead } from "./templates/appointment-reminder";
import { ContactMessageEmail } from "./templates/contact-message";
import { DoctorConfirmationEmail } from "./templates/doctor-confirmation";
import { PatientConfirmationEmail } from "./templates/patient-confirmation";
import { PaymentRefundEmail } from "./templates/payment-refund";

interface ComposeEmailOptions {
  /** Where the doctor's copies go: DOCTOR_EMAIL, else the profile's contact e-mail (the default here). */
  doctorEmail?: string;
}

/** The e-mail about an appointment for one recipient: subject, HTML, plain text and, for confirmations, the invite. */
export async function composeAppointmentEmail(
  kind: MessageKind,
  recipient: Recipient,
  data: AppointmentMessageData,
  site: SiteFacts,
  options: ComposeEmailOptions = {},
): Promise<EmailMessage> {
  const doctorEmail = options.doctorEmail ?? site.contactEmail;
  const to = recipient === "patient" ? data.patientEmail : doctorEmail;
  const words = messageWords(writtenInBookingLanguage(kind, recipient) ? data.language : "en");
  const facts = appointmentFacts(data, site, words);
  const { subject, element, replyTo } = appointmentContent(kind, recipient, data, site, facts);
  const message: EmailMessage = { to, subject, ...(await renderBoth(element, words)) };
  if (replyTo) message.replyTo = replyTo;
  // The confirmation adds the event to the calendar, a move updates it (same UID, higher SEQUENCE), a
  // cancellation withdraws it.
  if (kind === "confirmation" || kind === "rescheduled" || kind === "cancelled") {
    const method = kind === "cancelled" ? "CANCEL" : "REQUEST";
    message.icalEvent = {
      method,
      filename: kind === "cancelled" ? "cancel.ics" : "invite.ics",
      content: calendarInvite(data, site, {
        ...invitationFor(recipient, site, options),
        method,
        words: facts.words,
      }),
    };
  }
  return message;
}

/**
 * Whose invite: the doctor's copy is organised from the doctor's own address (DOCTOR_EMAIL), which patients never
 * see; the patient's from the profile's public address.
 */
export function invitationFor(
  recipient: Recipient,
  site: SiteFacts,
  options: ComposeEmailOptions = {},
): InviteOptions {
  return {
    recipient,
    organizerEmail: recipient === "doctor" ? (options.doctorEmail ?? site.contactEmail) : site.contactEmail,
  };
}

interface ComposeContactOptions {
  /** The zone "Received" is written in; the clinic's. */
  timeZone?: string;
}

/** A contact-form message forwarded to the doctor; Reply-To is the visitor, so replying answers them. */
export async function composeContactEmail(
  data: ContactMessageData,
  site: SiteFacts,
  doctorEmail: string,
  options: ComposeContactOptions = {},
): Promise<EmailMessage> {
  const timeZone = options.timeZone ?? "Asia/Kolkata";
  const subjectText = oneLine(data.subject) || `message from ${oneLine(data.name)}`;
  const element = createElement(ContactMessageEmail, {
    site,
    name: data.name,
    email: data.email,
    phone: data.phone,
    subject: data.subject,
    message: data.message,
    formName: data.source === "contact-page" ? "Contact Us page" : "Home page",
    receivedAt: formatWhenLong(data.receivedAt, timeZone, timeZoneLabel(timeZone, data.receivedAt)),
  });
  return {
    to: doctorEmail,
    subject: cut(`Website message: ${subjectText}`, 150),
    replyTo: data.email,
    ...(await renderBoth(element)),
  };
}

/**
 * The parent's messages that are written in the booking's language; the others are still English, whatever the
 * booking's language (docs/translations.md lists them). The doctor's copies are English.
 */
const IN_BOOKING_LANGUAGE: ReadonlySet<MessageKind> = new Set([
  "confirmation",
  "reminder_24h",
  "reminder_30m",
  "refund",
  "rescheduled",
  "cancelled",
  "doctor_unavailable",
]);

function writtenInBookingLanguage(kind: MessageKind, recipient: Recipient): boolean {
  return recipient === "patient" && IN_BOOKING_LANGUAGE.has(kind);
}

/** The site's home page in the message's language, where the parent books another time. */
function bookingPage(site: SiteFacts, words: MessageWords): string {
  return `${site.siteUrl.replace(/\/+$/, "")}${languagePrefix(words.language)}/`;
}

interface AppointmentFacts {
  words: MessageWords;
  reference: string;
  whenLong: string;
  whenShort: string;
  clockTime: string;
  durationMinutes: number;
  refundsUrl: string;
}

function appointmentFacts(
  data: AppointmentMessageData,
  site: SiteFacts,
  words: MessageWords,
): AppointmentFacts {
  return {
    words,
    reference: bookingReference(data.bookingId),
    whenLong: words.whenLong(data.startsAt, data.timeZone, data.timeZoneLabel),
    whenShort: words.whenShort(data.startsAt, data.timeZone, data.timeZoneLabel),
    clockTime: `${words.clock(data.startsAt, data.timeZone)} ${data.timeZoneLabel}`,
    durationMinutes: Math.round((data.endsAt.getTime() - data.startsAt.getTime()) / 60_000),
    // The policy's page in the language the message is written in.
    refundsUrl: `${site.siteUrl.replace(/\/+$/, "")}${languagePrefix(words.language)}/refunds-cancellations`,
  };
}

interface Content {
  subject: string;
  element: ReactElement;
  replyTo?: string;
}

function appointmentContent(
  kind: MessageKind,
  recipient: Recipient,
  data: AppointmentMessageData,
  site: SiteFacts,
  facts: AppointmentFacts,
): Content {
  switch (kind) {
    case "confirmation":
      return recipient === "patient"
        ? patientConfirmation(data, site, facts)
        : doctorConfirmation(data, site, facts);
    case "reminder_24h":
      return reminder("24h", recipient, data, site, facts);
    case "reminder_30m":
      return reminder("30m", recipient, data, site, facts);
    case "refund":
      if (recipient !== "patient") throw new Error("The refund message goes to the patient only");
      return refundNotice(data, site, facts);
    case "rescheduled":
      return rescheduledNotice(recipient, data, site, facts);
    case "cancelled":
      return cancelledNotice(recipient, data, site, facts);
    case "doctor_unavailable":
      if (recipient !== "patient") throw new Error("The doctor-unavailable message goes to the patient only");
      return unavailableNotice(data, site, facts);
    case "contact_message":
      throw new Error("contact_message is not about an appointment: use composeContactEmail");
  }
}

/** A payment received but refunded in full instead of booking the slot. */
function refundNotice(data: AppointmentMessageData, site: SiteFacts, facts: AppointmentFacts): Content {
  const { refund } = data;
  if (!refund) throw new Error("A refund message needs the appointment's refund");
  const { words } = facts;
  const amountRefunded = words.rupees(refund.amount);
  return {
    subject: words.t("refund.subject", { amount: amountRefunded, reference: facts.reference }),
    replyTo: site.contactEmail,
    element: createElement(PaymentRefundEmail, {
      site,
      words,
      reason: refund.reason,
      patientName: data.patientName,
      guardianName: data.guardianName,
      bookingReference: facts.reference,
      when: facts.whenLong,
      amountRefunded,
      price: words.rupees(refund.price),
      bookingUrl: bookingPage(site, words),
    }),
  };
}

/** The consultation moved to another time: the new time, the link (unchanged) and, for the parent, the manage link. */
function rescheduledNotice(
  recipient: Recipient,
  data: AppointmentMessageData,
  site: SiteFacts,
  facts: AppointmentFacts,
): Content {
  const toPatient = recipient === "patient";
  const { t } = facts.words;
  const paragraphs = toPatient
    ? [
        t("moved.body", { doctor: site.doctorName, patient: data.patientName, when: facts.whenLong }),
        t("moved.links"),
      ]
    : [`The video consultation with ${data.patientName} has moved to ${facts.whenLong}.`];
  const button = toPatient
    ? data.manageUrl
      ? { label: t("email.manageBooking"), href: data.manageUrl }
      : { label: t("email.joinVideo"), href: data.roomUrl }
    : { label: "Join as host", href: data.hostUrl };
  return {
    subject: t("moved.subject", { when: facts.whenShort, reference: facts.reference }),
    replyTo: toPatient ? site.contactEmail : data.patientEmail,
    element: createElement(AppointmentChangeEmail, {
      site,
      words: facts.words,
      heading: toPatient ? t("moved.heading") : "A consultation has moved",
      preview: t("moved.preview", { when: facts.whenLong }),
      paragraphs,
      bookingReference: facts.reference,
      patientName: data.patientName,
      when: facts.whenLong,
      whenLabel: t("moved.whenLabel"),
      button,
    }),
  };
}

/**
 * The doctor cannot keep the booked time: the parent chooses another time (free) or a full refund on the manage
 * page; without a choice, the booking is refunded in full at the old time.
 */
function unavailableNotice(data: AppointmentMessageData, site: SiteFacts, facts: AppointmentFacts): Content {
  const { t } = facts.words;
  const doctor = site.doctorName;
  return {
    subject: t("unavailable.subject", { doctor, when: facts.whenShort, reference: facts.reference }),
    replyTo: site.contactEmail,
    element: createElement(AppointmentChangeEmail, {
      site,
      words: facts.words,
      heading: t("unavailable.heading"),
      preview: t("unavailable.preview", { doctor }),
      paragraphs: [
        t("unavailable.sorry", { doctor, when: facts.whenLong, patient: data.patientName }),
        t("unavailable.choose"),
        t("unavailable.otherwise", { when: facts.whenLong }),
      ],
      bookingReference: facts.reference,
      patientName: data.patientName,
      when: facts.whenLong,
      whenLabel: t("unavailable.whenLabel"),
      button: { label: t("unavailable.button"), href: data.manageUrl ?? bookingPage(site, facts.words) },
    }),
  };
}

/** The consultation was cancelled: by whom, why (the doctor's reason) and what is refunded. */
function cancelledNotice(
  recipient: Recipient,
  data: AppointmentMessageData,
  site: SiteFacts,
  facts: AppointmentFacts,
): Content {
  const cancellation = data.cancellation ?? { by: "patient", reason: null, refundAmount: 0 };
  const toPatient = recipient === "patient";
  const { t, rupees } = facts.words;
  const about = { doctor: site.doctorName, patient: data.patientName, when: facts.whenLong };
  const who = cancellation.by === "doctor" ? t("cancelled.byDoctor", about) : t("cancelled.byParent", about);
  const reason = cancellation.reason ? [t("cancelled.reason", { reason: cancellation.reason })] : [];
  const amount = rupees(cancellation.refundAmount);
  const money =
    cancellation.refundAmount <= 0
      ? t("cancelled.noRefund")
      : toPatient
        ? t("cancelled.refund", { amount })
        : `${amount} is being refunded to the account or card the parent paid with; it reaches the bank within 5-7 business days.`;
  return {
    subject: t("cancelled.subject", { when: facts.whenShort, reference: facts.reference }),
    replyTo: toPatient ? site.contactEmail : data.patientEmail,
    element: createElement(AppointmentChangeEmail, {
      site,
      words: facts.words,
      heading: toPatient ? t("cancelled.heading") : "A consultation is cancelled",
      preview: t("cancelled.preview", { when: facts.whenLong }),
      paragraphs: [who, ...reason, money],
      bookingReference: facts.reference,
      patientName: data.patientName,
      when: facts.whenLong,
      whenLabel: t("cancelled.whenLabel"),
      ...(toPatient
        ? { button: { label: t("email.bookAnother"), href: bookingPage(site, facts.words) } }
        : {}),
    }),
  };
}

function patientConfirmation(
  data: AppointmentMessageData,
  site: SiteFacts,
  facts: AppointmentFacts,
): Content {
  const { words } = facts;
  return {
    subject: words.t("confirmation.subject", { when: facts.whenShort, reference: facts.reference }),
    // Replies from a no-reply sender would be lost; send them to the doctor instead.
    replyTo: site.contactEmail,
    element: createElement(PatientConfirmationEmail, {
      site,
      words,
      patientName: data.patientName,
      guardianName: data.guardianName,
      bookingReference: facts.reference,
      when: facts.whenLong,
      durationMinutes: facts.durationMinutes,
      amountPaid: amountPaidText(data.amountPaid, words),
      free: data.amountPaid === 0,
      roomUrl: data.roomUrl,
      refundsUrl: facts.refundsUrl,
      ...(data.manageUrl ? { manageUrl: data.manageUrl } : {}),
    }),
  };
}

/** What the confirmation says was paid: nothing is paid only for a free follow-up. */
function amountPaidText(rupees: number, words: MessageWords): string {
  return rupees === 0 ? words.t("email.amountFree") : words.rupees(rupees);
}

function doctorConfirmation(data: AppointmentMessageData, site: SiteFacts, facts: AppointmentFacts): Content {
  return {
    subject: `New video consultation: ${oneLine(data.patientName)}, ${facts.whenShort} (${facts.reference})`,
    // The doctor's reply reaches the parent who booked.
    replyTo: data.patientEmail,
    element: createElement(DoctorConfirmationEmail, {
      site,
      patientName: data.patientName,
      guardianName: data.guardianName ?? null,
      patientAge: data.patientAge,
      patientAgeMonths: data.patientAgeMonths,
      reasonForConsultation: data.reasonForConsultation,
      patientPhone: data.patientPhone,
      patientEmail: data.patientEmail,
      bookingReference: facts.reference,
      when: facts.whenLong,
      durationMinutes: facts.durationMinutes,
      amountPaid: amountPaidText(data.amountPaid, facts.words),
      free: data.amountPaid === 0,
      hostUrl: data.hostUrl,
    }),
  };
}

function reminder(
  lead: ReminderLead,
  recipient: Recipient,
  data: AppointmentMessageData,
  site: SiteFacts,
  facts: AppointmentFacts,
): Content {
  const { t } = facts.words;
  const subject =
    lead === "30m"
      ? t("reminder.subjectSoon", { time: facts.clockTime, reference: facts.reference })
      : t("reminder.subject", { when: facts.whenShort, reference: facts.reference });
  return {
    subject,
    replyTo: recipient === "patient" ? site.contactEmail : data.patientEmail,
    element: createElement(AppointmentReminderEmail, {
      site,
      words: facts.words,
      recipient,
      lead,
      patientName: data.patientName,
      bookingReference: facts.reference,
      when: facts.whenLong,
      clockTime: facts.clockTime,
      url: recipient === "patient" ? data.roomUrl : data.hostUrl,
      refundsUrl: facts.refundsUrl,
    }),
  };
}

/** The HTML and plain-text versions, in the words of `words` (English unless told). */
export async function renderBoth(
  element: ReactElement,
  words: MessageWords = messageWords("en"),
): Promise<{ html: string; text: string }> {
  const translated = createElement(I18nProvider, { i18n: words.i18n }, element);
  const [html, text] = await Promise.all([render(translated), render(translated, { plainText: true })]);
  return { html, text };
}

/** Header values come partly from visitors: no line breaks, so nothing can pose as another header. */
function oneLine(value: string): string {
  return value.replace(/[\r\n\t\v\f\u2028\u2029]+/g, " ").trim();
}

function cut(value: string, max: number): string {
  return value.length <= max ? value : `${value.slice(0, max - 1)}…`;
}
