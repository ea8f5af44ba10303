import { Heading } from "@react-email/heading";
import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import { phoneForDisplay } from "@shared/phone";
import type { SiteFacts } from "../../messaging/types";
import { Detail, EmailLayout, styles, TypedText } from "./email-layout";

interface ContactMessageProps {
  site: SiteFacts;
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  /** "Home page" or "Contact Us page" */
  formName: string;
  /** "Sunday, 22 November 2026, 7:00 PM IST" */
  receivedAt: string;
}

/** A visitor's message from a contact form, forwarded to the doctor; replying answers the visitor. */
export function ContactMessageEmail(props: ContactMessageProps) {
  return (
    <EmailLayout
      preview={`Message from ${props.name}: ${props.subject || props.message.slice(0, 80)}`}
      site={props.site}
    >
      <Heading as="h1" style={styles.heading}>
        New message from the website
      </Heading>
      <Detail label="Name">{props.name}</Detail>
      <Detail label="E-mail">
        <Link href={`mailto:${props.email}`} style={styles.link}>
          {props.email}
        </Link>
      </Detail>
      <Detail label="Phone">{props.phone ? phoneForDisplay(props.phone) : "not given"}</Detail>
      <Detail label="Subject">{props.subject || "none"}</Detail>
      <Detail label="Sent from">{props.formName}</Detail>
      <Detail label="Received">{props.receivedAt}</Detail>
      <Heading as="h2" style={styles.subheading}>
        Message
      </Heading>
      <TypedText text={props.message} />
      <Text style={styles.fallbackLink}>Reply to this e-mail to answer {props.name} directly.</Text>
    </EmailLayout>
  );
}
