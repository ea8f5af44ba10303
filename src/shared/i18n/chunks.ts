/**
 * The catalogues that are not the site's own (every page carries that one): each is a chunk of the browser's code per
 * language, loaded with the part of the site that speaks it, and written into a server-rendered page's data when the
 * page needs it at once (a page that hydrates must have its words before it does).
 *
 * - booking: the booking dialog and the payment result page;
 * - legal: the bodies of the Terms, Privacy and Refunds pages;
 * - visit: the parent's manage page;
 * - room: the video room page.
 */
export const MESSAGE_CHUNKS = ["booking", "legal", "visit", "room"] as const;
export type MessageChunk = (typeof MESSAGE_CHUNKS)[number];
