import { FOLLOW_UP_PARAM } from "@shared/follow-up";
import { lazy, Suspense, useEffect } from "react";
import { serverMessage } from "@/lib/api";
import { openBooking, useBookingOpen } from "@/lib/dialogs";
import { toast } from "@/lib/use-toast";
import { fetchBookingMessages } from "./booking-messages";
import { saveBooking, STEP_PARAM, takeBookingDiscarded } from "./booking-session";

/** The dialog's code and, beside it, its messages in the page's language (its `<html lang>`). */
const loadBookingDialog = () => {
  void fetchBookingMessages(document.documentElement.lang);
  return import("./booking-dialog");
};
const BookingDialog = lazy(loadBookingDialog);

/**
 * The dialog's code is fetched once the page has loaded and the browser is idle, so that on a slow phone it opens
 * within a second of the tap instead of waiting for a download then. Not when the visitor asked to save data.
 */
function prefetchWhenIdle(): () => void {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData) return () => undefined;
  let idle: number | undefined;
  const schedule = () => {
    idle =
      typeof window.requestIdleCallback === "function"
        ? window.requestIdleCallback(() => void loadBookingDialog(), { timeout: 5_000 })
        : window.setTimeout(() => void loadBookingDialog(), 2_000);
  };
  if (document.readyState === "complete") schedule();
  else window.addEventListener("load", schedule, { once: true });
  return () => {
    window.removeEventListener("load", schedule);
    if (idle === undefined) return;
    if (typeof window.cancelIdleCallback === "function") window.cancelIdleCallback(idle);
    else window.clearTimeout(idle);
  };
}

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
    // Loaded only for such an address: the booking's rules and schemas stay out of the page's first download.
    const [{ followUpOffer }, { followUpBookingData }] = await Promise.all([
      import("./api"),
      import("./booking-logic"),
    ]);
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
 * Mounted once by the app; fetches the booking dialog's code when the page is idle, and shows the dialog when a
 * visitor asks to book, or when the page was opened at a step of a booking in progress (the dialog then resumes it
 * from this tab's storage).
 */
export function BookingRoot() {
  const open = useBookingOpen();
  useEffect(() => {
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
  }, []);
  useEffect(prefetchWhenIdle, []);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <BookingDialog />
    </Suspense>
  );
}
