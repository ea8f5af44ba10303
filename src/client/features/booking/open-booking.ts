import { createOpenFlag } from "@/lib/open-flag";

/**
 * The one entry point of every Book Appointment / Book Video Consultation / Book Now control. The dialog itself is
 * a lazy chunk, loaded the first time a visitor opens it.
 */
const bookingFlag = createOpenFlag();

export const openBooking = bookingFlag.open;
export const closeBooking = bookingFlag.close;
export const useBookingOpen = bookingFlag.useIsOpen;
