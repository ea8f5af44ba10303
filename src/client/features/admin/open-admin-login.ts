import { createOpenFlag } from "@/lib/open-flag";

/** Opens the admin login dialog from the footer's Admin Login button; the dialog is a lazy chunk. */
const adminLoginFlag = createOpenFlag();

export const openAdminLogin = adminLoginFlag.open;
export const closeAdminLogin = adminLoginFlag.close;
export const useAdminLoginOpen = adminLoginFlag.useIsOpen;
