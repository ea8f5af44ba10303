import type { PublicConfig } from "@shared/booking";
import { useQuery } from "@tanstack/react-query";
import { LoaderCircle } from "lucide-react";
import { useEffect, useRef } from "react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { showErrorToast } from "@/lib/error-toast";
import { publicConfigQuery } from "@/lib/public-config";
import { WIZARD_STEPS } from "./booking-logic";
import { closeBooking } from "@/lib/dialogs";
import { StepIndicator } from "./step-indicator";
import { StepConfirmed } from "./steps/step-confirmed";
import { StepDetails } from "./steps/step-details";
import { StepPayment } from "./steps/step-payment";
import { StepSlot } from "./steps/step-slot";
import { useBookingWizard } from "./use-booking-wizard";
import { closeBookingAndLeaveHistory, useStepHistory } from "./use-step-history";

const DIALOG_TITLE = "Book Video Consultation";

/**
 * The booking dialog: four steps, 1 Details, 2 Time Slot, 3 Payment, 4 Confirm. It is mounted only
 * while open (see booking-root), so closing it in any way starts the next booking from step 1 with empty data.
 */
export default function BookingDialog() {
  const config = useQuery(publicConfigQuery());

  // Without configuration there is nothing to book with: close, and say why (once, also under StrictMode).
  const reported = useRef(false);
  useEffect(() => {
    if (!config.isError || reported.current) return;
    reported.current = true;
    closeBooking();
    showErrorToast(config.error, "booking");
  }, [config.isError, config.error]);

  if (config.isError) return null;

  return (
    <Dialog open onOpenChange={(isOpen) => !isOpen && closeBookingAndLeaveHistory()}>
      {config.data ? (
        <DialogContent className="max-w-2xl gap-5 max-sm:p-5 [&>*]:min-w-0">
          <BookingWizard config={config.data} />
        </DialogContent>
      ) : (
        <DialogContent className="max-w-sm" aria-busy="true">
          <DialogTitle className="sr-only">{DIALOG_TITLE}</DialogTitle>
          <div role="status" className="flex items-center gap-3 pr-8">
            <LoaderCircle
              className="size-5 shrink-0 animate-spin text-brand-700 motion-reduce:animate-none"
              aria-hidden="true"
            />
            <DialogDescription className="text-base text-slate-800">
              Loading configuration...
            </DialogDescription>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}

function BookingWizard({ config }: { config: PublicConfig }) {
  const wizard = useBookingWizard();
  const { state } = wizard;
  useStepHistory(state.step, wizard.goToStep);
  const stepLabel = WIZARD_STEPS.find((item) => item.step === state.step)?.label ?? "";
  // The first step keeps the dialog's own initial focus; later steps move focus to their heading.
  const focusHeading = state.navigated;

  return (
    <>
      <DialogHeader>
        <DialogTitle>{DIALOG_TITLE}</DialogTitle>
        <DialogDescription>
          Step {state.step} of {WIZARD_STEPS.length}: {stepLabel}
        </DialogDescription>
      </DialogHeader>
      <StepIndicator current={state.step} />
      {state.step === 1 && (
        <StepDetails
          config={config}
          data={state.data}
          focusHeading={focusHeading}
          onSubmit={wizard.submitDetails}
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
          onPaid={wizard.paid}
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
