import { zodResolver } from "@hookform/resolvers/zod";
import { type PatientDetails, patientDetailsSchema, type PublicConfig } from "@shared/booking";
import { ADULT_AGE, CONSENT_VERSIONS, GUARDIAN_RELATIONSHIPS } from "@shared/consent";
import { ArrowRight, CalendarCheck, Clock, CreditCard, IndianRupee } from "lucide-react";
import type { BookingMessageId } from "@shared/i18n/messages";
import { Message, useDates, useLanguage, useRupees, useT } from "@/lib/i18n";
import { pathInLanguage } from "@shared/i18n/languages";
import { useAvailableSlotsText } from "../available-slots";
import { type ComponentProps, type ReactNode, type RefObject, useEffect, useState } from "react";
import { type UseFormRegister, type UseFormRegisterReturn, useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Input, Textarea } from "@/components/ui/input";
import { describedBy, FormField } from "@/components/ui/form-field";
import { StepHeading } from "../step-heading";
import { type BookingData, hasDetailsEntries, parseAgeInput } from "../booking-logic";

type DetailsInput = z.input<typeof patientDetailsSchema>;

/** Who to reach: each a required text box, with what the clinic does with it said under it. */
interface ContactField {
  name: "patientName" | "patientPhone" | "patientEmail";
  id: string;
  label: BookingMessageId;
  hint?: BookingMessageId;
  input: Pick<ComponentProps<"input">, "type" | "autoComplete" | "inputMode" | "autoCapitalize">;
}

const CONTACT_FIELDS: readonly ContactField[] = [
  // The child's name, not the parent's: the browser is not asked to fill in the person's own name here.
  {
    name: "patientName",
    id: "booking-name",
    label: "details.name",
    input: { autoComplete: "off", autoCapitalize: "words" },
  },
  {
    name: "patientPhone",
    id: "booking-phone",
    label: "details.phone",
    hint: "details.phoneHint",
    input: { type: "tel", autoComplete: "tel", inputMode: "tel" },
  },
  {
    name: "patientEmail",
    id: "booking-email",
    label: "details.email",
    hint: "details.emailHint",
    input: { type: "email", autoComplete: "email", inputMode: "email" },
  },
];

interface StepDetailsProps {
  config: PublicConfig;
  data: BookingData;
  focusHeading: boolean;
  onSubmit: (details: PatientDetails) => void;
  /** Filled with a function that tells whether anything is typed or chosen in the form, for closing to ask first. */
  typedRef?: RefObject<(() => boolean) | null>;
}

