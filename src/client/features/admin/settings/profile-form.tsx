import { type ProfileInput, profileInputSchema, type SiteProfile } from "@shared/site-profile";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Plus, Trash2, UserRound } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Button, SubmitButton } from "@/components/ui/button";
import { InputField, TextareaField } from "@/components/ui/form-field";
import { ApiError } from "@/lib/api";
import { showErrorToast } from "@/lib/error-toast";
import { toast } from "@/lib/use-toast";
import { FormSection } from "../section-title";
import { sendIfValid } from "../schedule-form";
import { issuesByPath } from "../sessions-editor";
import { type ProfileAnswer, profileQuery, saveProfile, settingsKeys } from "./api";
import { socialNetworkNames } from "@/components/layout/social-icon";
import { useSettingsSaved } from "./settings-saved";
import {
  ProfileTranslations,
  translationsFromDraft,
  type TranslationDrafts,
  translationsToDraft,
  withoutTranslatedRow,
} from "./profile-translations";

type Draft = Record<string, unknown>;

/** The value at a dotted path of the draft ("doctor.registration.number"). */
function valueAt(draft: Draft, path: string): unknown {
  return path.split(".").reduce<unknown>((node, key) => (node as Draft | undefined)?.[key], draft);
}

/** A copy of the draft with the value at `path` replaced. */
function withValue(draft: Draft, path: string, value: unknown): Draft {
  const [key = "", ...rest] = path.split(".");
  if (rest.length === 0) return { ...draft, [key]: value };
  const child = (draft[key] ?? {}) as Draft;
  return { ...draft, [key]: withValue(child, rest.join("."), value) };
}

/** The profile as the form edits it: lists of words as text, one item per line; paragraphs apart by a blank line. */
const LINE_LISTS = ["doctor.qualifications", "doctor.languages", "about.expertise"] as const;
const PARAGRAPHS = "about.paragraphs";

