import {
  existsInEveryLanguage,
  type Language,
  LANGUAGE_NAMES,
  LANGUAGE_SUGGESTIONS,
  LANGUAGES,
  pathInLanguage,
  preferredLanguage,
} from "@shared/i18n/languages";
import { useLocation } from "wouter";
import { useLanguage, useT } from "@/lib/i18n";
import { useHydrated } from "@/lib/use-hydrated";

/** Where the switcher remembers the visitor's last choice, for the suggestion on a page in another language. */
const CHOICE_KEY = "clinic.language";
/** The language of the last page this tab showed on the site, kept for as long as the tab. */
const PAGE_LANGUAGE_KEY = "clinic.pageLanguage";

function rememberChoice(language: Language): void {
  try {
    localStorage.setItem(CHOICE_KEY, language);
  } catch {
    // Storage refused (a private window): the address still decides, and nothing is suggested.
  }
}

/**
 * A visitor who goes from a page in one language to a page in another within the site has chosen that language,
 * whether by the switcher, the suggestion or the Back button, and even when the link was followed before the page's
 * script had run (a click on a slow phone often comes first): the new page remembers it.
 */
function noteArrivalIn(language: Language): void {
  try {
    const previous = sessionStorage.getItem(PAGE_LANGUAGE_KEY);
    if (previous !== null && previous !== language) rememberChoice(language);
    sessionStorage.setItem(PAGE_LANGUAGE_KEY, language);
  } catch {
    // Storage refused: nothing is remembered, as in a private window.
  }
}

function rememberedChoice(): string | null {
  try {
    return localStorage.getItem(CHOICE_KEY);
  } catch {
    return null;
  }
}

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
      <div className="mx-auto flex max-w-6xl items-center justify-end gap-1 px-4 text-sm sm:px-6">
        <LanguageSuggestion current={current} path={path} />
        <ul className="flex shrink-0 gap-1">
          {LANGUAGES.map((language) => (
            <li key={language}>
              <a
                href={pathInLanguage(path, language)}
                hrefLang={language}
                lang={language}
                aria-current={language === current ? "page" : undefined}
                onClick={() => rememberChoice(language)}
                className="inline-block rounded-sm px-2 py-1.5 leading-5 text-slate-700 hover:text-brand-800 hover:underline aria-[current=page]:font-semibold aria-[current=page]:text-brand-800"
              >
                {LANGUAGE_NAMES[language]}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}

/**
 * A quiet offer to read the page in the language the visitor chose last, or their browser prefers, when the page's
 * address is in another: never a redirect, since the address decides. It appears once the script runs (it reads the
 * browser), on the same line as the links, so the strip keeps its height.
 */
function LanguageSuggestion({ current, path }: { current: Language; path: string }) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  // Before the choice is read; noting the same arrival again (a second render) changes nothing.
  noteArrivalIn(current);
  const preferred = preferredLanguage(rememberedChoice(), navigator.languages ?? [navigator.language]);
  if (!preferred || preferred === current) return null;
  return (
    <a
      href={pathInLanguage(path, preferred)}
      hrefLang={preferred}
      lang={preferred}
      onClick={() => rememberChoice(preferred)}
      className="mr-auto min-w-0 truncate py-1.5 leading-5 text-brand-800 underline"
    >
      {LANGUAGE_SUGGESTIONS[preferred]}
    </a>
  );
}
