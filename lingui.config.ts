import { defineConfig } from "@lingui/conf";
import { formatter } from "@lingui/format-json";

export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "hi", "kn"],
  fallbackLocales: { default: "en" },
  catalogs: [{ path: "<rootDir>/src/shared/i18n/catalogues/{locale}/site", include: [] }],
  format: formatter({ style: "minimal" }),
  compileNamespace: "ts",
});
