import type { BackupStatusView } from "@shared/backup";
import type { AskParentsResult } from "@shared/manage";
import type {
  AdminAppointmentDetails,
  AdminAppointmentViewPage,
  AppointmentView,
  NotificationTestRecipients,
  OutboxFilter,
  OutboxList,
  AdminSession,
  AdminStats,
  ArticlePreview,
  GatewayDiagnostic,
  NotificationTestResult,
} from "@shared/admin";
import type {
  AdminArticle,
  Article,
  ArticleInput,
  ArticleTranslationInput,
  TranslationLanguage,
} from "@shared/articles";
import type { SetupEmailTest, SetupFacts } from "@shared/setup";
import type { AdminCalendar, AdminToday } from "@shared/console";
import type { AdminSchedule, NewExceptionInput, ScheduleSettingsInput } from "@shared/schedule-admin";
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { apiGet, apiJson, apiRequest, errorStatus } from "@/lib/api";

/** Everything the dashboard reads sits under ["admin"], so signing out can drop it in one call. */
export const adminKeys = {
  all: ["admin"] as const,
  session: ["admin", "session"] as const,
  stats: ["admin", "stats"] as const,
  articles: ["admin", "articles"] as const,
  appointmentViews: ["admin", "appointment-views"] as const,
  appointmentView: (view: AppointmentView, cursor: string | null) =>
    ["admin", "appointment-views", view, cursor] as const,
  // Under the appointment lists: whatever refreshes them after a change refreshes the day too.
  today: ["admin", "appointment-views", "today"] as const,
  calendar: (from: string | null) => ["admin", "appointment-views", "calendar", from] as const,
  appointmentDetails: (id: string) => ["admin", "appointment", id] as const,
  notificationRecipients: (id: string) => ["admin", "notification-recipients", id] as const,
  gateway: ["admin", "gateway"] as const,
  notifications: ["admin", "notifications"] as const,
  notificationList: (status: OutboxFilter, q: string) => ["admin", "notifications", status, q] as const,
  preview: (content: string) => ["admin", "preview", content] as const,
  schedule: ["admin", "schedule"] as const,
  backups: ["admin", "backups"] as const,
  setup: ["admin", "setup"] as const,
};

/** The doctor's day: today's consultations, their reports, and the times she closed. */
export function todayQuery() {
  return queryOptions({
    queryKey: adminKeys.today,
    queryFn: () => apiGet<AdminToday>("/api/admin/today"),
    // The parent's reports, a parent coming to the waiting room and the day's changes arrive while the page stays
    // open; a parent's page tells the server every 20 seconds.
    refetchInterval: 20_000,
  });
}

/** A week of the doctor's calendar from `from` (a date), or the clinic's week from its Monday (null). */
export function calendarQuery(from: string | null) {
  return queryOptions({
    queryKey: adminKeys.calendar(from),
    queryFn: () =>
      apiGet<AdminCalendar>(`/api/admin/calendar${from ? `?from=${encodeURIComponent(from)}` : ""}`),
  });
}

/** The last backup and what needs attention. */
export function backupStatusQuery() {
  return queryOptions({
    queryKey: adminKeys.backups,
    queryFn: () => apiGet<BackupStatusView>("/api/admin/backups"),
  });
}

/** The live session, or null when signed out: a 401 here is an answer, not an error. */
export function sessionQuery() {
  return queryOptions({
    queryKey: adminKeys.session,
    queryFn: async (): Promise<AdminSession | null> => {
      try {
        return await apiGet<AdminSession>("/api/admin/session");
      } catch (error) {
        if (errorStatus(error) === 401) return null;
        throw error;
      }
    },
  });
}

export function statsQuery() {
  return queryOptions({ queryKey: adminKeys.stats, queryFn: () => apiGet<AdminStats>("/api/admin/stats") });
}

