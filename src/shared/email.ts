/**
 * The address a browser's `<input type="email">` accepts (the HTML standard's pattern), with a dot in the domain:
 * no spaces, quotes or angle brackets, which no mail server of a patient needs and which would reach e-mail headers.
 */
export const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/**
 * A mail server's words without the addresses they quote (`<x@example.org>`, or bare): what the parent typed as an
 * address ("temporary.x@…", "econnrefused@…") must not be read as the cause of a failure.
 */
export function withoutEmailAddresses(text: string): string {
  return text.replace(/<[^>]*>/g, "<>").replace(/[^\s<>()"',;:]+@[^\s<>()"',;:]+/g, "");
}
