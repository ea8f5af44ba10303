import type { AdminNotification } from "@shared/admin";
import { useMutation, useQuery } from "@tanstack/react-query";
import { ChevronRight, Mail, RefreshCw, RotateCcw } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { QueryState } from "@/components/ui/query-state";
import { toast } from "@/lib/use-toast";
import { showErrorToast } from "@/lib/error-toast";
import { queryClient } from "@/lib/query-client";
import { cn } from "@/lib/utils";
import { publicConfigQuery } from "@/lib/public-config";
import { notificationsQuery, retryNotification, adminKeys } from "./api";
import {
  canRetryNotification,
  formatInstant,
  hasMessagesInFlight,
  isNoteAProblem,
  notificationKindLabel,
  notificationMoment,
  notificationRouteLabel,
  notificationStatusHint,
  notificationStatusLabel,
  notificationStatusVariant,
  outboxSummaryLine,
} from "./notification-format";
import { SectionTitle } from "./section-title";
import { cellClass, type Column, WideTable } from "./wide-table";

/** While a message is being sent, the list looks again this often, so its outcome shows without a click. */
const IN_FLIGHT_REFRESH_MS = 5000;

/**
 * Notifications: the whole outbox in one line ("12 sent, 2 written to files, 0 failing"), which opens the latest 20
 * messages (confirmations, reminders, contact messages) with what became of each, and a second chance for those that
 * failed or were not sent. A table, or cards below 768 px.
 */
