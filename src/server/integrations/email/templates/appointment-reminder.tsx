import { Heading } from "@react-email/heading";
import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import { Trans } from "@lingui/react";
import type { MessageWords } from "../../messaging/message-words";
import type { Recipient, SiteFacts } from "../../messaging/types";
import { ActionButton, BulletList, Detail, EmailLayout, styles } from "./email-layout";

export type ReminderLead = "24h" | "30m";

interface AppointmentReminderProps {
  site: SiteFacts;
  /** The parent's in the booking's language; the doctor's in English. */
  words: MessageWords;
  recipient: Recipient;
  lead: ReminderLead;
  patientName: string;
  bookingReference: string;
  when: string;
  /** "7:00 PM IST" */
  clockTime: string;
  /** The patient's room link, or the doctor's host link. */
  url: string;
  refundsUrl: string;
}

/**
 * A reminder a day before and the link again 30 minutes before (spec: "video link shared 30 minutes before").
 * The heading names the time instead of "in 30 minutes", because a retried send may arrive a few minutes late.
 */
export function AppointmentReminderEmail(props: AppointmentReminderProps) {
  const { t } = props.words;
  const forDoctor = props.recipient === "doctor";
  const heading =
    props.lead === "30m" ? t("reminder.headingSoon", { time: props.clockTime }) : t("reminder.heading");
  return (
    <EmailLayout preview={t("reminder.preview", { when: props.when })} site={props.site}>
      <Heading as="h1" style={styles.heading}>
        {heading}
      </Heading>
      <Text style={styles.paragraph}>
        {forDoctor
          ? `Your video consultation with ${props.patientName} is on ${props.when}.`
          : t("reminder.intro", { doctor: props.site.doctorName, patient: props.patientName })}
      </Text>
      <Detail label={t("email.detail.when")}>{props.when}</Detail>
      <Detail label={t("email.detail.bookingId")}>{props.bookingReference}</Detail>
      <ActionButton
        href={props.url}
        label={forDoctor ? "Start consultation as host" : t("email.joinVideo")}
      />
      {forDoctor ? null : <PatientTips {...props} />}
    </EmailLayout>
  );
}

function PatientTips(props: AppointmentReminderProps) {
  const { t } = props.words;
  const items = [t("reminder.tipEarly"), t("reminder.tipRoom"), t("reminder.tipReports")];
  return (
    <>
      <Heading as="h2" style={styles.subheading}>
        {t("reminder.beforeYouJoin")}
      </Heading>
      <BulletList items={items} />
      {props.lead === "24h" ? (
        <Text style={styles.paragraph}>
          <Trans
            id="reminder.cancel"
            values={{ email: props.site.contactEmail }}
            components={{
              0: <Link href={`mailto:${props.site.contactEmail}`} style={styles.link} />,
              1: <Link href={props.refundsUrl} style={styles.link} />,
            }}
          />
        </Text>
      ) : null}
    </>
  );
}
