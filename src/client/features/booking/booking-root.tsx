import { lazy, Suspense, useEffect } from "react";
import { openBooking, useBookingOpen } from "@/lib/dialogs";
import { STEP_PARAM, takeBookingDiscarded } from "./booking-session";

const loadBookingDialog = () => import("./booking-dialog");
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
 * Mounted once by the app; fetches the booking dialog's code when the page is idle, and shows the dialog when a
 * visitor asks to book, or when the page was opened at a step of a booking in progress (the dialog then resumes it
 * from this tab's storage).
 */
export function BookingRoot() {
  const open = useBookingOpen();
  useEffect(() => {
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
