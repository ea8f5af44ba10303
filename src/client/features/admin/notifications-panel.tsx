import { OUTBOX_FILTERS, OUTBOX_PAGE_SIZE, type OutboxFilter, type OutboxListEntry } from "@shared/admin";
import { useInfiniteQuery, useMutation, useQuery } from "@tanstack/react-query";
import { ChevronRight, Mail, RefreshCw, RotateCcw } from "lucide-react";
import { type FormEvent, useState } from "react";
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
  deliveryProblemInWords,
  isNoteAProblem,
  notificationKindLabel,
  notificationMoment,
  notificationRouteLabel,
  notificationStatusHint,
  notificationStatusLabel,
  notificationStatusVariant,
  OUTBOX_FILTER_LABELS,
  outboxFilterCount,
  outboxListLine,
  outboxSummaryLine,
} from "./notification-format";
import { SearchBox } from "./search-box";
import { ShowSelect } from "./show-select";
import { SectionTitle } from "./section-title";
import { cellClass, type Column, WideTable } from "./wide-table";

/** While a message is being sent, the list looks again this often, so its outcome shows without a click. */
const IN_FLIGHT_REFRESH_MS = 5000;

/** Each message once: a page asked for after new messages arrived repeats the last ones of the page before. */
function uniqueById(messages: OutboxListEntry[]): OutboxListEntry[] {
  const seen = new Set<string>();
  return messages.filter((message) => !seen.has(message.id) && Boolean(seen.add(message.id)));
}

/**
 * Notifications: the whole outbox in one line ("12 sent, 2 written to files, 0 failing"), which opens the messages
 * (confirmations, reminders, prescriptions, contact messages), newest first, 20 at a time with "Show more", with what
 * became of each and a second chance for those that failed or were not sent. They can be narrowed to one outcome
 * (failing, waiting...) and found by the patient's or parent's name or the booking id. A table, or cards below
 * 768 px.
 */
