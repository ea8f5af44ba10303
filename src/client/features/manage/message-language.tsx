import { isLanguage, type Language, LANGUAGE_NAMES, LANGUAGES } from "@shared/i18n/languages";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { NativeSelect } from "@/components/ui/input";
import { useHydrated } from "@/lib/use-hydrated";
import { chooseLanguage, manageQuery } from "./api";

/**
 * The language of the booking's e-mails, WhatsApp messages and fee receipt: the page's the booking was made on, until
 * the parent chooses another here. A choice is saved at once and applies to every message sent after it.
 */
export function MessageLanguage({ token, language }: { token: string; language: Language }) {
  const queryClient = useQueryClient();
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
        Language of your messages
      </h2>
      <label htmlFor="manage-language-choice" className="text-sm text-slate-700">
        E-mails, WhatsApp messages and the fee receipt about this booking are written in
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
          Saved: messages from now on are in <span lang={language}>{LANGUAGE_NAMES[language]}</span>.
        </p>
      ) : null}
      {change.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {change.error instanceof Error
            ? change.error.message
            : "The language could not be saved. Please try again."}
        </p>
      ) : null}
    </section>
  );
}
