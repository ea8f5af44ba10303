import { REFUSAL_MESSAGES } from "@shared/cancellation-policy";
import { mapError } from "@shared/error-mapper";
import type { MessageValues, SiteMessageId, VisitMessageId } from "@shared/i18n/messages";
import { MANAGE_MESSAGES } from "@shared/manage";
import { ERASURE_DONE, ERASURE_REFUSALS } from "@shared/patients";
import { MAX_REPORT_FILES, UPLOAD_MESSAGES } from "@shared/uploads";
import { errorStatus, serverMessage } from "@/lib/api";
import { type Translate, useLanguage, useT } from "@/lib/i18n";

/** A message of the visit catalogue and its values: what a sentence of the server is on a page in another language. */
interface Said {
  id: VisitMessageId;
  values?: MessageValues;
}

/**
 * Every sentence the manage API may answer the parent with, and its message in the page's catalogue. The API speaks
 * English (its words are the spec's); the page says the same in Hindi or Kannada.
 */
const KNOWN: ReadonlyMap<string, Said> = new Map<string, Said>([
  [MANAGE_MESSAGES.invalidLink, { id: "manage.error.invalidLink" }],
  [MANAGE_MESSAGES.cancelRefused, { id: "manage.error.cancel" }],
  [MANAGE_MESSAGES.rescheduleRefused, { id: "manage.error.reschedule" }],
  [MANAGE_MESSAGES.rescheduleStarted, { id: "manage.error.started" }],
  ...Object.entries(REFUSAL_MESSAGES).map(
    ([reason, text]) => [text, { id: `manage.refusal.${reason}` as VisitMessageId }] as const,
  ),
  ...Object.entries(UPLOAD_MESSAGES).map(
    ([key, text]) =>
      [text, { id: `uploads.message.${key}` as VisitMessageId, values: { max: MAX_REPORT_FILES } }] as const,
  ),
  ...Object.entries(ERASURE_REFUSALS).map(
    ([key, text]) => [text, { id: `data.refusal.${key}` as VisitMessageId }] as const,
  ),
  [ERASURE_DONE, { id: "data.done" }],
]);

/** The catalogue's message for a sentence of the server, when it has one. */
export function knownServerSentence(sentence: string): Said | undefined {
  return KNOWN.get(sentence);
}

/**
 * A sentence of the server in the page's language: the server's own words on an English page; on another, its
 * message where the catalogue has one, else what the error catalogue says of such a failure.
 */
export function sayServerSentence(t: Translate, english: boolean, sentence: string, error?: unknown): string {
  if (english) return sentence;
  const known = KNOWN.get(sentence);
  if (known) return t(known.id, known.values);
  return t(`error.${mapError(error ?? new Error(sentence)).key}.message` as SiteMessageId);
}

/** The page's words for what the server said: a sentence it sent, or the message of a failed request. */
export function useServerWords(): {
  sentence: (sentence: string) => string;
  failure: (error: unknown) => string;
} {
  const t = useT();
  const english = useLanguage() === "en";
  return {
    sentence: (sentence) => sayServerSentence(t, english, sentence),
    failure: (error) => {
      // A limit's answer says how long to wait, in the server's words; another language says to wait a minute.
      const message = serverMessage(error) ?? (error instanceof Error ? error.message : null);
      if (!message) return t("manage.error.unknown");
      if (errorStatus(error) === 429 && !english) return t("manage.error.busy");
      return sayServerSentence(t, english, message, error);
    },
  };
}
