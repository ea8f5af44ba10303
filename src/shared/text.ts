/**
 * Text that no field of this product accepts: the NUL character. PostgreSQL cannot store it in a text column, and
 * nobody types it, so a request carrying one anywhere (a form field, a path, a query) is refused as a whole.
 */
export const NUL_MESSAGE = "The request contains a NUL character (\\u0000), which no field accepts.";

/** Whether any string in a value (arrays and plain objects, however nested) meets the test. */
function someString(value: unknown, test: (text: string) => boolean, depth = 0): boolean {
  if (typeof value === "string") return test(value);
  // Bytes (an image sent as the body) hold no text, and walking them as an object would take a pair per byte.
  if (depth > 32 || value === null || typeof value !== "object" || ArrayBuffer.isView(value)) return false;
  if (value instanceof URLSearchParams) return someString([...value.entries()], test, depth + 1);
  const items = Array.isArray(value) ? value : Object.entries(value as Record<string, unknown>);
  return items.some((item) => someString(item, test, depth + 1));
}

/** Whether a value, or any string inside it, holds a NUL character. */
export function containsNul(value: unknown): boolean {
  return someString(value, (text) => text.includes("\u0000"));
}

// Without the u flag the pattern sees UTF-16 code units: a high half not followed by a low one, or a low one alone.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const BROKEN_TEXT_MESSAGE =
  "The request contains text that is not valid Unicode (half of a surrogate pair), which no field accepts.";

/** Whether a value, or any string inside it, holds half of a UTF-16 surrogate pair (JSON's "\\ud800" alone). */
export function containsBrokenText(value: unknown): boolean {
  return someString(value, (text) => LONE_SURROGATE.test(text));
}

/**
 * The invisible characters no field takes: controls, line and paragraph separators, the marks that reorder text
 * (bidirectional embeddings, overrides, isolates, the Arabic letter mark), and those that show nothing or a blank
 * that is not a space (zero-width space, word joiner and the invisible operators, the deprecated format characters,
 * soft hyphen, combining grapheme joiner, Hangul fillers, the Mongolian vowel separator, interlinear annotation
 * marks, byte-order mark). The joiners Indian scripts need (U+200C, U+200D) are kept.
 */
const INVISIBLE =
  /[\p{Cc}\u00AD\u061C\u115F\u1160\u180E\u200B\u200E\u200F\u2028-\u202E\u2060-\u2064\u2066-\u206F\u3164\uFEFF\uFFA0\uFFF9-\uFFFB]|\u034F/u;

/**
 * Text without control characters (they would reach e-mail headers, calendar invites and PDFs, where they show as
 * boxes) or invisible marks that reorder or hide text (see INVISIBLE). Line breaks and tabs are allowed in text of
 * several lines.
 */
export function isPlainText(value: string, { multiline = false }: { multiline?: boolean } = {}): boolean {
  const checked = multiline ? value.replace(/[\n\r\t]/g, " ") : value;
  return !INVISIBLE.test(checked);
}
