import { Heading } from "@react-email/heading";
import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import { ageLabel } from "@shared/age";
import { phoneForDisplay, phoneHref } from "@shared/phone";
import type { SiteFacts } from "../../messaging/types";
import { ActionButton, Detail, EmailLayout, styles, TypedText } from "./email-layout";

interface DoctorConfirmationProps {
  site: SiteFacts;
  patientName: string;
  patientAge: number;
  patientAgeMonths: number | null;
  reasonForConsultation: string;
  patientPhone: string;
  patientEmail: string;
  bookingReference: string;
  when: string;
  durationMinutes: number;
  amountPaid: string;
  /** The parent or guardian who booked for a child, who joins the call; null for an adult patient. */
  guardianName: string | null;
  /** A free follow-up: booked, nothing paid. */
  free: boolean;
  /** The moderator link: whoever opens it runs the room. */
  hostUrl: string;
}

/** Tells the doctor about a new paid booking, with everything needed to prepare and the host link. */
export function DoctorConfirmationEmail(props: DoctorConfirmationProps) {
  return (
    <EmailLayout preview={`${props.patientName}, ${props.when}`} site={props.site}>
      <Heading as="h1" style={styles.heading}>
        New video consultation booked
      </Heading>
      <Text style={styles.paragraph}>
        {props.free
          ? "A patient has booked a free follow-up video consultation."
          : "A patient has booked and paid for a video consultation."}
      </Text>
      <Detail label="Date and time">{props.when}</Detail>
      <Detail label="Duration">{props.durationMinutes} minutes</Detail>
      <Detail label="Patient">{props.patientName}</Detail>
      <Detail label="Age">{ageLabel(props.patientAge, props.patientAgeMonths)}</Detail>
      {props.guardianName ? <Detail label="Parent or guardian">{props.guardianName}</Detail> : null}
      <Detail label="Phone">
        <Link href={phoneHref(props.patientPhone)} style={styles.link}>
          {phoneForDisplay(props.patientPhone)}
        </Link>
      </Detail>
      <Detail label="E-mail">
        <Link href={`mailto:${props.patientEmail}`} style={styles.link}>
          {props.patientEmail}
        </Link>
      </Detail>
      <Detail label="Booking ID">{props.bookingReference}</Detail>
      <Detail label="Amount paid">{props.amountPaid}</Detail>
      <Heading as="h2" style={styles.subheading}>
        Reason for consultation
      </Heading>
      <TypedText text={props.reasonForConsultation} />
      <ActionButton href={props.hostUrl} label="Start consultation as host" />
      <Text style={styles.fallbackLink}>
        This link makes you the host of the room. Please do not forward it; the patient has received a
        separate link.
      </Text>
    </EmailLayout>
  );
}
