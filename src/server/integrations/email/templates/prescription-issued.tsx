import { Heading } from "@react-email/heading";
import { Text } from "@react-email/text";
import type { MessageWords } from "../../messaging/message-words";
import type { SiteFacts } from "../../messaging/types";
import { ActionButton, BookingFacts, BulletList, Detail, EmailLayout, styles } from "./email-layout";

interface PrescriptionIssuedProps {
  site: SiteFacts;
  /** The booking's language. */
  words: MessageWords;
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
  const { t } = props.words;
  const correction = props.replacesVersion !== null;
  const withMedicines = props.medicineCount > 0;
  const names = { doctor: site.doctorName, patient: props.patientName };
  const versions = { version: props.version, replaces: props.replacesVersion ?? 0 };
  const written = correction
    ? t("prescriptionEmail.bodyCorrected", { ...names, ...versions })
    : t("prescriptionEmail.body", names);
  return (
    <EmailLayout
      preview={t(correction ? "prescriptionEmail.previewCorrected" : "prescriptionEmail.preview", names)}
      site={site}
    >
      <Heading as="h1" style={styles.heading}>
        {t(correction ? "prescriptionEmail.headingCorrected" : "prescriptionEmail.heading")}
      </Heading>
      <Text style={styles.paragraph}>
        {props.guardianName ? t("email.helloName", { name: props.guardianName }) : t("email.hello")}
      </Text>
      <Text style={styles.paragraph}>
        {withMedicines ? written : `${written} ${t("prescriptionEmail.noMedicines")}`}
      </Text>
      <BookingFacts {...props} whenLabel={t("prescriptionEmail.whenLabel")} />
      <Detail label={t("prescriptionEmail.versionLabel")}>
        {correction
          ? t("prescriptionEmail.versionReplaces", versions)
          : t("prescriptionEmail.version", versions)}
      </Detail>
      {props.manageUrl ? (
        <ActionButton href={props.manageUrl} label={t("prescriptionEmail.openBooking")} />
      ) : null}
      <BulletList
        items={[
          ...(withMedicines
            ? [t("prescriptionEmail.pharmacy"), t("prescriptionEmail.giveMedicines")]
            : [t("prescriptionEmail.tests")]),
          t("prescriptionEmail.worse", names),
          ...(props.manageUrl ? [t("prescriptionEmail.versionsAgain")] : []),
        ]}
      />
    </EmailLayout>
  );
}
