import { Fragment, type CSSProperties, type ReactNode } from "react";
import { Body } from "@react-email/body";
import { Button } from "@react-email/button";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { useLingui } from "@lingui/react";
import type { SiteFacts } from "../../messaging/types";

/**
 * The frame every e-mail shares: the doctor's name as a text header, a white card, a footer with the contact
 * details. Styles are inline because mail clients drop <style> blocks; text is real text, never an image, so that
 * screen readers and clients that block images show everything.
 */
const colours = {
  primary: "#0b5c78",
  text: "#1f2933",
  muted: "#52606d",
  background: "#f3f7f9",
  card: "#ffffff",
  border: "#d9e2ec",
};

const fontFamily = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

export const styles = {
  body: {
    backgroundColor: colours.background,
    fontFamily,
    color: colours.text,
    margin: 0,
    padding: "24px 0",
  },
  container: {
    backgroundColor: colours.card,
    border: `1px solid ${colours.border}`,
    borderRadius: "8px",
    maxWidth: "600px",
    margin: "0 auto",
    padding: "32px 28px",
  },
  brand: { color: colours.primary, fontSize: "16px", fontWeight: 700, margin: "0 0 24px" },
  heading: { color: colours.primary, fontSize: "22px", lineHeight: "30px", margin: "0 0 16px" },
  subheading: { color: colours.text, fontSize: "17px", lineHeight: "24px", margin: "28px 0 8px" },
  paragraph: { fontSize: "15px", lineHeight: "24px", margin: "0 0 14px" },
  detailRow: { fontSize: "15px", lineHeight: "22px", margin: "0 0 6px" },
  label: { color: colours.muted },
  button: {
    backgroundColor: colours.primary,
    borderRadius: "6px",
    color: "#ffffff",
    display: "inline-block",
    fontSize: "16px",
    fontWeight: 700,
    padding: "14px 24px",
    textDecoration: "none",
  },
  buttonSection: { margin: "24px 0 8px" },
  fallbackLink: { color: colours.muted, fontSize: "13px", lineHeight: "20px", margin: "0 0 8px" },
  link: { color: colours.primary, textDecoration: "underline" },
  list: { margin: "0 0 14px", paddingLeft: "22px" },
  listItem: { fontSize: "15px", lineHeight: "24px", margin: "0 0 8px" },
  hr: { borderColor: colours.border, margin: "28px 0 16px" },
  footer: { color: colours.muted, fontSize: "13px", lineHeight: "20px", margin: "0 0 4px" },
} satisfies Record<string, CSSProperties>;

export function EmailLayout(props: { preview: string; site: SiteFacts; children: ReactNode }) {
  const { preview, site, children } = props;
  // The language of the words inside (the booking's, for a parent's message): mail clients and screen readers read
  // Hindi and Kannada with the right voice and fonts.
  const { locale } = useLingui().i18n;
  return (
    <Html lang={locale} dir="ltr">
      <Head>
        <meta name="color-scheme" content="light" />
      </Head>
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Text style={styles.brand}>{site.doctorName}</Text>
          {children}
          <Hr style={styles.hr} />
          <Text style={styles.footer}>
            {site.doctorName} ·{" "}
            <Link href={`mailto:${site.contactEmail}`} style={styles.link}>
              {site.contactEmail}
            </Link>
            {site.contactPhone ? ` · ${site.contactPhone}` : ""}
          </Text>
          <Text style={styles.footer}>
            <Link href={site.siteUrl} style={styles.link}>
              {site.siteUrl.replace(/^https?:\/\//, "")}
            </Link>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/** One "Label: value" line of an appointment's details. */
export function Detail(props: { label: string; children: ReactNode }) {
  return (
    <Text style={styles.detailRow}>
      <span style={styles.label}>{props.label}: </span>
      <strong>{props.children}</strong>
    </Text>
  );
}

/** The three facts that name a booking in every message about one: its reference, the patient, and its time. */
export function BookingFacts(props: {
  bookingReference: string;
  patientName: string;
  /** What the time is in this message: "Date and time", "Consultation", "Time asked for"... */
  whenLabel: string;
  when: string;
}) {
  // In the message's language: the booking's for the parent, English for the doctor.
  const { i18n } = useLingui();
  return (
    <>
      <Detail label={i18n._("email.detail.bookingId")}>{props.bookingReference}</Detail>
      <Detail label={i18n._("email.detail.patient")}>{props.patientName}</Detail>
      <Detail label={props.whenLabel}>{props.when}</Detail>
    </>
  );
}

/**
 * The main action as a large button, with the address written out below it: some clients strip button styling,
 * and people on a phone sometimes need to copy the link into another app.
 */
export function ActionButton(props: { href: string; label: string }) {
  const { i18n } = useLingui();
  return (
    <>
      <Section style={styles.buttonSection}>
        <Button href={props.href} style={styles.button}>
          {props.label}
        </Button>
      </Section>
      <Text style={styles.fallbackLink}>
        {i18n._("email.buttonFallback")}{" "}
        <Link href={props.href} style={styles.link}>
          {props.href}
        </Link>
      </Text>
    </>
  );
}

/** A real list, so screen readers announce it as one; margins inline because clients reset them differently. */
export function BulletList(props: { items: ReactNode[] }) {
  return (
    <ul style={styles.list}>
      {props.items.map((item, index) => (
        <li key={index} style={styles.listItem}>
          {item}
        </li>
      ))}
    </ul>
  );
}

/**
 * Text someone typed, with their line breaks kept as <br>: `white-space: pre-wrap` is ignored by Outlook and by the
 * plain-text version. React escapes the text, so nothing in it becomes markup.
 */
export function TypedText(props: { text: string }) {
  const lines = props.text.split(/\r\n|\r|\n/);
  return (
    <Text style={styles.paragraph}>
      {lines.map((line, index) => (
        <Fragment key={index}>
          {index > 0 ? <br /> : null}
          {line}
        </Fragment>
      ))}
    </Text>
  );
}
