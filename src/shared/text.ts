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
 * The characters no field takes: controls, line and paragraph separators, every format character (bidirectional
 * marks, embeddings, overrides and isolates, zero-width space, word joiner and the invisible operators, soft hyphen,
 * tag characters, byte-order mark) but the two joiners Indian scripts need, the characters that show nothing or a
 * blank that is not a space (combining grapheme joiner, Hangul fillers, Mongolian variation selectors, Khmer
 * inherent vowels, the blank Braille pattern), and the replacement character a broken byte sequence becomes.
 */
const HIDDEN =
  /(?![\u200C\u200D])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u115F\u1160\u2800\u3164\uFFA0\uFFFD]|\u034F|\u17B4|\u17B5|\u180B|\u180C|\u180D/u;

/** A joiner (U+200C, U+200D) belongs between two letters of a word, as in Kannada and Hindi; anywhere else it hides. */
const STRAY_JOINER = /(?:^|[^\p{L}\p{M}])[\u200C\u200D]|[\u200C\u200D](?=$|[^\p{L}\p{M}])/u;

/** A combining mark with no letter to sit on: it would draw on a blank, or on the quote before the field. */
const LONE_MARK = /(?:^|\s)\p{M}/u;

/**
 * Text without control characters (they would reach e-mail headers, calendar invites and PDFs, where they show as
 * boxes) or invisible characters that reorder or hide text (see HIDDEN). Line breaks and tabs are allowed in text
 * of several lines.
 */
export function isPlainText(value: string, { multiline = false }: { multiline?: boolean } = {}): boolean {
  const checked = multiline ? value.replace(/[\n\r\t]/g, " ") : value;
  return !HIDDEN.test(checked) && !STRAY_JOINER.test(checked) && !LONE_MARK.test(checked);
}

/** Variation selectors: they change how the character before them is drawn, so two names could look alike. */
const VARIATION_SELECTOR = /[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/u;

/**
 * A name that is told apart by how it reads (a template's): plain text with at least one letter or digit and no
 * variation selectors. Compare such names after `.normalize("NFC")`, so "Café" typed two ways is one name.
 */
export function isVisibleName(value: string): boolean {
  return isPlainText(value) && /[\p{L}\p{N}]/u.test(value) && !VARIATION_SELECTOR.test(value);
}
