import type { I18n, Messages } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { use } from "react";

/**
 * The booking dialog's messages, one chunk per language, fetched with the dialog's code (never with the page): a
 * Hindi page loads the Hindi catalogue only.
 */
const catalogues = import.meta.glob<{ messages: Messages }>("../../../shared/i18n/catalogues/*/booking.ts");

const fetched = new Map<string, Promise<Messages>>();
const loaded = new WeakMap<I18n, Promise<void>>();

/** Starts fetching a language's booking messages (once); the dialog's loader calls it beside its own import. */
export function fetchBookingMessages(language: string): Promise<Messages> {
  let messages = fetched.get(language);
  if (!messages) {
    const load = catalogues[`../../../shared/i18n/catalogues/${language}/booking.ts`];
    messages = load ? load().then((module) => module.messages) : Promise.resolve({});
    fetched.set(language, messages);
  }
  return messages;
}

/**
 * Suspends the dialog until its messages are in the page's translator. They are added once the chunk has arrived,
 * outside any render, so the translator's provider re-renders after, not during, the dialog's render.
 */
export function useBookingMessages(): void {
  const { i18n } = useLingui();
  let ready = loaded.get(i18n);
  if (!ready) {
    ready = fetchBookingMessages(i18n.locale).then((messages) => i18n.load(i18n.locale, messages));
    loaded.set(i18n, ready);
  }
  use(ready);
}
