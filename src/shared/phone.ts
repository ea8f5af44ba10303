import { parsePhoneNumberFromString } from "libphonenumber-js/mobile";
import { z } from "zod";

/**
 * Phone numbers parents give: WhatsApp reminders go to them, so each must be a mobile number WhatsApp can reach. An
 * Indian number may be written as people write it ("98450 12345", "098450-12345", "+91 98450 12345"); a number of
 * another country starts with "+" and its country code. Numbers are stored in E.164 ("+919845012345"); rows stored
 * before that keep what was typed, so every reader parses what it finds (see `phoneForDisplay`).
 *
 * The "mobile" metadata of libphonenumber-js knows only mobile ranges: a landline, a made-up range ("1234567890")
 * or a number with too few or too many digits is not valid.
 */
const DEFAULT_COUNTRY = "IN";

/** Characters a phone number may be typed with: digits, plus, hyphen, space and parentheses (spec section 5). */
const PHONE_PATTERN = /^[0-9+\-\s()]{10,}$/;

/** The spec's message for a phone number that is not valid. */
const INVALID_PHONE = "Please enter a valid phone number";

/** The number in E.164 when it is a valid mobile number (Indian unless it starts with "+"), else undefined. */
export function mobileNumberE164(typed: string): string | undefined {
  const text = typed.trim();
  if (!PHONE_PATTERN.test(text)) return undefined;
  const parsed = parsePhoneNumberFromString(text, DEFAULT_COUNTRY);
  return parsed?.isValid() ? parsed.number : undefined;
}

/**
 * A stored number as people read it: "+91 98450 12345" for "+919845012345" (or for "98450-12345", stored as typed
 * before numbers were kept in E.164); a number this cannot read is shown as it is.
 */
export function phoneForDisplay(stored: string): string {
  const parsed = parsePhoneNumberFromString(stored.trim(), DEFAULT_COUNTRY);
  return parsed?.isValid() ? parsed.formatInternational() : stored;
}

/** A tel: link for a stored number: E.164 when it can be read, else its digits and plus signs. */
export function phoneHref(stored: string): string {
  const parsed = parsePhoneNumberFromString(stored.trim(), DEFAULT_COUNTRY);
  return `tel:${parsed?.isValid() ? parsed.number : stored.replace(/[^\d+]/g, "")}`;
}

/**
 * The booking form's phone: required ("Phone number is required"), and a mobile number WhatsApp can reach. The form
 * keeps what was typed; the server stores `mobileNumberE164` of it.
 */
export const mobilePhoneSchema = z
  .string()
  .trim()
  .min(1, "Phone number is required")
  .max(30, INVALID_PHONE)
  .refine((value) => mobileNumberE164(value) !== undefined, INVALID_PHONE);

/** The contact forms' phone: optional (empty is none), and when given, the same rule as the booking form's. */
export const optionalMobilePhoneSchema = z
  .string()
  .trim()
  .max(30, INVALID_PHONE)
  .refine((value) => value === "" || mobileNumberE164(value) !== undefined, INVALID_PHONE);
