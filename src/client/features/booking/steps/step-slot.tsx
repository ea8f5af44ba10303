import { type PublicConfig, slotChoiceSchema } from "@shared/booking";
import { clinicDate, latestBookableDate } from "@shared/clinic-time";
import { addMonths, type MonthAvailability } from "@shared/schedule";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, ArrowRight, CircleAlert, Info, LoaderCircle, RotateCcw } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Calendar } from "@/components/ui/calendar";
import { Skeleton } from "@/components/ui/skeleton";
import { dayAvailabilityQuery, monthAvailabilityQuery } from "@/lib/availability";
import { calendarFacts } from "@/components/appointments/calendar-facts";
import { useDates, useLanguage, useT } from "@/lib/i18n";
import type { SiteMessageId } from "@shared/i18n/messages";
import { StepHeading } from "../step-heading";
import { dateRangeError, heldSlotOf, isSelectable, slotOptions, type VisitorClock } from "../booking-logic";
import { CouponBox } from "../coupon-box";
import { SlotGrid } from "../slot-grid";
import { useClockTime } from "@/lib/consultation-hours";
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

/** The browser's own zone, for the local time beside each slot. */
const visitorTimeZone = (() => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
})();

interface SlotErrors {
  appointmentDate?: string;
  appointmentTime?: string;
}

interface StepSlotProps {
  config: PublicConfig;
  wizard: BookingWizard;
  focusHeading: boolean;
}

/**
 * The month the calendar shows, and the first date with a free slot chosen for the parent when the step opens
 * without one (looking at later months when this one has none, up to the horizon).
 */
function useMonthCalendar(config: PublicConfig, wizard: BookingWizard, today: string, lastDate: string) {
  const chosen = wizard.state.data.appointmentDate;
  const [month, setMonth] = useState(() => (chosen || today).slice(0, 7));
  // Only until a date is chosen (by this or by the parent) or the parent turns a page themselves.
  const [autoPick, setAutoPick] = useState(!chosen);
  const monthQuery = useQuery(monthAvailabilityQuery(month));
  const { changeDate } = wizard;
  const data = monthQuery.data;
  const lastMonth = lastDate.slice(0, 7);
  const searching = autoPick && !chosen;

  let firstFree: string | undefined;
  if (searching && data?.month === month) {
    firstFree = data.days.find((day) => day.freeSlots > 0)?.date;
    // Nothing free this month: look at the next one, up to the horizon.
    if (!firstFree) {
      if (month < lastMonth) setMonth(addMonths(month, 1));
      else setAutoPick(false);
    }
  }
  useEffect(() => {
    if (firstFree) changeDate(firstFree);
  }, [firstFree, changeDate]);

  return {
    month,
    changeMonth: (next: string) => {
      setAutoPick(false);
      setMonth(next);
    },
    monthQuery,
    minMonth: today.slice(0, 7),
    maxMonth: lastMonth,
    searching,
  };
}

/**
 * The slot step's state: the calendar, the chosen date's slots as the grid shows them, the chosen one, and the checks
 * Continue runs before the appointment is created.
 */
