import type { CountryCode } from "libphonenumber-js/max";
import type {
  AppointmentMessageData,
  PrescriptionMessageFacts,
  SiteFacts,
  WhatsAppMessage,
} from "../messaging/types";
import {
  type ComposeWhatsAppOptions,
  parentLanguage,
  patientNumber,
  templateMessage,
  type WhatsAppTemplate,
} from "./compose-whatsapp";

/**
 * The parent's WhatsApp message with the prescription: an approved template (WHATSAPP_TEMPLATE_PRESCRIPTION) whose
 * header is a DOCUMENT, the PDF, and whose body is {{1}} patient name, {{2}} doctor's name, {{3}} consultation date
 * and time, {{4}} "prescription" or "corrected prescription (version 2, replaces version 1)", {{5}} the link to the
 * booking page, where every version can be downloaded again. In the booking's language where Meta approved the
 * template in it (WHATSAPP_TEMPLATE_TRANSLATIONS), else in English.
 */
export function composePrescriptionWhatsApp(
  data: AppointmentMessageData,
  site: SiteFacts,
  prescription: PrescriptionMessageFacts,
  template: WhatsAppTemplate,
  options: Pick<ComposeWhatsAppOptions, "translatedTemplates"> = {},
  defaultRegion: CountryCode = "IN",
): WhatsAppMessage {
  const { words, inLanguage } = parentLanguage(data, options);
  const what =
    prescription.replacesVersion === null
      ? words.t("whatsapp.prescription")
      : words.t("whatsapp.prescriptionCorrected", {
          version: prescription.version,
          replaces: prescription.replacesVersion,
        });
  const body = templateMessage(patientNumber(data.patientPhone, defaultRegion), inLanguage(template), [
    data.patientName,
    site.doctorName,
    words.whenLong(data.startsAt, data.timeZone, data.timeZoneLabel),
    what,
    data.manageUrl ?? site.siteUrl,
  ]);
  return {
    ...body,
    document: { filename: prescription.filename, content: prescription.pdf, contentType: "application/pdf" },
  };
}
