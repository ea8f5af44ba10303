import { existsInEveryLanguage, LANGUAGE_NAMES, LANGUAGES, pathInLanguage } from "@shared/i18n/languages";
import { useLocation } from "wouter";
import { useLanguage, useT } from "@/lib/i18n";

/**
 * The same page in each language, as plain links (they work before the script has loaded, and a search engine
 * follows them): each names its language in that language. A strip above the header, so that it fits a 360 px
 * phone beside nothing else and scrolls away with the page. Only on the pages that exist in every language.
 */
export function LanguageSwitcher() {
  const t = useT();
  const current = useLanguage();
  const [path] = useLocation();
  // A page with one address (the manage page, the payment result, the video room) has no other language to go to.
  if (!existsInEveryLanguage(path)) return null;
  return (
    <nav aria-label={t("language.label")} className="border-b border-slate-200 bg-slate-50">
      <ul className="mx-auto flex max-w-6xl justify-end gap-1 px-4 text-sm sm:px-6">
        {LANGUAGES.map((language) => (
          <li key={language}>
            <a
              href={pathInLanguage(path, language)}
              hrefLang={language}
              lang={language}
              aria-current={language === current ? "page" : undefined}
              className="inline-block rounded-sm px-2 py-1.5 leading-5 text-slate-700 hover:text-brand-800 hover:underline aria-[current=page]:font-semibold aria-[current=page]:text-brand-800"
            >
              {LANGUAGE_NAMES[language]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
