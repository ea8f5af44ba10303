import { defineConfig } from "@lingui/conf";
import { formatter } from "@lingui/format-json";

export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "hi", "kn"],
  fallbackLocales: { default: "en" },
  // site: every page's (in the page data); booking, legal, visit, room: chunks loaded with the parts that speak them
  // (src/shared/i18n/chunks.ts), in the page data of a server-rendered page that needs them; messages: the server's
  // e-mails, WhatsApp messages and documents to the parent, in the language of the booking.
  catalogs: [
    { path: "<rootDir>/src/shared/i18n/catalogues/{locale}/site", include: [] },
    { path: "<rootDir>/src/shared/i18n/catalogues/{locale}/booking", include: [] },
    { path: "<rootDir>/src/shared/i18n/catalogues/{locale}/legal", include: [] },
    { path: "<rootDir>/src/shared/i18n/catalogues/{locale}/visit", include: [] },
    { path: "<rootDir>/src/shared/i18n/catalogues/{locale}/room", include: [] },
    { path: "<rootDir>/src/shared/i18n/catalogues/{locale}/messages", include: [] },
  ],
  format: formatter({ style: "minimal" }),
  compileNamespace: "ts",
});
