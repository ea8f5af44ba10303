import { randomBytes } from "node:crypto";

/**
 * Request ids are made of consonants only. Error bodies carry the id, and the browser's error mapper matches words
 * and status codes ("401", "slot", "invalid"...) anywhere in the body text; every one of those contains a vowel or
 * a digit, so an id can never be mistaken for one. 24 characters of 40 symbols carry about 127 bits.
 */
const alphabet = "bcdfghjklmnpqrstvwxzBCDFGHJKLMNPQRSTVWXZ";

export function newRequestId(): string {
  const bytes = randomBytes(24);
  let id = "";
  for (const byte of bytes) id += alphabet[byte % alphabet.length];
  return id;
}
