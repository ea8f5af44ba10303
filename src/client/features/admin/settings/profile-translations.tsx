import { TRANSLATION_LANGUAGES, type TranslationLanguage } from "@shared/articles";
import { LANGUAGE_NAMES } from "@shared/i18n/languages";
import type { ProfileTranslation, SiteProfile } from "@shared/site-profile";
import { useState } from "react";
import { InputField, TextareaField } from "@/components/ui/form-field";

/**
 * Settings › Profile › Translations: the doctor's texts in Hindi and Kannada, for the site's pages in those languages.
 * Each part is optional; a part left empty shows her English there, marked as English. The names, numbers and
 * addresses stay as they are in every language.
 */

/** One language's translation as the form edits it: lists of paragraphs and lines as text. */
export interface TranslationDraft {
  specialty: string;
  tagline: string;
  experience: string;
  patientsTreated: string;
  seoTitle: string;
  seoDescription: string;
  about: string;
  expertise: string;
  emergencyNotice: string;
  services: { title: string; description: string }[];
  hours: { days: string; time: string }[];
}
export type TranslationDrafts = Record<TranslationLanguage, TranslationDraft>;

const LANGUAGE_LABELS: Record<TranslationLanguage, string> = {
  hi: `Hindi (${LANGUAGE_NAMES.hi})`,
  kn: `Kannada (${LANGUAGE_NAMES.kn})`,
};

export function translationsToDraft(profile: SiteProfile): TranslationDrafts {
  const draftOf = (translation: ProfileTranslation | undefined): TranslationDraft => ({
    specialty: translation?.specialty ?? "",
    tagline: translation?.tagline ?? "",
    experience: translation?.experience ?? "",
    patientsTreated: translation?.patientsTreated ?? "",
    seoTitle: translation?.seoTitle ?? "",
    seoDescription: translation?.seoDescription ?? "",
    about: (translation?.about ?? []).join("\n\n"),
    expertise: (translation?.expertise ?? []).join("\n"),
    emergencyNotice: translation?.emergencyNotice ?? "",
    services: profile.services.map((_, place) => ({
      title: translation?.services?.[place]?.title ?? "",
      description: translation?.services?.[place]?.description ?? "",
    })),
    hours: profile.contact.hours.map((_, place) => ({
      days: translation?.hours?.[place]?.days ?? "",
      time: translation?.hours?.[place]?.time ?? "",
    })),
  });
  return { hi: draftOf(profile.translations?.hi), kn: draftOf(profile.translations?.kn) };
}

const split = (text: string, separator: RegExp) =>
  text
    .split(separator)
    .map((part) => part.trim())
    .filter(Boolean);

export function translationsFromDraft(drafts: TranslationDrafts | undefined): SiteProfile["translations"] {
  if (!drafts) return undefined;
  const fromDraft = (draft: TranslationDraft): ProfileTranslation => ({
    specialty: draft.specialty.trim(),
    tagline: draft.tagline.trim(),
    experience: draft.experience.trim(),
    patientsTreated: draft.patientsTreated.trim(),
    seoTitle: draft.seoTitle.trim(),
    seoDescription: draft.seoDescription.trim(),
    about: split(draft.about, /\n\s*\n/),
    expertise: split(draft.expertise, /\n/),
    emergencyNotice: draft.emergencyNotice.trim(),
    services: draft.services.map((service) => ({
      title: service.title.trim(),
      description: service.description.trim(),
    })),
    hours: draft.hours.map((line) => ({ days: line.days.trim(), time: line.time.trim() })),
  });
  return { hi: fromDraft(drafts.hi), kn: fromDraft(drafts.kn) };
}

/** An English list as the form holds it: a list, or its text (paragraphs or lines) while the doctor edits it. */
function listOf(value: unknown, separator: RegExp): string[] {
  if (Array.isArray(value)) return value.map(String);
  return typeof value === "string" ? split(value, separator) : [];
}

/** The first of the server's messages for a part of the translation ("translations.kn.about.0"). */
function errorFor(errors: Record<string, string>, path: string): string | undefined {
  const key = Object.keys(errors).find((candidate) => candidate === path || candidate.startsWith(`${path}.`));
  return key ? errors[key] : undefined;
}