export function NotificationsPanel() {
  const messages = useQuery({
    ...notificationsQuery(),
    refetchInterval: (query) =>
      hasMessagesInFlight(query.state.data?.notifications, Date.now()) ? IN_FLIGHT_REFRESH_MS : false,
  });
  const { data: config } = useQuery(publicConfigQuery());

  const retry = useMutation({
    mutationFn: retryNotification,
    onSuccess: () => {
      toast({ title: "Message Queued", description: "The message will be sent again shortly." });
    },
    onError: (retryError, id) => showErrorToast(retryError, undefined, { retry: () => retry.mutate(id) }),
    // Either way the list shows what the message's state is now (another tab may have retried it already).
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.notifications }),
  });

  const [open, setOpen] = useState(false);
  const notifications = messages.data?.notifications ?? [];
  const summary = messages.data?.summary;
  const list: ListProps = {
    notifications,
    timeZone: config?.clinicTimeZone,
    zoneLabel: config?.timeZoneLabel,
    retryingId: retry.isPending ? retry.variables : undefined,
    // Until the answer says otherwise, a channel counts as set up (the server decides a retry anyway).
    channelReady: (notification) =>
      messages.data?.channels[notification.channel] !== "file" &&
      messages.data?.channels[notification.channel] !== "off",
    onRetry: (id) => retry.mutate(id),
  };

  return (
    <section aria-labelledby="notifications-title">
      <Card>
        <div
          className={cn(
            "flex flex-wrap items-center justify-between gap-3 p-5 sm:p-6",
            open && "border-b border-slate-200",
          )}
        >
          <div className="flex min-w-0 flex-col items-start gap-1">
            <SectionTitle id="notifications-title" icon={Mail}>
              Notifications
            </SectionTitle>
            <button
              type="button"
              className="-mx-1 inline-flex items-center gap-1 rounded px-1 text-left text-sm text-slate-700 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
              aria-expanded={open}
              aria-controls="notifications-list"
              onClick={() => setOpen((shown) => !shown)}
            >
              <ChevronRight
                className={cn(
                  "size-4 shrink-0 transition-transform motion-reduce:transition-none",
                  open && "rotate-90",
                )}
                aria-hidden="true"
              />
              <span data-testid="outbox-summary">
                {summary ? outboxSummaryLine(summary) : messages.isPending ? "Loading messages…" : "Messages"}
              </span>
              <span className="sr-only">{open ? ": hide the messages" : ": show the latest messages"}</span>
            </button>
          </div>
          <Button
            variant="outline"
            size="sm"
            aria-busy={messages.isFetching || undefined}
            // Not disabled while loading: a disabled button would drop the keyboard focus.
            onClick={() => void messages.refetch({ cancelRefetch: false })}
          >
            <RefreshCw className={cn(messages.isFetching && "motion-safe:animate-spin")} aria-hidden="true" />
            Refresh
          </Button>
        </div>
        <div id="notifications-list" hidden={!open}>
          {open && (
            <>
              <p className="border-b border-slate-200 px-5 py-3 text-sm text-slate-600 sm:px-6">
                The latest 20 messages: confirmations, reminders and contact messages, and what became of
                each.
              </p>
              <QueryState
                query={messages}
                what="messages"
                isEmpty={(data) => data.notifications.length === 0}
                empty="No messages yet."
              >
                {() => (
                  <>
                    {messages.isError && (
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
              </QueryState>
            </>
          )}
        </div>
      </Card>
    </section>
  );
}

interface RetryProps {
  /** The message whose retry is on its way, if any. */
  retryingId: string | undefined;
  onRetry: (id: string) => void;
  /** Whether the message's channel now sends for real, so a file-written message is worth sending again. */
  channelReady: (notification: AdminNotification) => boolean;
}

interface ListProps extends RetryProps {
  notifications: AdminNotification[];
  timeZone: string | undefined;
  zoneLabel: string | undefined;
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

/**
 * The message's note, clamped to three lines (the whole text is in the title, and read out in full): red when it is
 * an error, grey when it only says what happened (written to a file, cancelled).
 */
function Note({ notification }: { notification: AdminNotification }) {
  const text = notification.lastError;
  if (!text) {
    return <NoValue />;
  }
  const problem = isNoteAProblem(notification);
  return (
    <p
      className={cn("line-clamp-3 text-xs break-words", problem ? "text-red-800" : "text-slate-600")}
      title={text}
      data-testid={problem ? "notification-error" : "notification-note"}
    >
      {text}
    </p>
  );
}

/** Retry, in a block of its own (`className`), where a retry is open to the message; nothing otherwise. */
function RetryButton({
  notification,
  className,
  retryingId,
  onRetry,
  channelReady,
}: { notification: AdminNotification; className?: string } & RetryProps) {
  if (!canRetryNotification(notification.status, channelReady(notification))) return null;
  const busy = retryingId === notification.id;
  // One retry at a time; the buttons are not disabled meanwhile, so the keyboard focus stays where it is.
  const blocked = retryingId !== undefined;
  return (
    <div className={className}>
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
    </div>
  );
}

const NOTIFICATION_COLUMNS: readonly Column[] = [
  { label: "Message" },
  { label: "Booking ID", className: "whitespace-nowrap" },
  { label: "Status" },
  { label: "Attempts", className: "text-right" },
  { label: "When" },
  { label: "Note" },
];

function NotificationsTable({ notifications, timeZone, zoneLabel, ...retry }: ListProps) {
  return (
    <WideTable caption="The latest 20 messages, newest first" columns={NOTIFICATION_COLUMNS}>
      {notifications.map((notification) => (
        <tr key={notification.id} data-testid="notification-row" data-status={notification.status}>
          <td className={`${cellClass} font-medium whitespace-nowrap`}>
            {notificationKindLabel(notification.kind)}
            <span className="block text-xs font-normal text-slate-600">
              {notificationRouteLabel(notification.channel, notification.recipient)}
            </span>
          </td>
          <td className={`${cellClass} font-mono whitespace-nowrap`}>
            {notification.bookingId ? `#${notification.bookingId}` : <NoValue />}
          </td>
          <td className={`${cellClass} min-w-36`}>
            <div className="flex flex-col items-start gap-1">
              <StatusBadge status={notification.status} />
              <StatusHint status={notification.status} />
              <RetryButton notification={notification} className="pt-1" {...retry} />
            </div>
          </td>
          <td className={`${cellClass} text-right tabular-nums`}>{notification.attempts}</td>
          <td className={`${cellClass} whitespace-nowrap`}>
            <When notification={notification} timeZone={timeZone} zoneLabel={zoneLabel} />
          </td>
          <td className={`${cellClass} max-w-72 min-w-48`}>
            <Note notification={notification} />
          </td>
        </tr>
      ))}
    </WideTable>
  );
}

function NotificationCards({ notifications, timeZone, zoneLabel, ...retry }: ListProps) {
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
          {notification.lastError && <Note notification={notification} />}
          <RetryButton notification={notification} {...retry} />
        </li>
      ))}
    </ul>
  );
}
