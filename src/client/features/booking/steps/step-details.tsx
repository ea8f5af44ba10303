import { zodResolver } from "@hookform/resolvers/zod";
import { formatRupees, type PatientDetails, patientDetailsSchema, type PublicConfig } from "@shared/booking";
import { ArrowRight, Clock, IndianRupee } from "lucide-react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Input, Textarea } from "@/components/ui/input";
import { BookingField, describedBy, StepHeading } from "../booking-field";
import { type BookingData, parseAgeInput } from "../booking-logic";

type DetailsInput = z.input<typeof patientDetailsSchema>;

export interface StepDetailsProps {
  config: PublicConfig;
  data: BookingData;
  focusHeading: boolean;
  onSubmit: (details: PatientDetails) => void;
}

/** Step 1: who the consultation is for and why (spec section 5, booking step 1). */
export function StepDetails({ config, data, focusHeading, onSubmit }: StepDetailsProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<DetailsInput, unknown, PatientDetails>({
    resolver: zodResolver(patientDetailsSchema),
    defaultValues: {
      patientName: data.patientName,
      patientPhone: data.patientPhone,
      patientEmail: data.patientEmail,
      // An empty field rather than "0" on a fresh form; a value entered earlier comes back when returning.
      patientAge: data.patientAge > 0 ? data.patientAge : undefined,
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

      <BookingField id="booking-name" label="Full Name" error={errors.patientName?.message}>
        <Input
          autoComplete="name"
          aria-required
          {...describedBy("booking-name", { error: Boolean(errors.patientName) })}
          {...register("patientName")}
        />
      </BookingField>

      <BookingField
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
      </BookingField>

      <BookingField
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
      </BookingField>

      <BookingField id="booking-age" label="Age" error={errors.patientAge?.message}>
        <Input
          type="number"
          inputMode="numeric"
          min={0}
          max={120}
          step={1}
          aria-required
          className="sm:max-w-32"
          {...describedBy("booking-age", { error: Boolean(errors.patientAge) })}
          {...register("patientAge", { setValueAs: parseAgeInput })}
        />
      </BookingField>

      <BookingField
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
      </BookingField>

      <Button type="submit" size="lg" className="h-auto min-h-12 w-full py-2 whitespace-normal">
        Continue to Time Selection
        <ArrowRight aria-hidden="true" />
      </Button>
    </form>
  );
}
