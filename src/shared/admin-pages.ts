/**
 * The doctor's console: each page's address and its file in src/client/pages/. The browser routes by it; the server
 * answers these addresses with the app's page (rendered in the browser, not indexed), so a reload keeps the place.
 */
export const ADMIN_PAGES = {
  "/admin": "admin",
  "/admin/today": "admin-today",
  "/admin/calendar": "admin-calendar",
  "/admin/appointments/:id": "admin-appointment",
  "/admin/schedule": "admin-schedule",
  "/admin/patients": "admin-patients",
  "/admin/articles": "admin-articles",
  "/admin/messages": "admin-messages",
  "/admin/activity": "admin-access-log",
  // The address the access log had before the console's Activity page; kept for bookmarks.
  "/admin/access-log": "admin-access-log",
  "/admin/insights": "admin-insights",
  "/admin/settings": "admin-settings",
  "/admin/cashfree-test": "admin-cashfree-test",
} as const;
