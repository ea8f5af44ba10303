import { articleSlugOfPath } from "@shared/article-slug";
import type { CreatedAppointment, CreatedOrder, PatientDetails } from "@shared/booking";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { errorStatus } from "@/lib/api";
import { showErrorToast } from "@/lib/error-toast";
import { availabilityKeys } from "@/lib/availability";
import { createAppointment, createOrder } from "./api";
import { consentForLanguage, loadSavedBooking, resumeStep, saveBooking } from "./booking-session";
import { useLanguage, useT } from "@/lib/i18n";
import type { Language } from "@shared/i18n/languages";
import {
  appointmentKey,
  type BookingData,
  canReuseAppointment,
  emptyBookingData,
  toCreateAppointmentInput,
  type WizardStep,
} from "./booking-logic";

interface WizardState {
  step: WizardStep;
  data: BookingData;
  /** Set once POST /api/appointments succeeded; kept when going back so that the hold can be reused or replaced. */
  appointment?: CreatedAppointment;
  /** What `appointment` was made from (`appointmentKey`). */
  createdFrom?: string;
  order?: CreatedOrder;
  /** The step 2 alert: the message of the last failed call. */
  error?: string;
  /** True once the visitor has moved between steps; each new step then takes focus to its heading. */
  navigated: boolean;
}

/** A new booking, or the one this tab left (a reload, Back from the checkout, Try Booking Again). */
function initialState(language: Language): WizardState {
  const saved = loadSavedBooking();
  if (!saved) return { step: 1, data: emptyBookingData, navigated: false };
  const resumed = resumeStep(consentForLanguage(saved, language), new Date());
  return { ...resumed, navigated: resumed.step > 1 };
}

/**
 * The four-step booking wizard. State lives in the dialog's component and, for this tab, in sessionStorage
 * (booking-session.ts); closing the dialog clears both, so the next booking starts from step 1 with empty data.
 */
