import { zodResolver } from "@hookform/resolvers/zod";
import { formatRupees, type PatientDetails, patientDetailsSchema, type PublicConfig } from "@shared/booking";
import { ArrowRight, Clock, IndianRupee } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Input, Textarea } from "@/components/ui/input";
import { describedBy, FormField } from "@/components/ui/form-field";
import { StepHeading } from "../step-heading";
import { type BookingData, parseAgeInput, parseMonthsInput } from "../booking-logic";

type DetailsInput = z.input<typeof patientDetailsSchema>;

export interface StepDetailsProps {
  config: PublicConfig;
  data: BookingData;
  focusHeading: boolean;
  onSubmit: (details: PatientDetails) => void;
}

/** Step 1: who the consultation is for and why. */
export function StepDetails({ config, data, focusHeading, onSubmit }: StepDetailsProps) {
  // A baby under one year is booked in months; the age field counts in whichever unit is chosen.
  const [ageUnit, setAgeUnit] = useState<"years" | "months">(
    data.patientAge === 0 && data.patientAgeMonths !== undefined ? "months" : "years",
  );
  const {
    register,
    handleSubmit,
    setValue,
    clearErrors,
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
    },
  });

  return (
    <form
      noValidate
      aria-labelledby="booking-step-title"
      onSubmit={handleSubmit(onSubmit)}
      className="flex flex-col gap-4"
    >
      <StepHeading id="booking-step-title" focusOnMount={focusHeading}>
        Patient Details
      </StepHeading>
      <div className="flex flex-col gap-1 rounded-lg border border-brand-200 bg-brand-50 p-4 text-sm text-brand-900">
        <p className="flex items-center gap-2 font-semibold">
          <IndianRupee className="size-4 shrink-0" aria-hidden="true" />
          Consultation fee: ₹{formatRupees(config.consultationFee)}
        </p>
        <p className="flex items-center gap-2">
          <Clock className="size-4 shrink-0" aria-hidden="true" />
          Available slots: 7:00 PM - 9:00 PM (Daily)
        </p>
      </div>

      <FormField id="booking-name" label="Full Name" error={errors.patientName?.message}>
        <Input
          autoComplete="name"
          aria-required
          {...describedBy("booking-name", { error: Boolean(errors.patientName) })}
          {...register("patientName")}
        />
      </FormField>

      <FormField
        id="booking-phone"
        label="Phone Number"
        hint="We send appointment reminders on WhatsApp to this number."
        error={errors.patientPhone?.message}
      >
        <Input
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          aria-required
          {...describedBy("booking-phone", { hint: true, error: Boolean(errors.patientPhone) })}
          {...register("patientPhone")}
        />
      </FormField>

      <FormField
        id="booking-email"
        label="Email"
        hint="The video call link is sent to this address."
        error={errors.patientEmail?.message}
      >
        <Input
          type="email"
          autoComplete="email"
          inputMode="email"
          aria-required
          {...describedBy("booking-email", { hint: true, error: Boolean(errors.patientEmail) })}
          {...register("patientEmail")}
        />
      </FormField>

      <FormField
        id="booking-age"
        label="Age"
        hint="For a baby under one year, choose months."
        error={errors.patientAge?.message ?? errors.patientAgeMonths?.message}
      >
        <div className="flex gap-2">
          {ageUnit === "years" ? (
            <Input
              key="years"
              type="number"
              inputMode="numeric"
              min={0}
              max={120}
              step={1}
              aria-required
              className="max-w-28"
              {...describedBy("booking-age", { hint: true, error: Boolean(errors.patientAge) })}
              {...register("patientAge", { setValueAs: parseAgeInput })}
            />
          ) : (
            <Input
              key="months"
              type="number"
              inputMode="numeric"
              min={0}
              max={11}
              step={1}
              aria-required
              className="max-w-28"
              {...describedBy("booking-age", {
                hint: true,
                error: Boolean(errors.patientAge ?? errors.patientAgeMonths),
              })}
              {...register("patientAgeMonths", { setValueAs: parseMonthsInput })}
            />
          )}
          <select
            id="booking-age-unit"
            name="ageUnit"
            aria-label="Years or months"
            value={ageUnit}
            onChange={(event) => {
              const unit = event.target.value === "months" ? "months" : "years";
              setAgeUnit(unit);
              // Years and months never both hold a number: a baby is 0 years and some months.
              setValue("patientAge", unit === "months" ? 0 : (undefined as unknown as number));
              setValue("patientAgeMonths", undefined);
              clearErrors(["patientAge", "patientAgeMonths"]);
            }}
            className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <option value="years">years</option>
            <option value="months">months</option>
          </select>
        </div>
      </FormField>

      <FormField
        id="booking-reason"
        label="Reason for Consultation"
        error={errors.reasonForConsultation?.message}
      >
        <Textarea
          rows={3}
          aria-required
          {...describedBy("booking-reason", { error: Boolean(errors.reasonForConsultation) })}
          {...register("reasonForConsultation")}
        />
      </FormField>

      <Button type="submit" size="lg" className="h-auto min-h-12 w-full py-2 whitespace-normal">
        Continue to Time Selection
        <ArrowRight aria-hidden="true" />
      </Button>
    </form>
  );
}