function toDraft(profile: SiteProfile): Draft {
  const { photoUrl: _photoUrl, photo: _photo, signatureImage: _signature, ...doctor } = profile.doctor;
  // Links that are not web addresses (the sample's "#") are not shown on the site, and the form starts without them.
  const social = profile.social.filter(({ url }) => /^https?:\/\//i.test(url));
  let draft: Draft = { ...profile, doctor, social, translations: translationsToDraft(profile) };
  for (const path of LINE_LISTS)
    draft = withValue(draft, path, (valueAt(draft, path) as string[]).join("\n"));
  return withValue(draft, PARAGRAPHS, (valueAt(draft, PARAGRAPHS) as string[]).join("\n\n"));
}

function fromDraft(draft: Draft): unknown {
  let profile: Draft = {
    ...draft,
    translations: translationsFromDraft(draft.translations as TranslationDrafts),
  };
  const lines = (text: string, separator: RegExp) =>
    text
      .split(separator)
      .map((line) => line.trim())
      .filter(Boolean);
  for (const path of LINE_LISTS)
    profile = withValue(profile, path, lines(String(valueAt(draft, path)), /\n/));
  return withValue(profile, PARAGRAPHS, lines(String(valueAt(draft, PARAGRAPHS)), /\n\s*\n/));
}

interface TextFieldSpec {
  path: string;
  label: string;
  hint?: string;
  long?: boolean;
  type?: "email" | "tel";
}

const GROUPS: Array<{ legend: string; fields: TextFieldSpec[] }> = [
  {
    legend: "Doctor",
    fields: [
      { path: "doctor.name", label: "Full name", hint: "As on the registration: Dr. Sunita Kulkarni" },
      { path: "doctor.shortName", label: "Short name", hint: "In the navigation bar and the footer" },
      { path: "doctor.specialty", label: "Specialty" },
      { path: "doctor.tagline", label: "Introduction", long: true, hint: "The sentence under your name" },
      { path: "doctor.qualifications", label: "Qualifications", long: true, hint: "One per line: MBBS, MD" },
      { path: "doctor.languages", label: "Languages you consult in", long: true, hint: "One per line" },
      { path: "doctor.experience", label: "Experience", hint: "For example: 15+ years" },
      { path: "doctor.patientsTreated", label: "Patients treated", hint: "For example: 10,000+" },
      { path: "doctor.registration.number", label: "Registration number", hint: "Printed on receipts" },
      { path: "doctor.registration.council", label: "Medical council", hint: "Karnataka Medical Council" },
    ],
  },
  {
    legend: "About",
    fields: [
      {
        path: "about.paragraphs",
        label: "About you",
        long: true,
        hint: "Leave a blank line between paragraphs",
      },
      { path: "about.expertise", label: "Areas of expertise", long: true, hint: "One per line" },
    ],
  },
  {
    legend: "Contact",
    fields: [
      { path: "contact.email", label: "E-mail", type: "email" },
      { path: "contact.phone", label: "Phone", type: "tel" },
      { path: "contact.location", label: "Address or location" },
      { path: "contact.emergencyNotice", label: "Emergency notice", long: true },
    ],
  },
  {
    legend: "Search engines",
    fields: [
      {
        path: "seo.title",
        label: "Page title",
        hint: "Shown as the title of the home page in search results",
      },
      { path: "seo.description", label: "Description", long: true },
    ],
  },
];

interface RowField {
  key: string;
  label: string;
  kind?: "checkbox" | "network";
}

const ROW_LISTS: Array<{ path: string; legend: string; item: string; fields: RowField[]; empty: Draft }> = [
  {
    path: "about.qualifications",
    legend: "Education",
    item: "qualification",
    fields: [
      { key: "degree", label: "Degree" },
      { key: "institution", label: "Institution" },
    ],
    empty: { degree: "", institution: "" },
  },
  {
    path: "services",
    legend: "Services",
    item: "service",
    fields: [
      { key: "title", label: "Service" },
      { key: "description", label: "Description" },
      { key: "bookable", label: "Book Now link", kind: "checkbox" },
    ],
    empty: { title: "", description: "", bookable: false },
  },
  {
    path: "publications",
    legend: "Publications",
    item: "publication",
    fields: [
      { key: "title", label: "Title" },
      { key: "journal", label: "Journal" },
      { key: "year", label: "Year" },
    ],
    empty: { title: "", journal: "", year: "" },
  },
  {
    path: "memberships",
    legend: "Memberships",
    item: "membership",
    fields: [
      { key: "title", label: "Body" },
      { key: "description", label: "Role" },
    ],
    empty: { title: "", description: "" },
  },
  {
    path: "contact.hours",
    legend: "Consultation hours notes",
    item: "line",
    fields: [
      { key: "days", label: "Days" },
      { key: "time", label: "Time" },
    ],
    empty: { days: "", time: "" },
  },
  {
    path: "social",
    legend: "Social links",
    item: "link",
    fields: [
      { key: "network", label: "Network", kind: "network" },
      { key: "url", label: "Address" },
    ],
    empty: { network: "facebook", url: "" },
  },
];

const NETWORKS = ["facebook", "twitter", "linkedin", "instagram", "youtube"] as const;

/** A draft value as a text box shows it: the form keeps only text, numbers and true/false. */
const textOf = (value: unknown) =>
  typeof value === "string" || typeof value === "number" ? String(value) : "";

const idOf = (path: string) => `profile-${path.replaceAll(".", "-")}`;

/** Settings › Profile: every part of what the site says about the doctor, checked as the server checks it. */
export function ProfileSettings({ onPreview }: { onPreview: (profile: ProfileInput) => void }) {
  const profile = useQuery(profileQuery());
  return (
    <FormSection
      id="profile-settings-title"
      icon={UserRound}
      title="Profile"
      description="What the site says about you, on every page, in messages and on receipts."
      query={profile}
      what="profile"
      // A new photo does not start the form again: the form never holds it.
      formKey={(data) => JSON.stringify(toDraft(data.profile))}
    >
      {(data) => <ProfileForm answer={data} onPreview={onPreview} />}
    </FormSection>
  );
}

function ProfileForm({
  answer,
  onPreview,
}: {
  answer: ProfileAnswer;
  onPreview: (profile: ProfileInput) => void;
}) {
  const queryClient = useQueryClient();
  const settingsSaved = useSettingsSaved();
  const [draft, setDraft] = useState<Draft>(() => toDraft(answer.profile));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: saveProfile,
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKeys.profile, saved);
      settingsSaved();
      toast({ title: "Profile Saved", description: "Every page of the site now shows it." });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 400)
        setErrors(issuesByPath(error.body?.issues ?? []));
      showErrorToast(error);
    },
  });
  const set = (path: string, value: unknown) => setDraft((current) => withValue(current, path, value));
  const checked = () => profileInputSchema.safeParse(fromDraft(draft));

  return (
    <form
      id="profile-form"
      aria-labelledby="profile-settings-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        sendIfValid("profile-form", checked(), setErrors, (profile) => save.mutate(profile));
      }}
    >
      {!answer.savedInDashboard && (
        <p
          role="note"
          className="border-b border-amber-200 bg-amber-50 px-5 py-3 text-sm text-amber-900 sm:px-6"
        >
          The site shows the sample profile (or the server&apos;s profile file) until you save yours here.
        </p>
      )}
      {GROUPS.map((group) => (
        <Group key={group.legend} legend={group.legend}>
          {group.fields.map((field) => {
            const props = {
              id: idOf(field.path),
              label: field.label,
              hint: field.hint,
              error:
                errors[field.path] ??
                (LINE_LISTS.some((path) => path === field.path) ? errors[`${field.path}.0`] : undefined),
              value: textOf(valueAt(draft, field.path)),
            };
            return field.long ? (
              <TextareaField
                key={field.path}
                {...props}
                rows={field.path === PARAGRAPHS ? 6 : 3}
                onChange={(event) => set(field.path, event.target.value)}
              />
            ) : (
              <InputField
                key={field.path}
                {...props}
                type={field.type ?? "text"}
                onChange={(event) => set(field.path, event.target.value)}
              />
            );
          })}
        </Group>
      ))}
      {ROW_LISTS.map((list) => (
        <RowList
          key={list.path}
          list={list}
          rows={(valueAt(draft, list.path) as Draft[]) ?? []}
          errors={errors}
          onChange={(rows, removedAt) => {
            set(list.path, rows);
            // The translations follow the English lists by place: a removed service or hours line takes its
            // translations with it, so the next one's do not move up beside the wrong English.
            if (removedAt !== undefined && (list.path === "services" || list.path === "contact.hours"))
              set(
                "translations",
                withoutTranslatedRow(
                  draft.translations as TranslationDrafts,
                  list.path === "services" ? "services" : "hours",
                  removedAt,
                ),
              );
          }}
        />
      ))}
      <ProfileTranslations
        english={draft as unknown as SiteProfile}
        drafts={draft.translations as TranslationDrafts}
        errors={errors}
        onChange={(drafts) => set("translations", drafts)}
      />
      <div className="flex flex-col gap-2 border-t border-slate-200 p-5 sm:flex-row sm:justify-end sm:p-6">
        <Button
          type="button"
          variant="outline"
          onClick={() => sendIfValid("profile-form", checked(), setErrors, onPreview)}
        >
          Preview home page
        </Button>
        <SubmitButton pending={save.isPending} busyLabel="Saving...">
          Save profile
        </SubmitButton>
      </div>
    </form>
  );
}

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 border-b border-slate-200 p-5 sm:grid-cols-2 sm:p-6">
      <legend className="float-left mb-2 w-full text-base font-semibold text-slate-900 sm:col-span-2">
        {legend}
      </legend>
      {children}
    </fieldset>
  );
}

