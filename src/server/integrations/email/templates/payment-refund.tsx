import { Heading } from "@react-email/heading";
import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import type { RefundReason } from "@shared/booking";
import type { SiteFacts } from "../../messaging/types";
import { ActionButton, BulletList, Detail, EmailLayout, styles } from "./email-layout";

interface PaymentRefundProps {
  site: SiteFacts;
  reason: RefundReason;
  patientName: string;
  /** The parent or guardian to greet by name, when a parent booked for a child. */
  guardianName?: string | null | undefined;
  /** "#ab12cd34" */
  bookingReference: string;
  /** The time that was asked for: "Sunday, 22 November 2026, 7:00 PM IST" */
  when: string;
  /** "₹2,000": what was received, all of which goes back. */
  amountRefunded: string;
  /** "₹2,000": the consultation's price. */
  price: string;
  /** Where to book another time: the site's home page. */
  bookingUrl: string;
}

/**
 * Sent when a payment was received but could not buy the appointment (the slot was booked by another patient before
 * the payment reached us, or the amount was short), so the full amount is refunded. Says plainly that nothing is
 * booked, that the money goes back, and what to do next.
 */
export function PaymentRefundEmail(props: PaymentRefundProps) {
  const { site } = props;
  const received = `We received your payment of ${props.amountRefunded} for a video consultation with ${site.doctorName} for ${props.patientName} on ${props.when}.`;
  const why = {
    underpaid: `We received a payment of ${props.amountRefunded} for a video consultation with ${site.doctorName} for ${props.patientName} on ${props.when}. The consultation fee is ${props.price}, so the payment did not cover it and the appointment is not confirmed.`,
    slot_taken: `${received} The payment reached us after the time to pay had run out, and by then another patient had booked that time. The appointment is therefore not confirmed.`,
    doctor_unavailable: `${received} The doctor is not available at that time any more, so the appointment is not confirmed. We are sorry for the trouble.`,
  }[props.reason];
  return (
    <EmailLayout
      preview={`Not booked: the full ${props.amountRefunded} you paid is being refunded.`}
      site={site}
    >
      <Heading as="h1" style={styles.heading}>
        Your payment is being refunded
      </Heading>
      <Text style={styles.paragraph}>{props.guardianName ? `Hello ${props.guardianName},` : "Hello,"}</Text>
      <Text style={styles.paragraph}>{why}</Text>
      <Text style={styles.paragraph}>
        We are refunding the full {props.amountRefunded} to the account or card you paid with. Refunds reach
        you within 5-7 business days; you do not need to do anything.
      </Text>
      <Detail label="Booking ID">{props.bookingReference}</Detail>
      <Detail label="Patient">{props.patientName}</Detail>
      <Detail label="Time asked for">{props.when}</Detail>
      <Detail label="Amount refunded">{props.amountRefunded}</Detail>
      <ActionButton href={props.bookingUrl} label="Book another time" />
      <Heading as="h2" style={styles.subheading}>
        What to do next
      </Heading>
      <BulletList
        items={[
          "To still have the consultation, book another time on the website and pay again.",
          <>
            If the refund has not reached you after 7 business days, write to{" "}
            <Link href={`mailto:${site.contactEmail}`} style={styles.link}>
              {site.contactEmail}
            </Link>{" "}
            with your booking ID {props.bookingReference}.
          </>,
        ]}
      />
      <Text style={styles.paragraph}>
        If the patient becomes unwell in the meantime (trouble breathing, blue lips, fainting or chest pain),
        do not wait for a video consultation: go to the nearest emergency department.
      </Text>
    </EmailLayout>
  );
}