export function useBookingWizard() {
  const queryClient = useQueryClient();
  const language = useLanguage();
  const t = useT();
  const [state, setState] = useState<WizardState>(() => initialState(language));

  // Written before the browser paints the new step: a step the parent can see is a step a reload resumes (a passive
  // effect after an awaited request may run only after the paint, and a reload in between lost the step).
  useLayoutEffect(() => {
    saveBooking({
      step: state.step,
      data: state.data,
      appointment: state.appointment,
      createdFrom: state.createdFrom,
      order: state.order,
    });
  }, [state.step, state.data, state.appointment, state.createdFrom, state.order]);
  const [creating, setCreating] = useState(false);
  // Toast buttons outlive the render that showed them; they call the latest version of each action.
  const continueRef = useRef<() => Promise<void>>(async () => undefined);
  const chooseAnotherSlotRef = useRef<() => void>(() => undefined);

  const submitDetails = useCallback((details: PatientDetails) => {
    setState((current) => ({ ...current, step: 2, navigated: true, data: { ...current.data, ...details } }));
  }, []);

  /** A new date clears the chosen slot. */
  const changeDate = useCallback((appointmentDate: string) => {
    setState((current) => ({ ...current, data: { ...current.data, appointmentDate, appointmentTime: "" } }));
  }, []);

  const chooseSlot = useCallback((appointmentTime: string) => {
    setState((current) => ({ ...current, data: { ...current.data, appointmentTime } }));
  }, []);

  const applyCoupon = useCallback((couponCode: string, discountedAmount: number) => {
    setState((current) => ({ ...current, data: { ...current.data, couponCode, discountedAmount } }));
  }, []);

  const removeCoupon = useCallback(() => {
    setState((current) => {
      const { couponCode: _code, discountedAmount: _amount, ...rest } = current.data;
      return { ...current, data: rest };
    });
  }, []);

  /** Back from step 2 clears the error message (field errors belong to the step and go with it). */
  const backToDetails = useCallback(() => {
    setState((current) => ({ ...current, step: 1, navigated: true, error: undefined }));
  }, []);

  const backToSlot = useCallback(() => {
    setState((current) => ({ ...current, step: 2, navigated: true, error: undefined }));
  }, []);

  /** Step 2 -> 3: create the appointment, then the payment order; step 3 only when both succeed. */
  const continueToPayment = useCallback(async () => {
    const { data } = state;
    setCreating(true);
    setState((current) => ({ ...current, error: undefined }));

    let appointment = state.appointment;
    let order = state.order;
    if (!appointment || !canReuseAppointment(appointment, state.createdFrom, data, new Date())) {
      try {
        // The parent's own hold, made from what the form said before, gives way to this one (its time at once).
        const replaced = appointment?.id;
        // The article page the dialog is open on, read from the address: nothing is kept in the browser for it.
        const fromArticle = articleSlugOfPath(window.location.pathname);
        appointment = await createAppointment({
          // The page's language is the booking's: its consent wording, its messages and documents follow it.
          ...toCreateAppointmentInput(data, language),
          ...(replaced ? { replacesAppointmentId: replaced } : {}),
          ...(fromArticle ? { sourceArticle: fromArticle } : {}),
        });
        order = undefined;
        const createdFrom = appointmentKey(data);
        setState((current) => ({ ...current, appointment, createdFrom, order: undefined }));
      } catch (error) {
        const message = showErrorToast(
          error,
          "booking",
          {
            retry: () => void continueRef.current(),
            chooseAnotherSlot: () => chooseAnotherSlotRef.current(),
          },
          t,
        );
        setState((current) => ({ ...current, error: message }));
        setCreating(false);
        // Someone else took the slot a moment ago: show it as booked.
        if (errorStatus(error) === 409) {
          void queryClient.refetchQueries({ queryKey: availabilityKeys.day(data.appointmentDate) });
          void queryClient.refetchQueries({
            queryKey: availabilityKeys.month(data.appointmentDate.slice(0, 7)),
          });
        }
        return;
      }
    }

    // A free follow-up is confirmed as it is made: there is nothing to pay.
    if (appointment.status === "confirmed") {
      const confirmed = appointment;
      setState((current) => ({
        ...current,
        appointment: confirmed,
        step: 4,
        navigated: true,
        error: undefined,
      }));
      setCreating(false);
      void queryClient.invalidateQueries({ queryKey: availabilityKeys.all });
      return;
    }

    if (!order || order.amount !== appointment.amount) {
      try {
        order = await createOrder(appointment.id);
      } catch (error) {
        const message = showErrorToast(error, "payment_init", { retry: () => void continueRef.current() }, t);
        setState((current) => ({ ...current, error: message }));
        setCreating(false);
        return;
      }
    }

    const created = { appointment, order };
    setState((current) => ({ ...current, ...created, step: 3, navigated: true, error: undefined }));
    setCreating(false);
  }, [state, queryClient, language, t]);

  /** The toast's "Choose Another Slot": the slot step, the taken slot unchosen, and the day's grid asked again. */
  const chooseAnotherSlot = useCallback(() => {
    setState((current) => ({
      ...current,
      step: 2,
      navigated: true,
      error: undefined,
      data: { ...current.data, appointmentTime: "" },
    }));
    void queryClient.refetchQueries({ queryKey: availabilityKeys.all });
  }, [queryClient]);

  useEffect(() => {
    continueRef.current = continueToPayment;
    chooseAnotherSlotRef.current = chooseAnotherSlot;
  }, [continueToPayment, chooseAnotherSlot]);

  /**
   * Back or Forward in the browser: the step the address names, if the booking has reached it (the payment step
   * needs its order; a later step than that is not jumped to).
   */
  const goToStep = useCallback((step: WizardStep) => {
    setState((current) => {
      const reachable = step === 3 && !current.order ? 2 : step === 4 ? current.step : step;
      if (reachable === current.step) return current;
      return { ...current, step: reachable, navigated: true, error: undefined };
    });
  }, []);

  /** The success handler: confirmation step and fresh availability. */
  const paid = useCallback(() => {
    setState((current) => ({ ...current, step: 4, navigated: true }));
    void queryClient.invalidateQueries({ queryKey: availabilityKeys.all });
  }, [queryClient]);

  return {
    state,
    creating,
    submitDetails,
    changeDate,
    chooseSlot,
    applyCoupon,
    removeCoupon,
    backToDetails,
    backToSlot,
    goToStep,
    continueToPayment,
    paid,
  };
}

export type BookingWizard = ReturnType<typeof useBookingWizard>;
