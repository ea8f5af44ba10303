/**
 * Which article's page a booking was made from, for the doctor's insights: the booking dialog reads it from the
 * address when the booking is made and sends it along. Nothing is kept in the browser, and nothing about the reader.
 * A file of its own, so that the booking's code carries nothing more of the insights.
 */

/**
 * An article's slug as booking requests name it: lower-case letters and digits in words joined by hyphens, as
 * articles get them from their titles (features/articles/slug.ts), at most 120 characters.
 */
export const ARTICLE_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const ARTICLE_SLUG_MAX_LENGTH = 120;

/**
 * The article whose page an address is (`/articles/heart-murmurs`, `/kn/articles/heart-murmurs` -> "heart-murmurs"),
 * or undefined for any other page. The booking dialog sends it with the booking: nothing is stored in the browser, and nothing about the reader.
 */
export function articleSlugOfPath(pathname: string): string | undefined {
  const match = /^(?:\/(?:hi|kn))?\/articles\/([^/]+)\/?$/.exec(pathname);
  const slug = match?.[1];
  return slug && slug.length <= ARTICLE_SLUG_MAX_LENGTH && ARTICLE_SLUG_PATTERN.test(slug) ? slug : undefined;
}
