import type { AdminNotification } from "@shared/admin";
import type { PublicConfig } from "@shared/booking";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Mail, RefreshCw, RotateCcw } from "lucide-react";
import { useEffect } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { apiRequest } from "@/lib/api";
import { showErrorToast } from "@/lib/error-toast";
import { queryClient } from "@/lib/query-client";
import { cn } from "@/lib/utils";
import { noteSessionEnded } from "./admin-session";
import {
  canRetryNotification,
  formatInstant,
  hasMessagesInFlight,
  notificationKindLabel,
  notificationMoment,
  notificationRouteLabel,
  notificationStatusHint,
  notificationStatusLabel,
  notificationStatusVariant,
} from "./notification-format";
import { SectionTitle } from "./section-title";

const NOTIFICATIONS_KEY = ["/api/admin/notifications"] as const;

/** While a message is being sent, the list looks again this often, so its outcome shows without a click. */
const IN_FLIGHT_REFRESH_MS = 5000;

/**
 * Notifications: the latest 20 messages of the outbox (confirmations, reminders, contact messages) with what became
 * of each, and a second chance for those that failed or were skipped. A table, or cards below 768 px.
 */
export function NotificationsPanel() {
  const { data, isPending, isError, error, isFetching, refetch } = useQuery<{
    notifications: AdminNotification[];
  }>({
    queryKey: NOTIFICATIONS_KEY,
    refetchInterval: (query) =>
      hasMessagesInFlight(query.state.data?.notifications, Date.now()) ? IN_FLIGHT_REFRESH_MS : false,
  });
  useEffect(() => noteSessionEnded(error), [error]);
  const { data: config } = useQuery<PublicConfig>({ queryKey: ["/api/config"] });

  const retry = useMutation({
    mutationFn: (id: string) =>
      apiRequest("POST", `/api/admin/notifications/${encodeURIComponent(id)}/retry`, {}),
    onSuccess: () => {
      toast({ title: "Message Queued", description: "The message will be sent again shortly." });
    },
    onError: (retryError) => {
      showErrorToast(retryError);
      noteSessionEnded(retryError);
    },
    // Either way the list shows what the message's state is now (another tab may have retried it already).
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });

  const notifications = data?.notifications ?? [];
  const list: ListProps = {
    notifications,
    timeZone: config?.clinicTimeZone,
    zoneLabel: config?.timeZoneLabel,
    retryingId: retry.isPending ? retry.variables : undefined,
    onRetry: (id) => retry.mutate(id),
  };

  return (
    <section aria-labelledby="notifications-title">
      <Card>
        <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 p-5 sm:p-6">
          <div className="flex min-w-0 flex-col gap-1">
            <SectionTitle id="notifications-title" icon={Mail}>
              Notifications
            </SectionTitle>
            <p className="text-sm text-slate-600">
              The latest 20 messages: confirmations, reminders and contact messages, and what became of each.
            </p>
          </div>
          <Button
            variant="outline"
            size="sm"
            aria-busy={isFetching || undefined}
            // Not disabled while loading: a disabled button would drop the keyboard focus.
            onClick={() => void refetch({ cancelRefetch: false })}
          >
            <RefreshCw className={cn(isFetching && "motion-safe:animate-spin")} aria-hidden="true" />
            Refresh
          </Button>
        </div>
        {isPending ? (
          <div className="flex flex-col gap-3 p-5 sm:p-6" aria-busy="true">
            <span className="sr-only" role="status">
              Loading messages…
            </span>
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : isError && !data ? (
          <div className="flex flex-col items-start gap-3 p-5 sm:p-6">
            <p role="alert" className="text-sm font-medium text-red-700">
              The messages could not be loaded.
            </p>
            <Button variant="outline" size="sm" onClick={() => void refetch()}>
              Retry
            </Button>
          </div>
        ) : notifications.length === 0 ? (
          <p className="p-5 text-slate-700 sm:p-6">No messages yet.</p>
        ) : (
          <>
            {isError && (
              <p
                role="alert"
                className="border-b border-slate-200 px-5 py-3 text-sm font-medium text-red-700"
              >
                The list could not be refreshed; it shows the messages as they were.
              </p>
            )}
            <NotificationsTable {...list} />
            <NotificationCards {...list} />
          </>
        )}
      </Card>
    </section>
  );
}

interface ListProps {
  notifications: AdminNotification[];
  timeZone: string | undefined;
  zoneLabel: string | undefined;
  /** The message whose retry is on its way, if any. */
  retryingId: string | undefined;
  onRetry: (id: string) => void;
}

/** "Confirmation, E-mail to patient, booking #3f2a9c1e": names a message for the Retry button's label. */
function messageName(notification: AdminNotification): string {
  const what = `${notificationKindLabel(notification.kind)}, ${notificationRouteLabel(notification.channel, notification.recipient)}`;
  return notification.bookingId ? `${what}, booking #${notification.bookingId}` : what;
}

function StatusBadge({ status }: { status: string }) {
  return <Badge variant={notificationStatusVariant(status)}>{notificationStatusLabel(status)}</Badge>;
}

function StatusHint({ status }: { status: string }) {
  const hint = notificationStatusHint(status);
  return hint ? <p className="text-xs text-slate-600">{hint}</p> : null;
}

function When({
  notification,
  timeZone,
  zoneLabel,
  inline = false,
}: { notification: AdminNotification; inline?: boolean } & ZoneProps) {
  const { label, at } = notificationMoment(notification);
  return (
    <>
      <span className={inline ? "font-medium" : "block text-xs font-medium text-slate-600"}>{label}</span>
      {inline ? " " : <span className="sr-only"> </span>}
      <time dateTime={at}>{formatInstant(at, timeZone, zoneLabel)}</time>
    </>
  );
}

type ZoneProps = Pick<ListProps, "timeZone" | "zoneLabel">;

/** A dash for the eye, "None" for screen readers. */
function NoValue() {
  return (
    <>
      <span className="font-sans text-slate-500" aria-hidden="true">
        –
      </span>
      <span className="sr-only">None</span>
    </>
  );
}

/** The last error, clamped to three lines; the whole text is in the title (and read out in full). */
function LastError({ text }: { text: string | null }) {
  if (!text) {
    return <NoValue />;
  }
  return (
    <p
      className="line-clamp-3 text-xs break-words text-red-800"
      title={text}
      data-testid="notification-error"
    >
      {text}
    </p>
  );
}

function RetryButton({
  notification,
  retryingId,
  onRetry,
}: { notification: AdminNotification } & Pick<ListProps, "retryingId" | "onRetry">) {
  if (!canRetryNotification(notification.status)) return null;
  const busy = retryingId === notification.id;
  // One retry at a time; the buttons are not disabled meanwhile, so the keyboard focus stays where it is.
  const blocked = retryingId !== undefined;
  return (
    <Button
      variant="outline"
      size="sm"
      className="aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
      aria-disabled={blocked || undefined}
      aria-busy={busy || undefined}
      aria-label={`Retry ${messageName(notification)}`}
      onClick={() => {
        if (!blocked) onRetry(notification.id);
      }}
    >
      <RotateCcw className={cn(busy && "motion-safe:animate-spin")} aria-hidden="true" />
      Retry
    </Button>
  );
}

function NotificationsTable({ notifications, timeZone, zoneLabel, retryingId, onRetry }: ListProps) {
  const th = "px-4 py-3 text-left text-sm font-semibold text-slate-700";
  const td = "px-4 py-3 align-top text-sm text-slate-800";
  return (
    <div className="hidden overflow-x-auto md:block">
      <table className="w-full border-collapse">
        <caption className="sr-only">The latest 20 messages, newest first</caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={th}>
              Message
            </th>
            <th scope="col" className={`${th} whitespace-nowrap`}>
              Booking ID
            </th>
            <th scope="col" className={th}>
              Status
            </th>
            <th scope="col" className={`${th} text-right`}>
              Attempts
            </th>
            <th scope="col" className={th}>
              When
            </th>
            <th scope="col" className={th}>
              Last error
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {notifications.map((notification) => (
            <tr key={notification.id} data-testid="notification-row" data-status={notification.status}>
              <td className={`${td} font-medium whitespace-nowrap`}>
                {notificationKindLabel(notification.kind)}
                <span className="block text-xs font-normal text-slate-600">
                  {notificationRouteLabel(notification.channel, notification.recipient)}
                </span>
              </td>
              <td className={`${td} font-mono whitespace-nowrap`}>
                {notification.bookingId ? `#${notification.bookingId}` : <NoValue />}
              </td>
              <td className={`${td} min-w-36`}>
                <div className="flex flex-col items-start gap-1">
                  <StatusBadge status={notification.status} />
                  <StatusHint status={notification.status} />
                  {canRetryNotification(notification.status) && (
                    <div className="pt-1">
                      <RetryButton notification={notification} retryingId={retryingId} onRetry={onRetry} />
                    </div>
                  )}
                </div>
              </td>
              <td className={`${td} text-right tabular-nums`}>{notification.attempts}</td>
              <td className={`${td} whitespace-nowrap`}>
                <When notification={notification} timeZone={timeZone} zoneLabel={zoneLabel} />
              </td>
              <td className={`${td} max-w-72 min-w-48`}>
                <LastError text={notification.lastError} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function NotificationCards({ notifications, timeZone, zoneLabel, retryingId, onRetry }: ListProps) {
  return (
    <ul className="divide-y divide-slate-200 md:hidden" aria-label="Latest messages">
      {notifications.map((notification) => (
        <li
          key={notification.id}
          className="flex flex-col gap-2 p-4"
          data-testid="notification-card"
          data-status={notification.status}
        >
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="font-semibold break-words text-slate-900">
                {notificationKindLabel(notification.kind)}
              </p>
              <p className="text-sm text-slate-700">
                {notificationRouteLabel(notification.channel, notification.recipient)}
              </p>
            </div>
            {notification.bookingId && (
              <span className="shrink-0 font-mono text-sm text-slate-600">
                <span className="sr-only">Booking ID </span>#{notification.bookingId}
              </span>
            )}
          </div>
          <div className="flex flex-col items-start gap-1">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <StatusBadge status={notification.status} />
              <span className="text-sm text-slate-700">
                Attempts: <span className="tabular-nums">{notification.attempts}</span>
              </span>
            </div>
            <StatusHint status={notification.status} />
          </div>
          <p className="text-sm text-slate-700">
            <When notification={notification} timeZone={timeZone} zoneLabel={zoneLabel} inline />
          </p>
          {notification.lastError && <LastError text={notification.lastError} />}
          {canRetryNotification(notification.status) && (
            <div>
              <RetryButton notification={notification} retryingId={retryingId} onRetry={onRetry} />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
