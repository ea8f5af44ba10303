import type { I18n, Messages } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { use } from "react";
import type { MessageChunk } from "@shared/i18n/chunks";

/**
 * The compiled catalogues of every chunk and language, each its own chunk of code: only the one asked for is fetched
 * (a Hindi page never loads the Kannada booking words).
 */
const catalogues = import.meta.glob<{ messages: Messages }>([
  "../../shared/i18n/catalogues/*/booking.ts",
  "../../shared/i18n/catalogues/*/legal.ts",
  "../../shared/i18n/catalogues/*/visit.ts",
  "../../shared/i18n/catalogues/*/room.ts",
]);

const fetched = new Map<string, Promise<Messages>>();
const loaded = new WeakMap<I18n, Map<MessageChunk, Promise<void>>>();
/** The chunks whose words came inside the page's data (server-rendered pages that need them at once). */
let inPage: readonly MessageChunk[] = [];

/** Called at start with the page data's list: those chunks' words are in the page's translator already. */
export function noteChunksInPage(chunks: readonly MessageChunk[] | undefined): void {
  inPage = chunks ?? [];
}

/**
 * Starts fetching a chunk's words in the page's language (its `<html lang>`) beside a page's own code, unless the page
 * carries them already: the app's route loads the Refunds page and the legal words together, not one after the other.
 * Nothing on the server, whose translator has the words of the chunks its page names.
 */
export function prefetchMessageChunk(chunk: MessageChunk): void {
  if (typeof document === "undefined" || inPage.includes(chunk)) return;
  // A failure is met again, and shown, by the component that needs the words (useMessageChunk).
  fetchMessageChunk(chunk, document.documentElement.lang).catch(() => undefined);
}

/** Starts fetching a chunk's messages in a language (once); a component's loader may call it beside its own import. */
export function fetchMessageChunk(chunk: MessageChunk, language: string): Promise<Messages> {
  const key = `${language}/${chunk}`;
  let messages = fetched.get(key);
  if (!messages) {
    const load = catalogues[`../../shared/i18n/catalogues/${language}/${chunk}.ts`];
    messages = load ? load().then((module) => module.messages) : Promise.resolve({});
    fetched.set(key, messages);
  }
  return messages;
}

/**
 * Suspends the component until the chunk's messages are in the page's translator. They are added once the chunk has
 * arrived, outside any render, so the translator's provider re-renders after, not during, the component's render. A
 * page that came with the chunk's words (and a page the server renders, whose translator has them) goes on at once:
 * it hydrates with the words it was rendered with.
 */
export function useMessageChunk(chunk: MessageChunk): void {
  const { i18n } = useLingui();
  if (typeof document === "undefined" || inPage.includes(chunk)) return;
  let chunks = loaded.get(i18n);
  if (!chunks) {
    chunks = new Map();
    loaded.set(i18n, chunks);
  }
  let ready = chunks.get(chunk);
  if (!ready) {
    ready = fetchMessageChunk(chunk, i18n.locale).then((messages) => i18n.load(i18n.locale, messages));
    chunks.set(chunk, ready);
  }
  use(ready);
}
