import { type Availability, type PublicConfig, slotChoiceSchema } from "@shared/booking";
import { earliestBookableDate, latestBookableDate } from "@shared/clinic-time";
import { slotLabel } from "@shared/slots";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, ArrowRight, CircleAlert, Info, LoaderCircle, RotateCcw } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { BookingField, describedBy, StepHeading } from "../booking-field";
import {
  availabilityKey,
  dateRangeError,
  formatAppointmentDate,
  heldSlotOf,
  isSelectable,
  slotOptions,
} from "../booking-logic";
import { CouponBox } from "../coupon-box";
import { SlotGrid } from "../slot-grid";
import type { BookingWizard } from "../use-booking-wizard";

/** The current time, refreshed every minute, so that slots turn unavailable while the dialog stays open. */
function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

interface SlotErrors {
  appointmentDate?: string;
  appointmentTime?: string;
}

export interface StepSlotProps {
  config: PublicConfig;
  wizard: BookingWizard;
  focusHeading: boolean;
}

/** Step 2: date, time slot and an optional coupon; Continue creates the appointment and the payment order. */
export function StepSlot({ config, wizard, focusHeading }: StepSlotProps) {
  const { state, creating } = wizard;
  const { data } = state;
  const now = useNow();
  const minDate = earliestBookableDate(now, config.clinicTimeZone);
  const maxDate = latestBookableDate(now, config.clinicTimeZone, config.horizonDays);
  const rangeError = dateRangeError(data.appointmentDate, minDate, maxDate);
  const [fieldErrors, setFieldErrors] = useState<SlotErrors>({});

  const availability = useQuery<Availability>({
    queryKey: availabilityKey(data.appointmentDate),
    enabled: Boolean(data.appointmentDate) && !rangeError,
  });

  const heldSlot = heldSlotOf(state.appointment, now);
  const slots = data.appointmentDate
    ? slotOptions({
        date: data.appointmentDate,
        availability: availability.data,
        now,
        timeZone: config.clinicTimeZone,
        timeZoneLabel: config.timeZoneLabel,
        minNoticeMinutes: config.minNoticeMinutes,
        heldSlot,
      })
    : [];
  // A slot that was taken meanwhile (for example after a booking conflict) no longer counts as chosen.
  const chosenSlot = slots.find((slot) => slot.time === data.appointmentTime && isSelectable(slot.status));
  const chosenTime = chosenSlot?.time ?? "";
  const canContinue = Boolean(data.appointmentDate) && Boolean(chosenTime) && !rangeError && !creating;

  const alertRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (state.error) alertRef.current?.scrollIntoView({ block: "nearest" });
  }, [state.error]);

  const submit = () => {
    const parsed = slotChoiceSchema.safeParse({
      appointmentDate: data.appointmentDate,
      appointmentTime: chosenTime,
    });
    if (!parsed.success) {
      const errors: SlotErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === "appointmentDate" || field === "appointmentTime") errors[field] ??= issue.message;
      }
      setFieldErrors(errors);
      return;
    }
    if (rangeError) {
      setFieldErrors({ appointmentDate: rangeError });
      return;
    }
    setFieldErrors({});
    void wizard.continueToPayment();
  };

  const dateError = fieldErrors.appointmentDate ?? rangeError;

  return (
    <div className="flex flex-col gap-4">
      <StepHeading id="booking-step-title" focusOnMount={focusHeading}>
        Choose a Date and Time
      </StepHeading>

      {state.error && (
        <div
          ref={alertRef}
          role="alert"
          className="flex gap-3 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0 text-red-700" aria-hidden="true" />
          <p>{state.error}</p>
        </div>
      )}

      <form
        noValidate
        aria-labelledby="booking-step-title"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        className="flex flex-col gap-5"
      >
        <BookingField
          id="booking-date"
          label="Appointment Date"
          hint={`Dates and times are in the clinic's time zone (${config.timeZoneLabel}). You can book up to ${config.horizonDays} days ahead.`}
          error={dateError}
        >
          <Input
            type="date"
            min={minDate}
            max={maxDate}
            value={data.appointmentDate}
            required
            aria-required
            className="sm:max-w-56"
            onChange={(event) => {
              setFieldErrors({});
              wizard.changeDate(event.target.value);
            }}
            {...describedBy("booking-date", { hint: true, error: Boolean(dateError) })}
          />
        </BookingField>

        <div className="flex flex-col gap-2">
          <p id="booking-slot-label" className="text-sm font-medium text-slate-800">
            Time Slot
          </p>
          <SlotArea
            date={data.appointmentDate}
            rangeError={Boolean(rangeError)}
            loading={availability.isPending && availability.fetchStatus !== "idle"}
            failed={availability.isError}
            onRetry={() => void availability.refetch()}
          >
            <SlotGrid
              slots={slots}
              selected={chosenTime}
              onSelect={(time) => {
                setFieldErrors({});
                wizard.chooseSlot(time);
              }}
              labelledBy="booking-slot-label"
              describedBy={fieldErrors.appointmentTime ? "booking-slot-error" : undefined}
            />
          </SlotArea>
          {fieldErrors.appointmentTime && (
            <p id="booking-slot-error" className="text-sm font-medium text-red-700">
              {fieldErrors.appointmentTime}
            </p>
          )}
        </div>

        {heldSlot && (
          <p className="flex gap-2 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700">
            <Info className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
            <span>
              {slotLabel(heldSlot.time)} on {formatAppointmentDate(heldSlot.date)} is held for you for{" "}
              {config.holdMinutes} minutes from booking. Continue with it to pay; a different time makes a new
              booking.
            </span>
          </p>
        )}

        {config.couponAvailable && (
          <CouponBox
            appliedCode={data.couponCode}
            appliedFee={data.discountedAmount}
            onApply={wizard.applyCoupon}
            onRemove={wizard.removeCoupon}
          />
        )}

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
          <Button variant="outline" onClick={wizard.backToDetails} disabled={creating}>
            <ArrowLeft aria-hidden="true" />
            Back
          </Button>
          <Button type="submit" disabled={!canContinue} aria-busy={creating || undefined}>
            {creating ? (
              <>
                <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
                Creating Appointment...
              </>
            ) : (
              <>
                Continue to Payment
                <ArrowRight aria-hidden="true" />
              </>
            )}
          </Button>
        </div>
      </form>
    </div>
  );
}

interface SlotAreaProps {
  date: string;
  rangeError: boolean;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  children: ReactNode;
}

/** What stands in for the grid before a date is chosen, while it loads, or when it could not be loaded. */
function SlotArea({ date, rangeError, loading, failed, onRetry, children }: SlotAreaProps) {
  if (!date || rangeError) {
    return <p className="text-sm text-slate-600">Choose a date to see the available times.</p>;
  }
  if (loading) {
    return (
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3" aria-busy="true" aria-label="Loading time slots">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} className="h-12" />
        ))}
      </div>
    );
  }
  if (failed) {
    return (
      <div className="flex flex-wrap items-center gap-3 text-sm text-red-800">
        <span>The available times could not be loaded.</span>
        <Button variant="outline" size="sm" onClick={onRetry}>
          <RotateCcw aria-hidden="true" />
          Try again
        </Button>
      </div>
    );
  }
  return <>{children}</>;
}
