import { Heading } from "@react-email/heading";
import { Text } from "@react-email/text";
import type { MessageWords } from "../../messaging/message-words";
import type { SiteFacts } from "../../messaging/types";
import { ActionButton, BookingFacts, EmailLayout, styles } from "./email-layout";

interface AppointmentChangeProps {
  site: SiteFacts;
  /** The labels' language: the parent's booking's, or English for the doctor. */
  words: MessageWords;
  /** "Your consultation has moved" */
  heading: string;
  preview: string;
  /** The sentences that say what changed and what happens next. */
  paragraphs: string[];
  bookingReference: string;
  patientName: string;
  /** "Thursday, 3 December 2026, 7:20 PM IST": the time now (moved) or the time that was cancelled. */
  when: string;
  whenLabel: string;
  button?: { label: string; href: string };
}

/**
 * A change to a booked consultation (moved to another time, or cancelled), to the parent or the doctor. The updated
 * or withdrawn calendar event travels with it, so the calendars follow.
 */
export function AppointmentChangeEmail(props: AppointmentChangeProps) {
  return (
    <EmailLayout preview={props.preview} site={props.site}>
      <Heading as="h1" style={styles.heading}>
        {props.heading}
      </Heading>
      {props.paragraphs.map((paragraph) => (
        <Text key={paragraph} style={styles.paragraph}>
          {paragraph}
        </Text>
      ))}
      <BookingFacts {...props} />
      {props.button ? <ActionButton href={props.button.href} label={props.button.label} /> : null}
    </EmailLayout>
  );
}