function useSlotChoice(config: PublicConfig, wizard: BookingWizard) {
  const { state } = wizard;
  const { data } = state;
  const now = useNow();
  const today = clinicDate(now, config.clinicTimeZone);
  const bookable = latestBookableDate(now, config.clinicTimeZone, config.horizonDays);
  // A follow-up takes place within the doctor's follow-up period.
  const followUpLast = data.followUp?.lastDate;
  const lastDate = followUpLast !== undefined && followUpLast < bookable ? followUpLast : bookable;
  const calendar = useMonthCalendar(config, wizard, today, lastDate);
  const t = useT();
  const dates = useDates();
  const language = useLanguage();
  const clockTime = useClockTime();
  // The visitor's own time beside a slot, in the page's language ("ಸಂಜೆ 7:00" then "ನಿಮ್ಮ ಸಮಯ ಮಧ್ಯಾಹ್ನ 2:30").
  const sayVisitorClock =
    language === "en"
      ? undefined
      : (clock: VisitorClock) =>
          clock.weekday === undefined
            ? t("slot.yourTime", { time: clockTime(clock.time) })
            : t("slot.yourTimeOnDay", {
                time: clockTime(clock.time),
                weekday: t(`weekdayShort.${clock.weekday}` as SiteMessageId),
              });
  const rangeError = dateRangeError(data.appointmentDate, today, lastDate, (first, last) =>
    t("slot.dateRange", { first: dates.longWithWeekday(first), last: dates.longWithWeekday(last) }),
  );
  const [fieldErrors, setFieldErrors] = useState<SlotErrors>({});
  // A coupon being checked when Continue is pressed would be lost: the appointment is created with the full fee.
  const [couponChecking, setCouponChecking] = useState(false);

  const availability = useQuery({
    ...dayAvailabilityQuery(data.appointmentDate),
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
        visitorTimeZone,
        sayVisitorClock,
        minNoticeMinutes: config.minNoticeMinutes,
        heldSlot,
      })
    : [];
  // A slot that was taken meanwhile (for example after a booking conflict) no longer counts as chosen.
  const chosenSlot = slots.find((slot) => slot.time === data.appointmentTime && isSelectable(slot.status));
  const chosenTime = chosenSlot?.time ?? "";

  const submit = () => {
    if (couponChecking) return;
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

  return {
    today,
    calendar,
    rangeError,
    availability,
    heldSlot,
    slots,
    chosenTime,
    fieldErrors,
    clearErrors: () => setFieldErrors({}),
    canContinue:
      Boolean(data.appointmentDate) &&
      Boolean(chosenTime) &&
      !rangeError &&
      !wizard.creating &&
      !couponChecking,
    setCouponChecking,
    submit,
  };
}

/** Step 2: date, time slot and an optional coupon; Continue creates the appointment and the payment order. */
export function StepSlot({ config, wizard, focusHeading }: StepSlotProps) {
  const { state, creating } = wizard;
  const { data } = state;
  const choice = useSlotChoice(config, wizard);
  const t = useT();
  const dates = useDates();
  const { fieldErrors, heldSlot, calendar } = choice;
  const dateError = fieldErrors.appointmentDate ?? choice.rangeError;
  const day = choice.availability.data;
  const describedByIds = ["booking-date-hint", dateError ? "booking-date-error" : ""]
    .filter(Boolean)
    .join(" ");

  return (
    <div className="flex flex-col gap-4">
      <StepHeading id="booking-step-title" focusOnMount={focusHeading}>
        {t("slot.title")}
      </StepHeading>

      <StepError message={state.error} />

      <form
        noValidate
        aria-labelledby="booking-step-title"
        onSubmit={(event) => {
          event.preventDefault();
          choice.submit();
        }}
        className="flex flex-col gap-5"
      >
        <div className="flex flex-col gap-1.5">
          <p className="text-sm font-medium text-slate-800">{t("slot.date")}</p>
          <p id="booking-date-hint" className="text-xs text-slate-600">
            {t("slot.dateHint", { zone: config.timeZoneLabel, days: config.horizonDays })}
          </p>
          {calendar.monthQuery.isError ? (
            <TryAgain onRetry={() => void calendar.monthQuery.refetch()}>{t("slot.calendarFailed")}</TryAgain>
          ) : (
            <Calendar
              id="booking-date"
              label={t("slot.date")}
              describedBy={describedByIds}
              month={calendar.month}
              onMonthChange={calendar.changeMonth}
              minMonth={calendar.minMonth}
              maxMonth={calendar.maxMonth}
              today={choice.today}
              selected={data.appointmentDate || undefined}
              busy={calendar.monthQuery.data?.month !== calendar.month}
              dayFacts={(date) => calendarFacts(calendar.monthQuery.data, date, t)}
              onSelect={(date) => {
                choice.clearErrors();
                wizard.changeDate(date);
              }}
            />
          )}
          {calendar.monthQuery.data && !calendar.searching && noFreeDay(calendar.monthQuery.data) && (
            <p className="text-sm text-slate-700">{t("slot.noFreeDays")}</p>
          )}
          {dateError && (
            <p id="booking-date-error" className="text-sm font-medium text-red-700">
              {dateError}
            </p>
          )}
        </div>

        <div className="flex flex-col gap-2">
          <p id="booking-slot-label" className="text-sm font-medium text-slate-800">
            {t("slot.time")}
            {data.appointmentDate && (
              <span className="font-normal text-slate-700">
                {t("slot.timeOn", { date: dates.longWithWeekday(data.appointmentDate) })}
              </span>
            )}
          </p>
          <SlotArea
            date={data.appointmentDate}
            rangeError={Boolean(choice.rangeError)}
            loading={choice.availability.isPending && choice.availability.fetchStatus !== "idle"}
            failed={choice.availability.isError}
            closedMessage={
              day && day.date === data.appointmentDate && day.freeSlots === 0
                ? day.reason
                  ? t(`slot.closed.${day.reason}`, { days: config.horizonDays })
                  : day.message
                : undefined
            }
            onRetry={() => void choice.availability.refetch()}
          >
            <SlotGrid
              slots={choice.slots}
              selected={choice.chosenTime}
              onSelect={(time) => {
                choice.clearErrors();
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
          <HeldSlotNote date={heldSlot.date} time={heldSlot.time} holdMinutes={config.holdMinutes} />
        )}

        {config.couponAvailable && !data.followUp && (
          <CouponBox
            consultationFee={config.consultationFee}
            appliedCode={data.couponCode}
            appliedFee={data.discountedAmount}
            onApply={wizard.applyCoupon}
            onRemove={wizard.removeCoupon}
            onCheckingChange={choice.setCouponChecking}
          />
        )}

        <StepSlotActions
          onBack={wizard.backToDetails}
          creating={creating}
          canContinue={choice.canContinue}
          free={data.followUp?.fee === 0}
        />
      </form>
    </div>
  );
}

function noFreeDay(month: MonthAvailability): boolean {
  return month.days.every((day) => day.freeSlots === 0);
}

/** The last call's failure, scrolled into view when it appears. */
function StepError({ message }: { message: string | undefined }) {
  const alertRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message) alertRef.current?.scrollIntoView({ block: "nearest" });
  }, [message]);
  if (!message) return null;
  return (
    <div
      ref={alertRef}
      role="alert"
      className="flex gap-3 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900"
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0 text-red-700" aria-hidden="true" />
      <p>{message}</p>
    </div>
  );
}

