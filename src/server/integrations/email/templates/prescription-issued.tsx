import { Heading } from "@react-email/heading";
import { Text } from "@react-email/text";
import type { SiteFacts } from "../../messaging/types";
import { ActionButton, BookingFacts, BulletList, Detail, EmailLayout, styles } from "./email-layout";

interface PrescriptionIssuedProps {
  site: SiteFacts;
  patientName: string;
  /** The parent or guardian to greet by name, when a parent booked for a child. */
  guardianName?: string | null | undefined;
  /** "#ab12cd34" */
  bookingReference: string;
  /** The consultation: "Monday, 23 November 2026, 7:00 PM IST". */
  when: string;
  version: number;
  replacesVersion: number | null;
  /** How many medicines it prescribes: none when it gives advice or investigations alone. */
  medicineCount: number;
  /** The parent's page for the booking, where every version can be downloaded again. */
  manageUrl?: string;
}

/**
 * The prescription after a consultation, with its PDF attached; a correction says which version it replaces. One
 * without medicines (advice or investigations alone) says so, and speaks of tests rather than the pharmacy.
 */
export function PrescriptionIssuedEmail(props: PrescriptionIssuedProps) {
  const { site } = props;
  const correction = props.replacesVersion !== null;
  const withMedicines = props.medicineCount > 0;
  return (
    <EmailLayout
      preview={
        correction
          ? `A corrected prescription for ${props.patientName} is attached.`
          : `The prescription for ${props.patientName} is attached.`
      }
      site={site}
    >
      <Heading as="h1" style={styles.heading}>
        {correction ? "A corrected prescription" : "Your prescription"}
      </Heading>
      <Text style={styles.paragraph}>{props.guardianName ? `Hello ${props.guardianName},` : "Hello,"}</Text>
      <Text style={styles.paragraph}>
        {correction
          ? `${site.doctorName} has corrected the prescription for ${props.patientName}. This is version ${props.version}; it replaces version ${props.replacesVersion}, so please use this one and set the earlier one aside.`
          : `${site.doctorName} has written the prescription for ${props.patientName} after the video consultation. It is attached to this e-mail as a PDF.`}
        {withMedicines
          ? ""
          : " No medicine is prescribed this time: the PDF gives the doctor's advice and any tests to be done."}
      </Text>
      <BookingFacts {...props} whenLabel="Consultation" />
      <Detail label="Prescription">
        Version {props.version}
        {correction ? ` (replaces version ${props.replacesVersion})` : ""}
      </Detail>
      {props.manageUrl ? <ActionButton href={props.manageUrl} label="Open your booking page" /> : null}
      <BulletList
        items={[
          ...(withMedicines
            ? [
                "Show the PDF at the pharmacy on your phone, or print it.",
                "Give the medicines exactly as written, and do not stop them early unless the doctor says so.",
              ]
            : [
                "For any tests the doctor asks for, show the PDF at the laboratory or hospital on your phone, or print it.",
              ]),
          `If ${props.patientName} becomes breathless, turns blue, faints or gets worse in any way, do not wait for the follow-up: go to the nearest hospital.`,
          ...(props.manageUrl
            ? ["Every version of the prescription can be downloaded again from your booking page."]
            : []),
        ]}
      />
    </EmailLayout>
  );
}
