import { isLanguage, LANGUAGE_NAMES } from "@shared/i18n/languages";

/**
 * " (ಕನ್ನಡ)" after a consent's version when the parent agreed to the wording of another language than English, named
 * in itself; nothing for English.
 */
export function ConsentLanguage({ language }: { language: string }) {
  if (!isLanguage(language) || language === "en") return null;
  return (
    <>
      {" ("}
      <span lang={language}>{LANGUAGE_NAMES[language]}</span>
      {")"}
    </>
  );
}
