/**
 * The address a browser's `<input type="email">` accepts (the HTML standard's pattern), with a dot in the domain:
 * no spaces, quotes or angle brackets, which no mail server of a patient needs and which would reach e-mail headers.
 */
export const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;