export function adminArticlesQuery() {
  return queryOptions({
    queryKey: adminKeys.articles,
    queryFn: () => apiGet<{ articles: AdminArticle[] }>("/api/admin/articles"),
  });
}

export const APPOINTMENTS_PAGE_SIZE = 10;

/** One page of one of the dashboard's lists: upcoming, past, or cancelled and refunded. */
export function appointmentViewQuery(view: AppointmentView, cursor: string | null) {
  const query = `view=${view}&limit=${APPOINTMENTS_PAGE_SIZE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
  return queryOptions({
    queryKey: adminKeys.appointmentView(view, cursor),
    queryFn: () => apiGet<AdminAppointmentViewPage>(`/api/appointments?${query}`),
  });
}

/** An appointment with the messages sent about it. */
export function appointmentDetailsQuery(id: string) {
  return queryOptions({
    queryKey: adminKeys.appointmentDetails(id),
    queryFn: () => apiGet<AdminAppointmentDetails>(`/api/admin/appointments/${encodeURIComponent(id)}`),
  });
}

/** Whom a notification test of this appointment would reach, and how each channel is set up. */
export function notificationRecipientsQuery(id: string) {
  return queryOptions({
    queryKey: adminKeys.notificationRecipients(id),
    queryFn: () => apiGet<NotificationTestRecipients>(`/api/test-notifications/${encodeURIComponent(id)}`),
  });
}

/** The first-start checklist's facts; read again whenever the dashboard is visited. */
export function setupQuery() {
  return queryOptions({
    queryKey: adminKeys.setup,
    queryFn: () => apiGet<SetupFacts>("/api/admin/setup"),
    staleTime: 0,
  });
}

export function sendSetupTestEmail(): Promise<SetupEmailTest> {
  return apiJson<SetupEmailTest>("POST", "/api/admin/setup/test-email", {});
}

export function gatewayQuery() {
  return queryOptions({
    queryKey: adminKeys.gateway,
    queryFn: () => apiGet<GatewayDiagnostic>("/api/admin/cashfree-test"),
  });
}

/** The outbox a page at a time: every message, or one kind of outcome (failing, waiting...), found by name or id. */
export function notificationsQuery(status: OutboxFilter, q: string) {
  return infiniteQueryOptions({
    queryKey: adminKeys.notificationList(status, q),
    queryFn: ({ pageParam }) =>
      apiGet<OutboxList>(
        `/api/admin/notifications?${new URLSearchParams({ status, q, page: String(pageParam) }).toString()}`,
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
  });
}

export function articlePreviewQuery(content: string) {
  return queryOptions({
    queryKey: adminKeys.preview(content),
    queryFn: () => apiJson<ArticlePreview>("POST", "/api/admin/articles/preview", { content }),
  });
}

export function login(password: string): Promise<AdminSession> {
  return apiJson<AdminSession>("POST", "/api/admin/login", { password });
}

export async function logout(): Promise<void> {
  await apiRequest("POST", "/api/admin/logout", {});
}

/** Creates an article, or saves the one with this id. */
export async function saveArticle(id: string | undefined, input: ArticleInput): Promise<Article> {
  const { article } = id
    ? await apiJson<{ article: Article }>("PUT", `/api/admin/articles/${encodeURIComponent(id)}`, input)
    : await apiJson<{ article: Article }>("POST", "/api/admin/articles", input);
  return article;
}

/** Saves the doctor's translation of an article into Hindi or Kannada (a new one, or changes). */
export async function saveArticleTranslation(
  id: string,
  language: TranslationLanguage,
  input: ArticleTranslationInput,
): Promise<AdminArticle> {
  const path = `/api/admin/articles/${encodeURIComponent(id)}/translations/${language}`;
  return (await apiJson<{ article: AdminArticle }>("PUT", path, input)).article;
}

export async function deleteArticleTranslation(id: string, language: TranslationLanguage): Promise<void> {
  await apiRequest("DELETE", `/api/admin/articles/${encodeURIComponent(id)}/translations/${language}`);
}

export async function deleteArticle(id: string): Promise<void> {
  await apiRequest("DELETE", `/api/admin/articles/${encodeURIComponent(id)}`);
}

export function testGateway(): Promise<GatewayDiagnostic> {
  return apiJson<GatewayDiagnostic>("POST", "/api/admin/cashfree-test", {});
}

export async function retryNotification(id: string): Promise<void> {
  await apiRequest("POST", `/api/admin/notifications/${encodeURIComponent(id)}/retry`, {});
}

export function testNotifications({
  appointmentId,
  sendTo = "patient",
}: {
  appointmentId: string;
  sendTo?: "patient" | "doctor";
}): Promise<NotificationTestResult> {
  return apiJson<NotificationTestResult>(
    "POST",
    `/api/test-notifications/${encodeURIComponent(appointmentId)}`,
    { sendTo },
  );
}

/** The doctor's weekly hours, booking window, leave and overrides, and the appointments needing action. */
export function scheduleQuery() {
  return queryOptions({
    queryKey: adminKeys.schedule,
    queryFn: () => apiGet<AdminSchedule>("/api/admin/schedule"),
  });
}

/**
 * The schedule's changes. Each answers the whole schedule, or 409 with `affected` (the confirmed appointments the
 * change would take the slot of) until the call names them all in `acknowledgedAppointmentIds`.
 */
export function saveSchedule(input: ScheduleSettingsInput): Promise<AdminSchedule> {
  return apiJson<AdminSchedule>("PUT", "/api/admin/schedule", input);
}

export function addScheduleException(input: NewExceptionInput): Promise<AdminSchedule> {
  return apiJson<AdminSchedule>("POST", "/api/admin/schedule/exceptions", input);
}

export function removeScheduleException(id: string, acknowledged: readonly string[]): Promise<AdminSchedule> {
  const query =
    acknowledged.length > 0 ? `?acknowledge=${acknowledged.map(encodeURIComponent).join(",")}` : "";
  return apiJson<AdminSchedule>("DELETE", `/api/admin/schedule/exceptions/${encodeURIComponent(id)}${query}`);
}

/** The doctor cannot keep these bookings' times: each parent is asked to choose another time or a full refund. */
export function askParentsToChoose(appointmentIds: readonly string[]): Promise<AskParentsResult> {
  return apiJson<AskParentsResult>("POST", "/api/admin/appointments/ask-parents", { appointmentIds });
}

/** The doctor's actions on an appointment; each answers the appointment's details as they are afterwards. */
export type AppointmentAction = "complete" | "no-show" | "resend-confirmation";

export function appointmentAction(id: string, action: AppointmentAction): Promise<AdminAppointmentDetails> {
  return apiJson<AdminAppointmentDetails>(
    "POST",
    `/api/admin/appointments/${encodeURIComponent(id)}/${action}`,
    {},
  );
}

export function cancelAppointmentAsDoctor(id: string, reason: string): Promise<AdminAppointmentDetails> {
  return apiJson<AdminAppointmentDetails>(
    "POST",
    `/api/admin/appointments/${encodeURIComponent(id)}/cancel`,
    {
      reason,
    },
  );
}

export function rescheduleAppointmentAsDoctor(
  id: string,
  appointmentDate: string,
  appointmentTime: string,
): Promise<AdminAppointmentDetails> {
  return apiJson<AdminAppointmentDetails>(
    "POST",
    `/api/admin/appointments/${encodeURIComponent(id)}/reschedule`,
    { appointmentDate, appointmentTime },
  );
}

export function retryRefund(refundId: string): Promise<AdminAppointmentDetails> {
  return apiJson<AdminAppointmentDetails>(
    "POST",
    `/api/admin/refunds/${encodeURIComponent(refundId)}/retry`,
    {},
  );
}

export function adminReceiptUrl(id: string): string {
  return `/api/admin/appointments/${encodeURIComponent(id)}/receipt`;
}
