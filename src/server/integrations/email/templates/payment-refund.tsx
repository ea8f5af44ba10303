import { Heading } from "@react-email/heading";
import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import type { RefundReason } from "@shared/booking";
import { Trans } from "@lingui/react";
import type { MessageWords } from "../../messaging/message-words";
import type { SiteFacts } from "../../messaging/types";
import { ActionButton, BookingFacts, BulletList, Detail, EmailLayout, styles } from "./email-layout";

interface PaymentRefundProps {
  site: SiteFacts;
  /** The booking's language. */
  words: MessageWords;
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
  const { t } = props.words;
  const facts = {
    amount: props.amountRefunded,
    doctor: site.doctorName,
    patient: props.patientName,
    when: props.when,
  };
  const received = t("refund.received", facts);
  const why = {
    underpaid: t("refund.underpaid", { ...facts, price: props.price }),
    slot_taken: `${received} ${t("refund.slotTaken")}`,
    doctor_unavailable: `${received} ${t("refund.doctorUnavailable")}`,
  }[props.reason];
  return (
    <EmailLayout preview={t("refund.preview", { amount: props.amountRefunded })} site={site}>
      <Heading as="h1" style={styles.heading}>
        {t("refund.heading")}
      </Heading>
      <Text style={styles.paragraph}>
        {props.guardianName ? t("email.helloName", { name: props.guardianName }) : t("email.hello")}
      </Text>
      <Text style={styles.paragraph}>{why}</Text>
      <Text style={styles.paragraph}>{t("refund.fullAmount", { amount: props.amountRefunded })}</Text>
      <BookingFacts {...props} whenLabel={t("refund.whenLabel")} />
      <Detail label={t("refund.amountLabel")}>{props.amountRefunded}</Detail>
      <ActionButton href={props.bookingUrl} label={t("email.bookAnother")} />
      <Heading as="h2" style={styles.subheading}>
        {t("refund.next")}
      </Heading>
      <BulletList
        items={[
          t("refund.bookAgain"),
          <Trans
            key="not-reached"
            id="refund.notReached"
            values={{ email: site.contactEmail, reference: props.bookingReference }}
            components={{ 0: <Link href={`mailto:${site.contactEmail}`} style={styles.link} /> }}
          />,
        ]}
      />
      <Text style={styles.paragraph}>{t("refund.emergency")}</Text>
    </EmailLayout>
  );
}
