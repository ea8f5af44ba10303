import { FOLLOW_UP_PARAM } from "@shared/follow-up";
import { lazy, Suspense, useEffect } from "react";
import { useBookingOpen } from "@/lib/dialogs";
import { withQuery } from "@/lib/with-query";
import { fetchBookingMessages } from "./booking-messages";
import { STEP_PARAM } from "./step-param";

/** The dialog's code (with TanStack Query's) and, beside it, its messages in the page's language (its `<html lang>`). */
const loadBookingDialog = () => {
  void fetchBookingMessages(document.documentElement.lang);
  return withQuery(import("./booking-dialog"));
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

/** The address asks the booking for something: a step of a booking in progress, or a follow-up link's key. */
function addressAsksForBooking(): boolean {
  const params = new URL(window.location.href).searchParams;
  return params.has(STEP_PARAM) || params.has(FOLLOW_UP_PARAM);
}

/**
 * Mounted once by the app; fetches the booking dialog's code when the page is idle, and shows the dialog when a
 * visitor asks to book, or when the page was opened at a step of a booking in progress (the dialog then resumes it
 * from this tab's storage).
 */
export function BookingRoot() {
  const open = useBookingOpen();
  useEffect(() => {
    if (!addressAsksForBooking()) return;
    // The dialog's code is fetched beside the code that reads the address, not after it.
    void loadBookingDialog();
    void import("./booking-address").then((address) => address.openBookingFromAddress());
  }, []);
  useEffect(prefetchWhenIdle, []);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <BookingDialog />
    </Suspense>
  );
}
