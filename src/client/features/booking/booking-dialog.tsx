import type { PublicConfig } from "@shared/booking";
import { useQuery } from "@tanstack/react-query";
import { LoaderCircle } from "lucide-react";
import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { showErrorToast } from "@/lib/error-toast";
import { publicConfigQuery } from "@/lib/public-config";
import { cn } from "@/lib/utils";
import { bookingHasEntries, WIZARD_STEPS } from "./booking-logic";
import { DiscardBookingDialog } from "./discard-booking-dialog";
import { closeBooking } from "@/lib/dialogs";
import { StepIndicator } from "./step-indicator";
import { StepConfirmed } from "./steps/step-confirmed";
import { StepDetails } from "./steps/step-details";
import { StepPayment } from "./steps/step-payment";
import { StepSlot } from "./steps/step-slot";
import { type BookingWizard as Wizard, useBookingWizard } from "./use-booking-wizard";
import { useT } from "@/lib/i18n";
import { useBookingMessages } from "./booking-messages";
import { closeBookingAndLeaveHistory, useStepHistory } from "./use-step-history";

/**
 * Below 640 px the dialog is a sheet filling the screen: the title and the close button stay at the top, the step
 * scrolls under them, and the padding keeps clear of a notch or a home indicator. Wider, it is the centred dialog.
 */
const SHEET =
  "max-sm:inset-0 max-sm:flex max-sm:h-dvh max-sm:max-h-none max-sm:w-full max-sm:max-w-none max-sm:translate-none max-sm:flex-col max-sm:gap-0 max-sm:overflow-hidden max-sm:rounded-none max-sm:p-0";
const SHEET_CLOSE =
  "max-sm:top-[max(0.5rem,env(safe-area-inset-top))] max-sm:right-[max(0.5rem,env(safe-area-inset-right))] max-sm:p-2.5";
const SHEET_TOP =
  "max-sm:shrink-0 max-sm:border-b max-sm:border-slate-200 max-sm:pt-[max(1rem,env(safe-area-inset-top))] max-sm:pr-[max(1.5rem,env(safe-area-inset-right))] max-sm:pb-3 max-sm:pl-[max(1rem,env(safe-area-inset-left))]";
const SHEET_BODY =
  "max-sm:flex max-sm:min-h-0 max-sm:flex-1 max-sm:flex-col max-sm:gap-5 max-sm:overflow-y-auto max-sm:overscroll-contain max-sm:pt-4 max-sm:pr-[max(1rem,env(safe-area-inset-right))] max-sm:pb-[max(1.25rem,env(safe-area-inset-bottom))] max-sm:pl-[max(1rem,env(safe-area-inset-left))]";

/**
 * The booking dialog: four steps, 1 Details, 2 Time Slot, 3 Payment, 4 Confirm. It is mounted only
 * while open (see booking-root), so closing it in any way starts the next booking from step 1 with empty data.
 * Once the parent has typed or chosen something, closing asks first (DiscardBookingDialog).
 */
