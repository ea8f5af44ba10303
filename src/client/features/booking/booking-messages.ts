import { fetchMessageChunk, useMessageChunk } from "@/lib/message-chunks";

/**
 * The booking dialog's messages, one chunk per language, fetched with the dialog's code (never with the page): a
 * Hindi page loads the Hindi catalogue only. The payment result page speaks them too.
 */
export function fetchBookingMessages(language: string) {
  return fetchMessageChunk("booking", language);
}

/** Suspends the dialog (or the payment result page) until its messages are in the page's translator. */
export function useBookingMessages(): void {
  useMessageChunk("booking");
}