export function ProfileTranslations({
  english,
  drafts,
  errors,
  onChange,
}: {
  english: SiteProfile;
  drafts: TranslationDrafts;
  errors: Record<string, string>;
  onChange: (drafts: TranslationDrafts) => void;
}) {
  const [language, setLanguage] = useState<TranslationLanguage>("hi");
  const draft = drafts[language];
  const path = (part: string) => `translations.${language}.${part}`;
  const id = (part: string) => `profile-translation-${language}-${part.replaceAll(".", "-")}`;
  // Each label names its language: the English fields above have the same names.
  const inLanguage = (label: string) => `${label} in ${language === "hi" ? "Hindi" : "Kannada"}`;
  const update = (change: Partial<TranslationDraft>) =>
    onChange({ ...drafts, [language]: { ...draft, ...change } });
  const text = (
    part:
      | "specialty"
      | "tagline"
      | "experience"
      | "patientsTreated"
      | "emergencyNotice"
      | "about"
      | "expertise"
      | "seoTitle"
      | "seoDescription",
  ) => ({
    id: id(part),
    error: errorFor(errors, path(part)),
    value: draft[part],
    lang: language,
    onChange: (event: { target: { value: string } }) => update({ [part]: event.target.value }),
  });
  // The English lists as the form has them now: a service or hours line added above gets its place here at once.
  const services = english.services ?? [];
  const hours = english.contact?.hours ?? [];

  return (
    <fieldset className="flex flex-col gap-4 border-b border-slate-200 p-5 sm:p-6">
      <legend className="float-left mb-2 w-full text-base font-semibold text-slate-900">Translations</legend>
      <p className="text-sm text-slate-700">
        Your texts for the site&apos;s <span lang="hi">हिन्दी</span> and <span lang="kn">ಕನ್ನಡ</span> pages.
        Leave a part empty to show your English there, marked as English. Names, numbers and addresses stay as
        they are. When you change an English text (the hours above all), change its translations too: they do
        not follow by themselves.
      </p>
      <div role="radiogroup" aria-label="Language of the translation" className="flex flex-wrap gap-4">
        {TRANSLATION_LANGUAGES.map((candidate) => (
          <label key={candidate} className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name="profile-translation-language"
              checked={language === candidate}
              onChange={() => setLanguage(candidate)}
              className="size-4 accent-brand-700"
            />
            {LANGUAGE_LABELS[candidate]}
          </label>
        ))}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField label={inLanguage("Specialty")} hint={english.doctor?.specialty} {...text("specialty")} />
        <TextareaField
          label={inLanguage("Introduction")}
          hint={english.doctor?.tagline}
          rows={3}
          {...text("tagline")}
        />
        <InputField
          label={inLanguage("Experience")}
          hint={english.doctor?.experience}
          {...text("experience")}
        />
        <InputField
          label={inLanguage("Patients treated")}
          hint={english.doctor?.patientsTreated}
          {...text("patientsTreated")}
        />
        <TextareaField
          label={inLanguage("About you")}
          hint={`Leave a blank line between paragraphs. In English: ${listOf(english.about?.paragraphs, /\n\s*\n/).length} paragraphs.`}
          rows={6}
          {...text("about")}
        />
        <TextareaField
          label={inLanguage("Areas of expertise")}
          hint={`One per line. In English: ${listOf(english.about?.expertise, /\n/).join(", ")}`}
          rows={6}
          {...text("expertise")}
        />
        <TextareaField
          label={inLanguage("Emergency notice")}
          hint={english.contact?.emergencyNotice}
          rows={3}
          {...text("emergencyNotice")}
        />
        <InputField label={inLanguage("Page title")} hint={english.seo?.title} {...text("seoTitle")} />
        <TextareaField
          label={inLanguage("Description")}
          hint={english.seo?.description}
          rows={3}
          {...text("seoDescription")}
        />
      </div>
      {services.map((service, place) => (
        <div key={place} className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-2">
          <InputField
            id={id(`services.${place}.title`)}
            label={inLanguage(`Service ${place + 1} (${service.title})`)}
            lang={language}
            error={errorFor(errors, path(`services.${place}`))}
            value={draft.services[place]?.title ?? ""}
            onChange={(event) =>
              update({
                services: withRow(draft.services, place, { title: event.target.value }, EMPTY_SERVICE),
              })
            }
          />
          <InputField
            id={id(`services.${place}.description`)}
            label={inLanguage(`Description of service ${place + 1}`)}
            lang={language}
            value={draft.services[place]?.description ?? ""}
            onChange={(event) =>
              update({
                services: withRow(draft.services, place, { description: event.target.value }, EMPTY_SERVICE),
              })
            }
          />
        </div>
      ))}
      {hours.map((line, place) => (
        <div key={place} className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-2">
          <InputField
            id={id(`hours.${place}.days`)}
            label={inLanguage(`Days of hours line ${place + 1} (${line.days})`)}
            lang={language}
            error={errorFor(errors, path(`hours.${place}`))}
            value={draft.hours[place]?.days ?? ""}
            onChange={(event) =>
              update({ hours: withRow(draft.hours, place, { days: event.target.value }, EMPTY_HOURS) })
            }
          />
          <InputField
            id={id(`hours.${place}.time`)}
            label={inLanguage(`Time of hours line ${place + 1} (${line.time})`)}
            lang={language}
            value={draft.hours[place]?.time ?? ""}
            onChange={(event) =>
              update({ hours: withRow(draft.hours, place, { time: event.target.value }, EMPTY_HOURS) })
            }
          />
        </div>
      ))}
    </fieldset>
  );
}

/** The rows with the one at `place` changed; rows missing before it (an English one added since) start empty. */
function withRow<T extends Record<string, string>>(
  rows: T[],
  place: number,
  change: Partial<T>,
  empty: T,
): T[] {
  const filled = [...rows];
  while (filled.length <= place) filled.push({ ...empty });
  return filled.map((row, at) => (at === place ? { ...row, ...change } : row));
}

const EMPTY_SERVICE = { title: "", description: "" };
const EMPTY_HOURS = { days: "", time: "" };

/** The translations without the row at `place` of a list (an English service or hours line removed). */
export function withoutTranslatedRow(
  drafts: TranslationDrafts,
  list: "services" | "hours",
  place: number,
): TranslationDrafts {
  const without = (draft: TranslationDraft): TranslationDraft => ({
    ...draft,
    [list]: draft[list].filter((_, at) => at !== place),
  });
  return { hi: without(drafts.hi), kn: without(drafts.kn) };
}