/** Step 1: who the consultation is for and why. */
export function StepDetails({ config, data, focusHeading, onSubmit, typedRef }: StepDetailsProps) {
  const t = useT();
  const language = useLanguage();
  const rupees = useRupees();
  const dates = useDates();
  const availableSlots = useAvailableSlotsText(config.consultationHours);
  /** A check's message, as the shared schema words it in English, in the page's language. */
  const said = (message: string | undefined) => (message ? t(message as BookingMessageId) : undefined);
  // A baby under one year is booked in months; the age field counts in whichever unit is chosen.
  const [ageUnit, setAgeUnit] = useState<"years" | "months">(
    data.patientAge === 0 && data.patientAgeMonths !== undefined ? "months" : "years",
  );
  const {
    register,
    handleSubmit,
    setValue,
    getValues,
    clearErrors,
    control,
    formState: { errors },
  } = useForm<DetailsInput, unknown, PatientDetails>({
    resolver: zodResolver(patientDetailsSchema),
    defaultValues: {
      patientName: data.patientName,
      patientPhone: data.patientPhone,
      patientEmail: data.patientEmail,
      // An empty field rather than "0" on a fresh form; a value entered earlier comes back when returning.
      patientAge: data.patientAge > 0 ? data.patientAge : undefined,
      patientAgeMonths: data.patientAge === 0 ? data.patientAgeMonths : undefined,
      reasonForConsultation: data.reasonForConsultation,
      guardianName: data.guardianName ?? "",
      guardianRelationship: data.guardianRelationship,
      teleconsultationConsent: data.teleconsultationConsent === true,
      privacyAcknowledged: data.privacyAcknowledged === true,
      consentVersion: CONSENT_VERSIONS[language],
      language,
    },
  });
  useEffect(() => {
    if (!typedRef) return;
    typedRef.current = () => hasDetailsEntries(getValues(), ageUnit === "months");
    return () => {
      typedRef.current = null;
    };
  }, [typedRef, getValues, ageUnit]);
  // A child's parent or guardian is asked for unless the age given is 18 or more.
  const age = useWatch({ control, name: "patientAge" });
  const forAChild = ageUnit === "months" || !(typeof age === "number" && age >= ADULT_AGE);
  // Registered where the box is drawn, so that a failed check focuses the first wrong field in page order.
  const ageInput =
    ageUnit === "years"
      ? {
          max: 120,
          invalid: Boolean(errors.patientAge),
          register: () => register("patientAge", { setValueAs: parseAgeInput }),
        }
      : {
          max: 11,
          invalid: Boolean(errors.patientAge ?? errors.patientAgeMonths),
          register: () => register("patientAgeMonths", { setValueAs: parseAgeInput }),
        };

  return (
    <form
      noValidate
      aria-labelledby="booking-step-title"
      onSubmit={handleSubmit(onSubmit)}
      className="flex flex-col gap-4"
    >
      <StepHeading id="booking-step-title" focusOnMount={focusHeading}>
        {t("details.title")}
      </StepHeading>
      <div className="flex flex-col gap-1 rounded-lg border border-brand-200 bg-brand-50 p-4 text-sm text-brand-900">
        <p className="flex items-center gap-2 font-semibold">
          <IndianRupee className="size-4 shrink-0" aria-hidden="true" />
          {data.followUp
            ? t("details.followUpFee", {
                fee: data.followUp.fee === 0 ? t("details.free") : rupees(data.followUp.fee),
              })
            : t("details.fee", { fee: rupees(config.consultationFee) })}
        </p>
        {data.followUp ? (
          <p className="flex items-center gap-2">
            <CalendarCheck className="size-4 shrink-0" aria-hidden="true" />
            {t("details.followUpFor", {
              name: data.patientName,
              date: dates.longWithWeekday(data.followUp.lastDate),
            })}
          </p>
        ) : config.followUp ? (
          <p className="flex items-center gap-2">
            <CalendarCheck className="size-4 shrink-0" aria-hidden="true" />
            {config.followUp.fee === 0
              ? t("details.followUpOfferFree", { days: config.followUp.withinDays })
              : t("details.followUpOfferPaid", {
                  days: config.followUp.withinDays,
                  fee: rupees(config.followUp.fee),
                })}
          </p>
        ) : null}
        {data.followUp?.fee === 0 ? null : (
          <p className="flex items-center gap-2">
            <CreditCard className="size-4 shrink-0" aria-hidden="true" />
            {t("details.payBy")}
          </p>
        )}
        <p className="flex items-center gap-2">
          <Clock className="size-4 shrink-0" aria-hidden="true" />
          {availableSlots}
        </p>
      </div>

      {CONTACT_FIELDS.map(({ name, id, label, hint, input }) => (
        <FormField
          key={name}
          id={id}
          label={t(label)}
          hint={hint && t(hint)}
          error={said(errors[name]?.message)}
        >
          <Input
            {...input}
            aria-required
            // A follow-up is for the patient of the consultation it follows.
            readOnly={name === "patientName" && data.followUp !== undefined}
            className={name === "patientName" && data.followUp ? "bg-slate-100" : undefined}
            {...describedBy(id, { hint: hint !== undefined, error: Boolean(errors[name]) })}
            {...register(name)}
          />
        </FormField>
      ))}

      <FormField
        id="booking-age"
        label={t("details.age")}
        hint={t("details.ageHint")}
        error={said(errors.patientAge?.message ?? errors.patientAgeMonths?.message)}
      >
        <div className="flex gap-2">
          {/* A new box for the other unit (its own key), as it is a different field of the form. */}
          <Input
            key={ageUnit}
            type="number"
            inputMode="numeric"
            min={0}
            max={ageInput.max}
            step={1}
            aria-required
            className="max-w-28"
            {...describedBy("booking-age", { hint: true, error: ageInput.invalid })}
            {...ageInput.register()}
          />
          <select
            id="booking-age-unit"
            name="ageUnit"
            aria-label={t("details.ageUnit")}
            value={ageUnit}
            onChange={(event) => {
              const unit = event.target.value === "months" ? "months" : "years";
              setAgeUnit(unit);
              // Years and months never both hold a number: a baby is 0 years and some months. The number
              // already typed moves to the other unit: parents type the age first and then see the unit.
              const typed = unit === "months" ? getValues("patientAge") : getValues("patientAgeMonths");
              const kept = typeof typed === "number" && typed > 0 ? typed : undefined;
              setValue("patientAge", unit === "months" ? 0 : (kept as unknown as number));
              setValue("patientAgeMonths", unit === "months" ? kept : undefined);
              clearErrors(["patientAge", "patientAgeMonths"]);
            }}
            className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <option value="years">{t("details.years")}</option>
            <option value="months">{t("details.months")}</option>
          </select>
        </div>
      </FormField>

      {forAChild && (
        <GuardianFields
          register={register}
          nameError={said(errors.guardianName?.message)}
          relationshipError={said(errors.guardianRelationship?.message)}
        />
      )}

      <FormField
        id="booking-reason"
        label={t("details.reason")}
        error={said(errors.reasonForConsultation?.message)}
      >
        <Textarea
          rows={3}
          aria-required
          {...describedBy("booking-reason", { error: Boolean(errors.reasonForConsultation) })}
          {...register("reasonForConsultation")}
        />
      </FormField>

      <ConsentBoxes
        register={register}
        teleconsultationError={said(errors.teleconsultationConsent?.message)}
        privacyError={said(errors.privacyAcknowledged?.message)}
        versionError={said(errors.consentVersion?.message)}
      />

      <Button type="submit" size="lg" className="h-auto min-h-12 w-full py-2 whitespace-normal">
        {t("details.continue")}
        <ArrowRight aria-hidden="true" />
      </Button>
    </form>
  );
}

