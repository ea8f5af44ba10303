import { Heading } from "@react-email/heading";
import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import type { Recipient, SiteFacts } from "../../messaging/types";
import { ActionButton, BulletList, Detail, EmailLayout, styles } from "./email-layout";

export type ReminderLead = "24h" | "30m";

interface AppointmentReminderProps {
  site: SiteFacts;
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
  const forDoctor = props.recipient === "doctor";
  const heading =
    props.lead === "30m"
      ? `Your video consultation starts soon, at ${props.clockTime}`
      : "Reminder: your video consultation is coming up";
  return (
    <EmailLayout preview={`${props.when}: join 5 minutes early.`} site={props.site}>
      <Heading as="h1" style={styles.heading}>
        {heading}
      </Heading>
      <Text style={styles.paragraph}>
        {forDoctor
          ? `Your video consultation with ${props.patientName} is on ${props.when}.`
          : `This is a reminder of the video consultation with ${props.site.doctorName} for ${props.patientName}.`}
      </Text>
      <Detail label="Date and time">{props.when}</Detail>
      <Detail label="Booking ID">{props.bookingReference}</Detail>
      <ActionButton
        href={props.url}
        label={forDoctor ? "Start consultation as host" : "Join video consultation"}
      />
      {forDoctor ? null : <PatientTips {...props} />}
    </EmailLayout>
  );
}

function PatientTips(props: AppointmentReminderProps) {
  const items = [
    "Join 5 minutes early. Joining more than 15 minutes late may count as a missed appointment.",
    "Use a quiet, well-lit room and a charged phone or laptop with a steady internet connection; allow the browser to use the camera and microphone.",
    "Keep earlier reports, prescriptions and the list of current medicines at hand.",
  ];
  return (
    <>
      <Heading as="h2" style={styles.subheading}>
        Before you join
      </Heading>
      <BulletList items={items} />
      {props.lead === "24h" ? (
        <Text style={styles.paragraph}>
          Need to cancel or reschedule? Write to{" "}
          <Link href={`mailto:${props.site.contactEmail}`} style={styles.link}>
            {props.site.contactEmail}
          </Link>{" "}
          with your booking ID; the{" "}
          <Link href={props.refundsUrl} style={styles.link}>
            refund and cancellation policy
          </Link>{" "}
          explains what applies.
        </Text>
      ) : null}
    </>
  );
}