function HeldSlotNote({ date, time, holdMinutes }: { date: string; time: string; holdMinutes: number }) {
  const t = useT();
  const dates = useDates();
  const clockTime = useClockTime();
  return (
    <p className="flex gap-2 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700">
      <Info className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
      <span>
        {t("slot.held", { time: clockTime(time), date: dates.longWithWeekday(date), minutes: holdMinutes })}
      </span>
    </p>
  );
}

function StepSlotActions({
  onBack,
  creating,
  canContinue,
  free,
}: {
  onBack: () => void;
  creating: boolean;
  canContinue: boolean;
  /** A free follow-up: confirmed as it is made, with no payment step. */
  free: boolean;
}) {
  const t = useT();
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
      <Button variant="outline" onClick={onBack} disabled={creating}>
        <ArrowLeft aria-hidden="true" />
        {t("slot.back")}
      </Button>
      <Button type="submit" disabled={!canContinue} aria-busy={creating || undefined}>
        {creating ? (
          <>
            <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
            {t("slot.creating")}
          </>
        ) : (
          <>
            {free ? t("slot.confirmFollowUp") : t("slot.continue")}
            <ArrowRight aria-hidden="true" />
          </>
        )}
      </Button>
    </div>
  );
}

interface SlotAreaProps {
  date: string;
  rangeError: boolean;
  loading: boolean;
  failed: boolean;
  /** Why the date has no free time (on leave, fully booked...), when it has none. */
  closedMessage: string | undefined;
  onRetry: () => void;
  children: ReactNode;
}

/** A read of the slot step that failed (the calendar, the times of a date), with a button to ask again. */
function TryAgain({ onRetry, children }: { onRetry: () => void; children: ReactNode }) {
  const t = useT();
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm text-red-800">
      <span>{children}</span>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RotateCcw aria-hidden="true" />
        {t("slot.tryAgain")}
      </Button>
    </div>
  );
}

/** What stands in for the grid before a date is chosen, while it loads, or when it could not be loaded. */
function SlotArea({ date, rangeError, loading, failed, closedMessage, onRetry, children }: SlotAreaProps) {
  const t = useT();
  if (!date || rangeError) {
    return <p className="text-sm text-slate-600">{t("slot.chooseDate")}</p>;
  }
  if (loading) {
    return (
      <div
        className="grid grid-cols-2 gap-2 sm:grid-cols-3"
        aria-busy="true"
        aria-label={t("slot.loadingTimes")}
      >
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} className="h-12" />
        ))}
      </div>
    );
  }
  if (failed) {
    return <TryAgain onRetry={onRetry}>{t("slot.timesFailed")}</TryAgain>;
  }
  return (
    <>
      {closedMessage && <p className="text-sm text-slate-700">{closedMessage}</p>}
      {children}
    </>
  );
}
