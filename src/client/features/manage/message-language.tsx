import {
  isLanguage,
  type Language,
  LANGUAGE_NAMES,
  LANGUAGE_SUGGESTIONS,
  LANGUAGES,
  pathInLanguage,
} from "@shared/i18n/languages";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { NativeSelect } from "@/components/ui/input";
import { Message, useLanguage, useT } from "@/lib/i18n";
import { useHydrated } from "@/lib/use-hydrated";
import { chooseLanguage, manageQuery } from "./api";
import { useServerWords } from "./server-words";

/**
 * This page's address in another language: /kn/appointments/manage/{token} for Kannada. Made from the token, not from
 * the address it was opened at, which may be spelled otherwise ("/%6Bn/...").
 */
function thisPageIn(token: string, language: Language): string {
  return pathInLanguage(`/appointments/manage/${encodeURIComponent(token)}`, language);
}

/**
 * The language of the booking's e-mails, WhatsApp messages and fee receipt: the page's the booking was made on, until
 * the parent chooses another here. A choice is saved at once and applies to every message sent after it; the page
 * then offers itself in that language, in that language's words.
 */
export function MessageLanguage({ token, language }: { token: string; language: Language }) {
  const queryClient = useQueryClient();
  const t = useT();
  const pageLanguage = useLanguage();
  const server = useServerWords();
  // The page arrives rendered by the server: a choice made before its script runs would be lost, so the list is
  // offered once the page can save it.
  const ready = useHydrated();
  const change = useMutation({
    mutationFn: (next: Language) => chooseLanguage(token, next),
    onSuccess: (view) => queryClient.setQueryData(manageQuery(token).queryKey, view),
  });
  return (
    <section aria-labelledby="manage-language" className="grid gap-2">
      <h2 id="manage-language" className="text-lg font-semibold text-slate-900">
        {t("messagesLanguage.title")}
      </h2>
      <label htmlFor="manage-language-choice" className="text-sm text-slate-700">
        {t("messagesLanguage.label")}
      </label>
      <NativeSelect
        id="manage-language-choice"
        className="max-w-xs"
        value={change.isPending ? change.variables : language}
        disabled={!ready || change.isPending}
        onChange={(event) => {
          if (isLanguage(event.target.value)) change.mutate(event.target.value);
        }}
      >
        {LANGUAGES.map((option) => (
          <option key={option} value={option} lang={option}>
            {LANGUAGE_NAMES[option]}
          </option>
        ))}
      </NativeSelect>
      {change.isSuccess ? (
        <p role="status" className="text-sm text-green-800">
          <Message
            id="messagesLanguage.saved"
            values={{ language: LANGUAGE_NAMES[language] }}
            components={{ 0: <span lang={language} /> }}
          />
          {language !== pageLanguage ? (
            <>
              {" "}
              <a
                href={thisPageIn(token, language)}
                lang={language}
                className="font-medium text-brand-700 underline"
              >
                {LANGUAGE_SUGGESTIONS[language]}
              </a>
            </>
          ) : null}
        </p>
      ) : null}
      {change.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {change.error instanceof Error ? server.failure(change.error) : t("messagesLanguage.failed")}
        </p>
      ) : null}
    </section>
  );
}
