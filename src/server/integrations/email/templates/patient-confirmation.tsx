import { Heading } from "@react-email/heading";
import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import { Trans } from "@lingui/react";
import type { SiteFacts } from "../../messaging/types";
import type { MessageWords } from "../../messaging/message-words";
import { ActionButton, BookingFacts, BulletList, Detail, EmailLayout, styles } from "./email-layout";

interface PatientConfirmationProps {
  site: SiteFacts;
  /** The booking's language: every sentence, date and amount below. */
  words: MessageWords;
  patientName: string;
  /** The parent or guardian to greet by name, when a parent booked for a child. */
  guardianName?: string | null | undefined;
  /** "#ab12cd34" */
  bookingReference: string;
  /** "Sunday, 22 November 2026, 7:00 PM IST" */
  when: string;
  durationMinutes: number;
  /** "₹2,000" */
  amountPaid: string;
  /** A free follow-up: nothing was paid, and there is no receipt. */
  free: boolean;
  roomUrl: string;
  refundsUrl: string;
  /** The parent's own page for this booking: cancel, reschedule, receipt. */
  manageUrl?: string;
}

/** Sent once the payment is confirmed; the parent keeps it as the record of the booking and the way in. */
export function PatientConfirmationEmail(props: PatientConfirmationProps) {
  const { site, words } = props;
  const { t } = words;
  return (
    <EmailLayout preview={t("confirmation.preview", { when: props.when })} site={site}>
      <Heading as="h1" style={styles.heading}>
        {t("confirmation.heading")}
      </Heading>
      <Text style={styles.paragraph}>
        {props.guardianName ? t("email.helloName", { name: props.guardianName }) : t("email.hello")}
      </Text>
      <Text style={styles.paragraph}>
        {t("confirmation.thanks", { doctor: site.doctorName, patient: props.patientName })}{" "}
        {props.free ? t("confirmation.free") : t("confirmation.paid")}
      </Text>
      <BookingFacts {...props} whenLabel={t("email.detail.when")} />
      <Detail label={t("email.detail.duration")}>
        {t("email.minutes", { minutes: props.durationMinutes })}
      </Detail>
      <Detail label={t("email.detail.amountPaid")}>{props.amountPaid}</Detail>
      <ActionButton href={props.roomUrl} label={t("email.joinVideo")} />
      <Heading as="h2" style={styles.subheading}>
        {t("confirmation.next")}
      </Heading>
      <BulletList
        items={[
          t("confirmation.linkAgain"),
          t("confirmation.whatsappReminder"),
          t("confirmation.joinEarly"),
          props.manageUrl ? t("confirmation.reportsUpload") : t("confirmation.reports"),
          <CancelOrReschedule key="cancel" {...props} />,
        ]}
      />
      <Text style={styles.paragraph}>
        <Trans
          id="confirmation.questions"
          values={{ doctor: site.doctorName, email: site.contactEmail }}
          components={{ 0: <Link href={`mailto:${site.contactEmail}`} style={styles.link} /> }}
        />
      </Text>
      <Text style={styles.paragraph}>{t("confirmation.emergency")}</Text>
    </EmailLayout>
  );
}

/**
 * How to cancel or reschedule: on the booking's own page when the message has its link, else by writing to the
 * doctor; the receipt is mentioned only when something was paid.
 */
function CancelOrReschedule(props: PatientConfirmationProps) {
  const { site } = props;
  const id = props.manageUrl
    ? props.free
      ? "confirmation.manageFree"
      : "confirmation.manage"
    : props.free
      ? "confirmation.writeToFree"
      : "confirmation.writeTo";
  const policy = <Link href={props.refundsUrl} style={styles.link} />;
  const first = props.manageUrl ? (
    <Link href={props.manageUrl} style={styles.link} />
  ) : (
    <Link href={`mailto:${site.contactEmail}`} style={styles.link} />
  );
  return <Trans id={id} values={{ email: site.contactEmail }} components={{ 0: first, 1: policy }} />;
}