function RowList({
  list,
  rows,
  errors,
  onChange,
}: {
  list: (typeof ROW_LISTS)[number];
  rows: Draft[];
  errors: Record<string, string>;
  /** The rows as they are now; `removedAt` is the place of the row just removed, if one was. */
  onChange: (rows: Draft[], removedAt?: number) => void;
}) {
  const setCell = (index: number, key: string, value: unknown) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, [key]: value } : row)));
  const listError = errors[list.path];
  return (
    <fieldset className="flex flex-col gap-3 border-b border-slate-200 p-5 sm:p-6">
      <legend className="float-left mb-2 w-full text-base font-semibold text-slate-900">{list.legend}</legend>
      {listError && (
        <p className="text-sm text-red-700" id={`${idOf(list.path)}-error`}>
          {listError}
        </p>
      )}
      {rows.map((row, index) => (
        <div
          // Rows have no ids of their own; their place is their identity while the doctor edits.
          key={index}
          className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-[repeat(3,minmax(0,1fr))_auto] sm:items-end"
        >
          {list.fields.map((field) => {
            const path = `${list.path}.${index}.${field.key}`;
            const id = idOf(path);
            const label = `${field.label} (${list.item} ${index + 1})`;
            if (field.kind === "checkbox")
              return (
                <label key={field.key} className="flex min-h-10 items-center gap-2 text-sm text-slate-800">
                  <input
                    id={id}
                    type="checkbox"
                    className="size-4"
                    checked={row[field.key] === true}
                    onChange={(event) => setCell(index, field.key, event.target.checked)}
                  />
                  {label}
                </label>
              );
            if (field.kind === "network")
              return (
                <div key={field.key} className="flex flex-col gap-1.5">
                  <label htmlFor={id} className="text-sm font-medium text-slate-800">
                    {label}
                  </label>
                  <select
                    id={id}
                    className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm"
                    value={String(row[field.key])}
                    onChange={(event) => setCell(index, field.key, event.target.value)}
                  >
                    {NETWORKS.map((network) => (
                      <option key={network} value={network}>
                        {socialNetworkNames[network]}
                      </option>
                    ))}
                  </select>
                </div>
              );
            return (
              <InputField
                key={field.key}
                id={id}
                label={label}
                error={errors[path]}
                value={textOf(row[field.key])}
                onChange={(event) => setCell(index, field.key, event.target.value)}
              />
            );
          })}
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="justify-self-start"
            aria-label={`Remove ${list.item} ${index + 1}`}
            onClick={() =>
              onChange(
                rows.filter((_, at) => at !== index),
                index,
              )
            }
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      ))}
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => onChange([...rows, { ...list.empty }])}
        >
          <Plus aria-hidden="true" />
          Add {list.item}
        </Button>
      </div>
    </fieldset>
  );
}
