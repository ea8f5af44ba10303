import { lazy, Suspense } from "react";
import { useBookingOpen } from "@/lib/dialogs";

const BookingDialog = lazy(() => import("./booking-dialog"));

/** Mounted once by the app; loads the booking dialog's code only when a visitor asks to book. */
export function BookingRoot() {
  const open = useBookingOpen();
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <BookingDialog />
    </Suspense>
  );
}
