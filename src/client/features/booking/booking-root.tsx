import { lazy, Suspense, useEffect } from "react";
import { openBooking, useBookingOpen } from "@/lib/dialogs";
import { STEP_PARAM } from "./booking-session";

const BookingDialog = lazy(() => import("./booking-dialog"));

/** The address names a booking step (`?book=`): a reload, or Back from the checkout page. */
function addressNamesBookingStep(): boolean {
  return new URL(window.location.href).searchParams.has(STEP_PARAM);
}

/**
 * Mounted once by the app; loads the booking dialog's code only when a visitor asks to book, or when the page was
 * opened at a step of a booking in progress (the dialog then resumes it from this tab's storage).
 */
export function BookingRoot() {
  const open = useBookingOpen();
  useEffect(() => {
    if (addressNamesBookingStep()) openBooking();
  }, []);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <BookingDialog />
    </Suspense>
  );
}
