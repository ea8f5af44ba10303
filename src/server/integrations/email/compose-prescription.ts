import { createElement } from "react";
import type {
  AppointmentMessageData,
  EmailMessage,
  PrescriptionMessageFacts,
  SiteFacts,
} from "../messaging/types";
import { bookingReference } from "../messaging/format-appointment";
import { messageWords } from "../messaging/message-words";
import { renderBoth } from "./compose-email";
import { PrescriptionIssuedEmail } from "./templates/prescription-issued";

/**
 * The parent's e-mail with the prescription's PDF attached, in the booking's language; replies go to the doctor's
 * public address.
 */
export async function composePrescriptionEmail(
  data: AppointmentMessageData,
  site: SiteFacts,
  prescription: PrescriptionMessageFacts,
): Promise<EmailMessage> {
  const words = messageWords(data.language);
  const reference = bookingReference(data.bookingId);
  const corrected = prescription.replacesVersion !== null;
  const patient = oneLine(data.patientName);
  const subject = corrected
    ? words.t("prescriptionEmail.subjectCorrected", { version: prescription.version, patient, reference })
    : words.t("prescriptionEmail.subject", { patient, doctor: site.doctorName, reference });
  const element = createElement(PrescriptionIssuedEmail, {
    site,
    words,
    patientName: data.patientName,
    guardianName: data.guardianName,
    bookingReference: reference,
    when: words.whenLong(data.startsAt, data.timeZone, data.timeZoneLabel),
    version: prescription.version,
    replacesVersion: prescription.replacesVersion,
    medicineCount: prescription.medicineCount,
    ...(data.manageUrl ? { manageUrl: data.manageUrl } : {}),
  });
  return {
    to: data.patientEmail,
    subject,
    replyTo: site.contactEmail,
    ...(await renderBoth(element, words)),
    attachments: [
      { filename: prescription.filename, content: prescription.pdf, contentType: "application/pdf" },
    ],
  };
}

/** Header values come partly from the booking form: no line breaks, so nothing can pose as another header. */
function oneLine(value: string): string {
  return value.replace(/[\r\n\t\v\f\u2028\u2029]+/g, " ").trim();
}
