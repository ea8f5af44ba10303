import { type CreatedAppointment, type CreatedOrder, type PublicConfig } from "@shared/booking";
import { PAYMENT_PROVIDER_NAME } from "@shared/error-mapper";
import { phoneForDisplay } from "@shared/phone";
import { ArrowLeft, CreditCard, LoaderCircle, ShieldCheck } from "lucide-react";
import { useEffect, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { toast } from "@/lib/use-toast";
import { showErrorToast } from "@/lib/error-toast";
import { StepHeading } from "../step-heading";
import { AppointmentWhen } from "../appointment-when";
import { getCashfree, loadCashfreeSdk } from "../cashfree-sdk";
import { useRupees, useT } from "@/lib/i18n";
import { startCheckout } from "../start-checkout";

interface StepPaymentProps {
  config: PublicConfig;
  appointment: CreatedAppointment;
  order: CreatedOrder;
  couponCode: string | undefined;
  focusHeading: boolean;
  onBack: () => void;
  /** Back to the details, to correct them; continuing again replaces this booking's hold with a corrected one. */
  onChangeDetails: () => void;
  onPaid: () => void;
  /** Told when the checkout starts opening and when that ends, so that the dialog is not closed meanwhile. */
  onProcessingChange?: (processing: boolean) => void;
}

/** Step 3: the summary of the booking as the server created it, and the way to the payment provider. */
export function StepPayment({
  config,
  appointment,
  order,
  couponCode,
  focusHeading,
  onBack,
  onChangeDetails,
  onPaid,
  onProcessingChange,
}: StepPaymentProps) {
  const [processing, setProcessing] = useState(false);
  const t = useT();
  const rupees = useRupees();
  useEffect(() => {
    onProcessingChange?.(processing);
    return () => onProcessingChange?.(false);
  }, [processing, onProcessingChange]);

  // Coming back from the checkout page with the browser's Back button may restore this page as it was left.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setProcessing(false);
    };
    window.addEventListener("pageshow", onPageShow);
    return () => window.removeEventListener("pageshow", onPageShow);
  }, []);

  const pay = async () => {
    setProcessing(true);
    const redirecting = toast({
      title: t("pay.redirectTitle"),
      description: t("pay.redirectText"),
    });
    const outcome = await startCheckout(order, config.paymentMode, {
      assign: (url) => window.location.assign(url),
      loadSdk: loadCashfreeSdk,
      getCashfree,
    });
    switch (outcome.kind) {
      case "redirecting":
        return;
      case "paid":
        redirecting.dismiss();
        onPaid();
        return;
      case "sdk-missing":
        toast({
          title: t("pay.sdkTitle"),
          description: t("pay.sdkText", { provider: PAYMENT_PROVIDER_NAME }),
          variant: "destructive",
        });
        setProcessing(false);
        return;
      case "failed":
        showErrorToast(outcome.error, "payment", { retryPayment: () => void pay() }, t);
        setProcessing(false);
        return;
    }
  };

  const amount = rupees(appointment.amount);
  const discounted = appointment.couponApplied && appointment.originalFee > appointment.amount;

  return (
    <div className="flex flex-col gap-4">
      <StepHeading id="booking-step-title" focusOnMount={focusHeading}>
        {t("pay.title")}
      </StepHeading>

      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm">
        <dt className="text-slate-600">{t("pay.patient")}</dt>
        <dd className="font-medium break-words text-slate-900">{appointment.patientName}</dd>
        {/* A booking kept in this tab by an older version of the page may not carry them. */}
        {appointment.patientPhone && (
          <>
            <dt className="text-slate-600">{t("pay.phone")}</dt>
            <dd className="font-medium text-slate-900">{phoneForDisplay(appointment.patientPhone)}</dd>
          </>
        )}
        {appointment.patientEmail && (
          <>
            <dt className="text-slate-600">{t("pay.email")}</dt>
            <dd className="font-medium break-all text-slate-900">{appointment.patientEmail}</dd>
          </>
        )}
        <AppointmentWhen
          date={appointment.appointmentDate}
          time={appointment.appointmentTime}
          timeZoneLabel={config.timeZoneLabel}
        />
        {appointment.couponApplied && couponCode && (
          <>
            <dt className="text-slate-600">{t("pay.coupon")}</dt>
            <dd>
              <Badge variant="success">{t("pay.couponApplied", { code: couponCode })}</Badge>
            </dd>
          </>
        )}
        <dt className="self-center text-slate-600">{t("pay.fee")}</dt>
        <dd className="flex flex-wrap items-baseline gap-2">
          {discounted && (
            <del className="text-slate-600">
              <span className="sr-only">{t("pay.original")}</span>
              {rupees(appointment.originalFee)}
            </del>
          )}
          <span className="text-lg font-bold text-slate-900">
            {discounted && <span className="sr-only">{t("pay.now")}</span>}
            {amount}
          </span>
        </dd>
      </dl>

      {appointment.patientPhone && appointment.patientEmail && (
        <p className="text-sm text-slate-700">
          {t("pay.check")}{" "}
          <Button
            variant="link"
            className="h-auto p-0 text-sm font-semibold underline"
            onClick={onChangeDetails}
            disabled={processing}
          >
            {t("pay.changeDetails")}
          </Button>
        </p>
      )}

      <p className="flex gap-2 text-sm text-slate-700">
        <ShieldCheck className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
        <span>{t("pay.redirectNote", { minutes: config.holdMinutes })}</span>
      </p>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button variant="outline" onClick={onBack} disabled={processing}>
          <ArrowLeft aria-hidden="true" />
          {t("slot.back")}
        </Button>
        <Button
          variant="heart"
          size="lg"
          className="h-auto min-h-12 py-2 whitespace-normal"
          onClick={() => void pay()}
          disabled={processing}
          aria-busy={processing || undefined}
        >
          {processing ? (
            <>
              <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
              {t("pay.processing")}
            </>
          ) : (
            <>
              <CreditCard aria-hidden="true" />
              {t("pay.pay", { amount })}
            </>
          )}
        </Button>
      </div>
    </div>
  );
}
