import { createOpenFlag } from "./open-flag";

/**
 * The app-wide dialogs any part of the site may open. Each dialog is a lazy chunk, loaded the first time it opens;
 * these flags are all a button needs, so headers, footers and pages open them without importing the features.
 */
const bookingFlag = createOpenFlag();

/** The one entry point of every Book Appointment / Book Video Consultation / Book Now control. */
export const openBooking = bookingFlag.open;
export const closeBooking = bookingFlag.close;
export const useBookingOpen = bookingFlag.useIsOpen;

const adminLoginFlag = createOpenFlag();

/** The footer's Admin Login button. */
export const openAdminLogin = adminLoginFlag.open;
export const closeAdminLogin = adminLoginFlag.close;
export const useAdminLoginOpen = adminLoginFlag.useIsOpen;
