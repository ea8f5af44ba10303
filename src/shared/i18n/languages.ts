/**
 * The site's languages. English is at the site's own addresses ("/contact-us"); Hindi and Kannada under their
 * prefix ("/hi/contact-us", "/kn/"). The address decides a page's language, nothing else.
 */
export const LANGUAGES = ["en", "hi", "kn"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

/** Each language named in itself, as the language switcher shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: "English", hi: "हिन्दी", kn: "ಕನ್ನಡ" };

/**
 * The quiet suggestion to read a page in a language the visitor prefers, written in that language (the page's own
 * catalogue is in another one).
 */
export const LANGUAGE_SUGGESTIONS: Record<Language, string> = {
  en: "Read this page in English",
  hi: "यह पेज हिन्दी में पढ़ें",
  kn: "ಈ ಪುಟವನ್ನು ಕನ್ನಡದಲ್ಲಿ ಓದಿ",
};

/**
 * The language a visitor would rather read: the one they chose last in the switcher, else the first of their
 * browser's languages that the site has; undefined when neither says.
 */
export function preferredLanguage(
  chosen: string | null,
  browserLanguages: readonly string[],
): Language | undefined {
  if (isLanguage(chosen)) return chosen;
  for (const tag of browserLanguages) {
    const base = tag.toLowerCase().split("-")[0];
    if (isLanguage(base)) return base;
  }
  return undefined;
}

/** The locale dates, times, numbers and rupees are formatted in. */
export const LANGUAGE_LOCALES: Record<Language, string> = { en: "en-IN", hi: "hi-IN", kn: "kn-IN" };

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** The prefix of a language's addresses: "" for English, "/hi" for Hindi. */
export function languagePrefix(language: Language): string {
  return language === DEFAULT_LANGUAGE ? "" : `/${language}`;
}

const PREFIXED = /^\/(hi|kn)(?=\/|$|\?)/;

/**
 * The pages that exist in every language: the public ones. The pages of one booking exist in every language too (see
 * PAGES_IN_THE_BOOKINGS_LANGUAGE); the doctor's console has one address, in English, and none under /hi/ or /kn/.
 */
export const PAGES_IN_EVERY_LANGUAGE = [
  "/",
  "/contact-us",
  "/terms-conditions",
  "/privacy",
  "/refunds-cancellations",
  "/articles/:slug",
] as const;

/** Whether a path (without its language prefix) is a page that exists in every language. */
export function existsInEveryLanguage(path: string): boolean {
  const plain = path.split(/[?#]/)[0] ?? "/";
  return PAGES_IN_EVERY_LANGUAGE.some((page) =>
    page.endsWith("/:slug") ? /^\/articles\/[^/]+$/.test(plain) : page === plain,
  );
}

/**
 * Pages for one booking that speak the booking's language: the payment result, the manage page and the video room,
 * at /hi/payment/callback or /kn/appointments/manage/{token} for a booking made in Hindi or Kannada (the payment's
 * return address and every message's links say so). They are not public pages: no alternates, not in the sitemap,
 * not indexed.
 */
export const PAGES_IN_THE_BOOKINGS_LANGUAGE = [
  "/payment/callback",
  "/appointments/manage/:token",
  "/video-consultation/:roomId",
] as const;

/** A route pattern ("/appointments/manage/:token") as a test of a plain path: each ":name" is one segment. */
function routePattern(route: string): RegExp {
  const segments = route.split("/").map((segment) => (segment.startsWith(":") ? "[^/]+" : segment));
  return new RegExp(`^${segments.join("/")}$`);
}

const BOOKING_PAGE_PATTERNS = PAGES_IN_THE_BOOKINGS_LANGUAGE.map(routePattern);

/** Whether a path (without its language prefix) is one of a booking's pages, which speak its language. */
export function isBookingPage(path: string): boolean {
  const plain = path.split(/[?#]/)[0] ?? "/";
  return BOOKING_PAGE_PATTERNS.some((pattern) => pattern.test(plain));
}

/** Whether a path (without its language prefix) has an address under /hi/ and /kn/ too. */
export function existsUnderLanguagePrefix(path: string): boolean {
  return existsInEveryLanguage(path) || isBookingPage(path);
}

/** The language an address is in: "/kn/articles/x" is Kannada, "/articles/x" English. */
export function languageOfPath(path: string): Language {
  const prefix = PREFIXED.exec(path)?.[1];
  return isLanguage(prefix) ? prefix : DEFAULT_LANGUAGE;
}

/** An address without its language prefix: "/kn/articles/x" -> "/articles/x", "/hi" -> "/". */
export function pathWithoutLanguage(path: string): string {
  const rest = path.replace(PREFIXED, "");
  return rest === "" || rest.startsWith("?") ? `/${rest}` : rest;
}

/** The same page in another language: ("/contact-us", "hi") -> "/hi/contact-us"; ("/", "kn") -> "/kn/". */
export function pathInLanguage(path: string, language: Language): string {
  const plain = pathWithoutLanguage(path);
  return `${languagePrefix(language)}${plain}`;
}
