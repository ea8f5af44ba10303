import { useEffect, useRef } from "react";
import { closeBooking } from "@/lib/dialogs";
import type { WizardStep } from "./booking-logic";
import {
  clearSavedBooking,
  noteBookingDiscarded,
  stepFromName,
  stepName,
  takeBookingDiscarded,
} from "./booking-session";
import { STEP_PARAM } from "./step-param";

/** How many history entries the open dialog has added; kept in each entry's state, so it survives a reload. */
function bookingDepth(): number {
  const state = window.history.state as { bookingDepth?: unknown } | null;
  return typeof state?.bookingDepth === "number" ? state.bookingDepth : 0;
}

/**
 * Set while the dialog closes and the browser goes back over its entries: those moves are the closing itself, and
 * must not move the dialog between steps (which would write a step into the address again).
 */
let leaving = false;

function addressFor(step: WizardStep): URL {
  const url = new URL(window.location.href);
  url.searchParams.set(STEP_PARAM, stepName(step));
  return url;
}

/**
 * Keeps the dialog's step in the address (`?book=details|slot|payment`): every step the parent moves to is a
 * history entry, so the browser's Back and Forward move between steps instead of leaving the site, and a reload
 * (or Back from the checkout page) opens the dialog at the step the address names.
 */
export function useStepHistory(step: WizardStep, goToStep: (step: WizardStep) => void): void {
  const shown = useRef<WizardStep | null>(null);

  useEffect(() => {
    const named = stepFromName(new URL(window.location.href).searchParams.get(STEP_PARAM));
    if (shown.current === null) {
      // Opening: a new entry, unless the address already names a step (a reload, or Back into the page).
      shown.current = step;
      leaving = false;
      // A new booking: an earlier discard no longer concerns the pages loaded from now on.
      takeBookingDiscarded();
      if (named === undefined) window.history.pushState({ bookingDepth: 1 }, "", addressFor(step));
      else window.history.replaceState({ bookingDepth: Math.max(1, bookingDepth()) }, "", addressFor(step));
      return;
    }
    if (shown.current === step) return;
    shown.current = step;
    // Moved by Back or Forward: the address names the step already.
    if (named === step) return;
    window.history.pushState({ bookingDepth: bookingDepth() + 1 }, "", addressFor(step));
  }, [step]);

  useEffect(() => {
    const followAddress = () => {
      if (leaving) return;
      const named = stepFromName(new URL(window.location.href).searchParams.get(STEP_PARAM));
      if (named === undefined) {
        // Back past the first step: the dialog closes, and the booking with it.
        clearSavedBooking();
        closeBooking();
        return;
      }
      goToStep(named);
    };
    window.addEventListener("popstate", followAddress);
    return () => window.removeEventListener("popstate", followAddress);
  }, [goToStep]);
}

function dropStepFromAddress(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has(STEP_PARAM)) return;
  url.searchParams.delete(STEP_PARAM);
  window.history.replaceState(null, "", url);
}

/** The parent closes the dialog: the booking is dropped and the address returns to the page it was opened on. */
export function closeBookingAndLeaveHistory(): void {
  clearSavedBooking();
  const depth = bookingDepth();
  if (depth > 0) {
    leaving = true;
    noteBookingDiscarded();
    // Where the steps' entries lead back to, once the browser has gone there: an entry that still names a step (the
    // count of entries was left short by reloads in between) is made the plain page, so no reload reopens the dialog.
    window.addEventListener("popstate", dropStepFromAddress, { once: true });
    window.history.go(-depth);
  } else dropStepFromAddress();
  closeBooking();
}