export function NotificationsPanel() {
  const [filter, setFilter] = useState<OutboxFilter>("all");
  const [search, setSearch] = useState("");
  const [draft, setDraft] = useState("");
  const messages = useInfiniteQuery({
    ...notificationsQuery(filter, search),
    refetchInterval: (query) =>
      hasMessagesInFlight(
        query.state.data?.pages.flatMap((page) => page.notifications),
        Date.now(),
      )
        ? IN_FLIGHT_REFRESH_MS
        : false,
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

  // The page is for the messages: they show at once, and the summary line folds them away.
  const [open, setOpen] = useState(true);
  const pages = messages.data?.pages ?? [];
  const notifications = uniqueById(pages.flatMap((page) => page.notifications));
  const first = pages[0];
  const summary = first?.summary;
  const total = pages.at(-1)?.total ?? 0;
  const line = outboxListLine({ shown: notifications.length, total, filter, search });
  const find = (event: FormEvent) => {
    event.preventDefault();
    setSearch(draft.trim());
  };
  const list: ListProps = {
    caption: line,
    notifications,
    timeZone: config?.clinicTimeZone,
    zoneLabel: config?.timeZoneLabel,
    retryingId: retry.isPending ? retry.variables : undefined,
    // Until the answer says otherwise, a channel counts as set up (the server decides a retry anyway).
    channelReady: (notification) =>
      first?.channels[notification.channel] !== "file" && first?.channels[notification.channel] !== "off",
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
              <span className="sr-only">{open ? ": hide the messages" : ": show the messages"}</span>
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
              <div className="flex flex-col gap-3 border-b border-slate-200 px-5 py-4 sm:px-6">
                <p className="text-sm text-slate-600">
                  Confirmations, reminders, prescriptions and contact messages, newest first, and what became
                  of each. Choose Failing to see every message that did not go out.
                </p>
                <form
                  role="search"
                  aria-label="Find messages"
                  onSubmit={find}
                  className="flex flex-col gap-3 sm:flex-row sm:items-end"
                >
                  <ShowSelect
                    id="outbox-filter"
                    value={filter}
                    options={OUTBOX_FILTERS}
                    optionLabel={(value) =>
                      OUTBOX_FILTER_LABELS[value] + (summary ? ` (${outboxFilterCount(value, summary)})` : "")
                    }
                    onChange={setFilter}
                  />
                  <SearchBox
                    id="outbox-search"
                    label="Patient name or booking ID"
                    value={draft}
                    onChange={setDraft}
                  />
                </form>
              </div>
              <QueryState
                query={{ isPending: messages.isPending, data: first, refetch: () => messages.refetch() }}
                what="messages"
                isEmpty={() => notifications.length === 0}
                empty={line}
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
                    <p
                      role="status"
                      className="border-b border-slate-200 px-5 py-2 text-sm text-slate-700 sm:px-6"
                      data-testid="outbox-list-line"
                    >
                      {line}
                    </p>
                    <NotificationsTable {...list} />
                    <NotificationCards {...list} />
                    {messages.hasNextPage && (
                      <div className="border-t border-slate-200 px-5 py-4 sm:px-6">
                        <Button
                          variant="outline"
                          className="w-full sm:w-auto"
                          aria-busy={messages.isFetchingNextPage || undefined}
                          onClick={() => {
                            if (!messages.isFetchingNextPage) void messages.fetchNextPage();
                          }}
                        >
                          {messages.isFetchingNextPage
                            ? "Loading…"
                            : `Show ${Math.min(OUTBOX_PAGE_SIZE, total - notifications.length)} more`}
                        </Button>
                      </div>
                    )}
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
  channelReady: (notification: OutboxListEntry) => boolean;
}

interface ListProps extends RetryProps {
  /** What the list shows, in a sentence: the table's caption. */
  caption: string;
  notifications: OutboxListEntry[];
  timeZone: string | undefined;
  zoneLabel: string | undefined;
}

/** "Confirmation, E-mail to patient, booking #3f2a9c1e": names a message for the Retry button's label. */
function messageName(notification: OutboxListEntry): string {
  const what = `${notificationKindLabel(notification.kind)}, ${notificationRouteLabel(notification.channel, notification.recipient)}`;
  return notification.bookingId ? `${what}, booking #${notification.bookingId}` : what;
}

function StatusBadge({ status, attempts }: { status: string; attempts: number }) {
  return (
    <Badge variant={notificationStatusVariant(status)}>{notificationStatusLabel(status, attempts)}</Badge>
  );
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
}: { notification: OutboxListEntry; inline?: boolean } & ZoneProps) {
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
 * an error, grey when it only says what happened (written to a file, cancelled). A delivery error the site knows is
 * said in plain words, with the service's own words under "Technical details" for whoever runs the site.
 */
function Note({ notification }: { notification: OutboxListEntry }) {
  const text = notification.lastError;
  if (!text) {
    return <NoValue />;
  }
  const problem = isNoteAProblem(notification);
  const words = problem ? deliveryProblemInWords(notification.channel, text, notification.status) : null;
  if (words)
    return (
      <div className="flex flex-col gap-1 text-xs" data-testid="notification-error">
        <p className="break-words text-red-800">{words}</p>
        <details className="text-slate-600">
          <summary className="cursor-pointer">Technical details</summary>
          <p className="break-words">{text}</p>
        </details>
      </div>
    );
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
}: { notification: OutboxListEntry; className?: string } & RetryProps) {
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
  { label: "Patient or sender" },
  { label: "Status" },
  { label: "Attempts", className: "text-right" },
  { label: "When" },
  { label: "Note" },
];

/** Whom a message is about: the patient (or contact sender) and the booking id, where known. */
function Who({ notification }: { notification: OutboxListEntry }) {
  if (!notification.name && !notification.bookingId) return <NoValue />;
  return (
    <>
      {notification.name && <span className="block break-words">{notification.name}</span>}
      {notification.bookingId && (
        <span className="block font-mono text-xs text-slate-600">
          <span className="sr-only">Booking ID </span>#{notification.bookingId}
        </span>
      )}
    </>
  );
}

function NotificationsTable({ caption, notifications, timeZone, zoneLabel, ...retry }: ListProps) {
  return (
    <WideTable caption={caption} columns={NOTIFICATION_COLUMNS}>
      {notifications.map((notification) => (
        <tr key={notification.id} data-testid="notification-row" data-status={notification.status}>
          <td className={`${cellClass} font-medium whitespace-nowrap`}>
            {notificationKindLabel(notification.kind)}
            <span className="block text-xs font-normal text-slate-600">
              {notificationRouteLabel(notification.channel, notification.recipient)}
            </span>
          </td>
          <td className={`${cellClass} max-w-48 min-w-32`}>
            <Who notification={notification} />
          </td>
          <td className={`${cellClass} min-w-36`}>
            <div className="flex flex-col items-start gap-1">
              <StatusBadge status={notification.status} attempts={notification.attempts} />
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
    <ul className="divide-y divide-slate-200 md:hidden" aria-label="Messages">
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
            {(notification.name ?? notification.bookingId) && (
              <div className="max-w-[50%] shrink-0 text-right text-sm text-slate-700">
                <Who notification={notification} />
              </div>
            )}
          </div>
          <div className="flex flex-col items-start gap-1">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <StatusBadge status={notification.status} attempts={notification.attempts} />
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