export default function BookingDialog() {
  useBookingMessages();
  const t = useT();
  const config = useQuery(publicConfigQuery());
  // The wizard decides what a request to close does: close, ask first, or wait for the checkout it is opening.
  const requestCloseRef = useRef<(() => void) | null>(null);

  // Without configuration there is nothing to book with: close, and say why (once, also under StrictMode).
  const reported = useRef(false);
  useEffect(() => {
    if (!config.isError || reported.current) return;
    reported.current = true;
    closeBooking();
    showErrorToast(config.error, "booking", {}, t);
  }, [config.isError, config.error, t]);

  if (config.isError) return null;

  return (
    <Dialog
      open
      onOpenChange={(isOpen) => {
        if (isOpen) return;
        if (requestCloseRef.current) requestCloseRef.current();
        else closeBookingAndLeaveHistory();
      }}
    >
      {config.data ? (
        <DialogContent className={cn("max-w-2xl gap-5", SHEET)} closeClassName={SHEET_CLOSE}>
          <BookingWizard config={config.data} requestCloseRef={requestCloseRef} />
        </DialogContent>
      ) : (
        <DialogContent className="max-w-sm" aria-busy="true">
          <DialogTitle className="sr-only">{t("hero.bookVideo")}</DialogTitle>
          <div role="status" className="flex items-center gap-3 pr-8">
            <LoaderCircle
              className="size-5 shrink-0 animate-spin text-brand-700 motion-reduce:animate-none"
              aria-hidden="true"
            />
            <DialogDescription className="text-base text-slate-800">{t("dialog.loading")}</DialogDescription>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}

function BookingWizard({
  config,
  requestCloseRef,
}: {
  config: PublicConfig;
  requestCloseRef: RefObject<(() => void) | null>;
}) {
  const wizard = useBookingWizard();
  const t = useT();
  const { state } = wizard;
  useStepHistory(state.step, wizard.goToStep);
  const stepLabel = t(`steps.${state.step}`);
  // The first step keeps the dialog's own initial focus; later steps move focus to their heading.
  const focusHeading = state.navigated;
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  // Step 1's form tells whether anything is typed in it; it becomes the booking's data only on Continue.
  const detailsTypedRef = useRef<(() => boolean) | null>(null);
  // While the checkout opens, the browser is leaving for it: the booking stays, to come back to with Back.
  const payingRef = useRef(false);
  const setPaying = useCallback((processing: boolean) => {
    payingRef.current = processing;
  }, []);

  const { step, data } = state;
  useEffect(() => {
    requestCloseRef.current = () => {
      if (payingRef.current) return;
      if (bookingHasEntries(step, data, detailsTypedRef.current?.() ?? false)) setConfirmingDiscard(true);
      else closeBookingAndLeaveHistory();
    };
    return () => {
      requestCloseRef.current = null;
    };
  }, [requestCloseRef, step, data]);

  return (
    <>
      <div className={cn("[&>*]:min-w-0 sm:contents", SHEET_TOP)}>
        <DialogHeader>
          <DialogTitle>{t("hero.bookVideo")}</DialogTitle>
          <DialogDescription>
            {t("dialog.stepOf", { step: state.step, total: WIZARD_STEPS.length, label: stepLabel })}
          </DialogDescription>
        </DialogHeader>
      </div>
      <div className={cn("[&>*]:min-w-0 sm:contents", SHEET_BODY)}>
        <BookingStep
          config={config}
          wizard={wizard}
          focusHeading={focusHeading}
          detailsTypedRef={detailsTypedRef}
          onPaying={setPaying}
        />
      </div>
      {confirmingDiscard && (
        <DiscardBookingDialog
          onKeepEditing={() => setConfirmingDiscard(false)}
          onDiscard={closeBookingAndLeaveHistory}
        />
      )}
    </>
  );
}

function BookingStep({
  config,
  wizard,
  focusHeading,
  detailsTypedRef,
  onPaying,
}: {
  config: PublicConfig;
  wizard: Wizard;
  focusHeading: boolean;
  detailsTypedRef: RefObject<(() => boolean) | null>;
  onPaying: (processing: boolean) => void;
}) {
  const { state } = wizard;
  return (
    <>
      <StepIndicator current={state.step} />
      {state.step === 1 && (
        <StepDetails
          config={config}
          data={state.data}
          focusHeading={focusHeading}
          onSubmit={wizard.submitDetails}
          typedRef={detailsTypedRef}
        />
      )}
      {state.step === 2 && <StepSlot config={config} wizard={wizard} focusHeading={focusHeading} />}
      {state.step === 3 && state.appointment && state.order && (
        <StepPayment
          config={config}
          appointment={state.appointment}
          order={state.order}
          couponCode={state.data.couponCode}
          focusHeading={focusHeading}
          onBack={wizard.backToSlot}
          onChangeDetails={wizard.backToDetails}
          onPaid={wizard.paid}
          onProcessingChange={onPaying}
        />
      )}
      {state.step === 4 && state.appointment && (
        <StepConfirmed
          config={config}
          appointment={state.appointment}
          focusHeading={focusHeading}
          onDone={closeBooking}
        />
      )}
    </>
  );
}