type RegisterDetails = UseFormRegister<DetailsInput>;

/** The adult who books for a patient under 18 and joins the call with them. */
function GuardianFields({
  register,
  nameError,
  relationshipError,
}: {
  register: RegisterDetails;
  nameError: string | undefined;
  relationshipError: string | undefined;
}) {
  const t = useT();
  return (
    <fieldset className="flex flex-col gap-4 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">{t("guardian.legend")}</legend>
      <p className="-mt-2 text-sm text-slate-600">{t("guardian.text")}</p>
      <FormField id="booking-guardian-name" label={t("guardian.name")} error={nameError}>
        <Input
          autoComplete="name"
          aria-required
          {...describedBy("booking-guardian-name", { error: Boolean(nameError) })}
          {...register("guardianName")}
        />
      </FormField>
      <FormField
        id="booking-guardian-relationship"
        label={t("guardian.relationship")}
        error={relationshipError}
      >
        <select
          aria-required
          {...describedBy("booking-guardian-relationship", { error: Boolean(relationshipError) })}
          {...register("guardianRelationship", { setValueAs: (value: string) => value || undefined })}
          className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <option value="">{t("guardian.choose")}</option>
          {/* The value stays the English word the booking stores; the parent reads it in the page's language. */}
          {GUARDIAN_RELATIONSHIPS.map((relationship) => (
            <option key={relationship} value={relationship}>
              {t(`relationship.${relationship}`)}
            </option>
          ))}
        </select>
      </FormField>
    </fieldset>
  );
}

/**
 * The two boxes the server requires, in the page's language, with the exact wording it records for that language
 * (the booking catalogue's `consent.*`, versioned in src/shared/consent.ts).
 */
function ConsentBoxes({
  register,
  teleconsultationError,
  privacyError,
  versionError,
}: {
  register: RegisterDetails;
  teleconsultationError: string | undefined;
  privacyError: string | undefined;
  versionError: string | undefined;
}) {
  const t = useT();
  const language = useLanguage();
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">{t("consent.legend")}</legend>
      <ConsentBox
        id="booking-consent-teleconsultation"
        error={teleconsultationError}
        field={register("teleconsultationConsent")}
      >
        {t("consent.teleconsultation")}
      </ConsentBox>
      <ConsentBox id="booking-consent-privacy" error={privacyError} field={register("privacyAcknowledged")}>
        <Message
          id="consent.privacy"
          components={{
            // A new tab keeps the booking dialog as it is.
            0: (
              <a
                href={pathInLanguage("/privacy", language)}
                target="_blank"
                rel="noopener"
                className="font-medium text-brand-700 underline"
              />
            ),
          }}
        />
      </ConsentBox>
      {versionError && (
        <p role="alert" className="text-sm text-red-700">
          {versionError}
        </p>
      )}
    </fieldset>
  );
}

/** A box to tick, its sentence beside it (`children`), and its error under it. */
function ConsentBox({
  id,
  error,
  field,
  children,
}: {
  id: string;
  error: string | undefined;
  field: UseFormRegisterReturn<"teleconsultationConsent" | "privacyAcknowledged">;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="flex items-start gap-3 text-sm text-slate-800">
        <input
          type="checkbox"
          className="mt-1 size-4 shrink-0 accent-brand-700"
          {...describedBy(id, { error: Boolean(error) })}
          {...field}
        />
        <span>{children}</span>
      </label>
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
