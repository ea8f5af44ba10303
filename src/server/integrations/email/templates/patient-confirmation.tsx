import { Heading } from "@react-email/heading";
import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import type { SiteFacts } from "../../messaging/types";
import { ActionButton, BulletList, Detail, EmailLayout, styles } from "./email-layout";

interface PatientConfirmationProps {
  site: SiteFacts;
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
  const { site } = props;
  return (
    <EmailLayout preview={`Confirmed: ${props.when}. Your video consultation link is inside.`} site={site}>
      <Heading as="h1" style={styles.heading}>
        Your video consultation is confirmed
      </Heading>
      <Text style={styles.paragraph}>{props.guardianName ? `Hello ${props.guardianName},` : "Hello,"}</Text>
      <Text style={styles.paragraph}>
        Thank you for booking an online video consultation with {site.doctorName} for {props.patientName}.{" "}
        {props.free
          ? "This follow-up is free, and the appointment is confirmed."
          : "Your payment has been received and the appointment is confirmed."}
      </Text>
      <Detail label="Booking ID">{props.bookingReference}</Detail>
      <Detail label="Patient">{props.patientName}</Detail>
      <Detail label="Date and time">{props.when}</Detail>
      <Detail label="Duration">{props.durationMinutes} minutes</Detail>
      <Detail label="Amount paid">{props.amountPaid}</Detail>
      <ActionButton href={props.roomUrl} label="Join video consultation" />
      <Heading as="h2" style={styles.subheading}>
        What happens next?
      </Heading>
      <BulletList
        items={[
          "We will e-mail you this video link again 30 minutes before the appointment.",
          "You will get a WhatsApp reminder before the appointment on the phone number you gave.",
          "Join 5 minutes early from a quiet, well-lit room, with a charged phone or laptop and a steady internet connection. Allow the browser to use the camera and microphone. Joining more than 15 minutes late may count as a missed appointment.",
          props.manageUrl
            ? "Keep any reports ready: earlier ECG or echocardiogram (echo) reports, hospital discharge summaries, prescriptions and the list of medicines the patient takes now. You can upload them for the doctor to read before the call on your booking's page (the link below)."
            : "Keep any reports ready: earlier ECG or echocardiogram (echo) reports, hospital discharge summaries, prescriptions and the list of medicines the patient takes now.",
          <>
            To cancel or reschedule,{" "}
            {props.manageUrl ? (
              <Link href={props.manageUrl} style={styles.link}>
                manage your booking here
              </Link>
            ) : (
              <>
                write to{" "}
                <Link href={`mailto:${site.contactEmail}`} style={styles.link}>
                  {site.contactEmail}
                </Link>{" "}
                with your booking ID
              </>
            )}
            {props.free ? "" : "; you can download your fee receipt there too"}. Cancelling more than 24 hours
            before the appointment gives a full refund or a free reschedule; read the{" "}
            <Link href={props.refundsUrl} style={styles.link}>
              refund and cancellation policy
            </Link>
            .
          </>,
        ]}
      />
      <Text style={styles.paragraph}>
        Questions before the appointment? Write to {site.doctorName} at{" "}
        <Link href={`mailto:${site.contactEmail}`} style={styles.link}>
          {site.contactEmail}
        </Link>
        .
      </Text>
      <Text style={styles.paragraph}>
        If the patient becomes unwell before the appointment (trouble breathing, blue lips, fainting or chest
        pain), do not wait for the video consultation: go to the nearest emergency department.
      </Text>
    </EmailLayout>
  );
}
