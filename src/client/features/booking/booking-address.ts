import { FOLLOW_UP_PARAM } from "@shared/follow-up";
import { serverMessage } from "@/lib/api";
import { openBooking } from "@/lib/dialogs";
import { toast } from "@/lib/use-toast";
import { followUpOffer } from "./api";
import { followUpBookingData } from "./booking-logic";
import { saveBooking, takeBookingDiscarded } from "./booking-session";
import { STEP_PARAM } from "./step-param";

/**
 * What the booking does for an address that asks for it (booking-root.tsx loads this only then: the booking's
 * session, rules and schemas stay out of the page's first download).
 */

/** The address names a booking step (`?book=`): a reload, or Back from the checkout page. */
function addressNamesBookingStep(): boolean {
  return new URL(window.location.href).searchParams.has(STEP_PARAM);
}

/**
 * The address carries a follow-up link's key (`?followUp=`, from the manage page or a prescription): the key leaves
 * the address at once (it is not to be bookmarked, shared or sent on), and the booking opens for that follow-up, the
 * patient filled in, or a message says why it cannot be booked.
 */
async function openFollowUpFromAddress(): Promise<void> {
  const url = new URL(window.location.href);
  const key = url.searchParams.get(FOLLOW_UP_PARAM);
  if (key === null) return;
  url.searchParams.delete(FOLLOW_UP_PARAM);
  window.history.replaceState(null, "", url);
  try {
    const offer = await followUpOffer(key);
    saveBooking({ step: 1, data: followUpBookingData(key, offer) });
    openBooking();
  } catch (error) {
    toast({
      title: "Follow-up Not Available",
      description:
        serverMessage(error) ??
        "The follow-up could not be opened. Please check your connection and try again.",
      variant: "destructive",
    });
  }
}

/**
 * Opens the booking for a follow-up link, or at the step of a booking in progress the address names (the dialog
 * then resumes it from this tab's storage).
 */
export function openBookingFromAddress(): void {
  void openFollowUpFromAddress();
  if (!addressNamesBookingStep()) return;
  // Loaded at a step of a booking the parent has just discarded (going back over its entries): stay closed.
  if (takeBookingDiscarded()) {
    const url = new URL(window.location.href);
    url.searchParams.delete(STEP_PARAM);
    window.history.replaceState(null, "", url);
    return;
  }
  openBooking();
}
