import { type AdminAppointment, APPOINTMENT_VIEWS, type AppointmentView } from "@shared/admin";
import { keepPreviousData, useQueries, useQuery } from "@tanstack/react-query";
import { CalendarClock, ChevronLeft, ChevronRight } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { QueryState } from "@/components/ui/query-state";
import { useTabs } from "@/components/ui/tabs";
import { cn } from "@/lib/utils";
import { publicConfigQuery } from "@/lib/public-config";
import { appointmentDateTime, patientAge } from "./admin-format";
import { AppointmentStatusBadge, ParentAskedBadge, PaymentStatusBadge } from "./status-badges";
import { APPOINTMENTS_PAGE_SIZE, appointmentViewQuery } from "./api";
import { OpenedAppointmentDialog } from "./appointment-details-dialog";
import { SectionCard } from "./section-title";
import { VideoActions } from "./video-actions";
import { cellClass, type Column, WideTable } from "./wide-table";

const viewLabels: Record<AppointmentView, string> = {
  upcoming: "Upcoming",
  past: "Past",
  cancelled: "Cancelled / refunded",
};

const emptyText: Record<AppointmentView, string> = {
  upcoming: "No upcoming appointments.",
  past: "No past appointments yet.",
  cancelled: "No cancelled or refunded appointments.",
};

/**
 * Appointments: upcoming (soonest first, today's highlighted), past, and cancelled or refunded, each in pages of
 * ten. Each row opens the patient's details, with the host link.
 */
export function AppointmentsPanel() {
  const [view, setView] = useState<AppointmentView>("upcoming");
  // Each list's way back: the cursors of the pages before the one shown (null is the first page).
  const [pages, setPages] = useState<Record<AppointmentView, (string | null)[]>>({
    upcoming: [null],
    past: [null],
    cancelled: [null],
  });
  const [selected, setSelected] = useState<AdminAppointment | null>(null);
  const cursors = pages[view];
  const cursor = cursors.at(-1) ?? null;
  const current = useQuery({ ...appointmentViewQuery(view, cursor), placeholderData: keepPreviousData });
  // The first page of every list, for the number on each tab.
  const firstPages = useQueries({
    queries: APPOINTMENT_VIEWS.map((name) => appointmentViewQuery(name, null)),
  });
  const { data: config } = useQuery(publicConfigQuery());
  const zone = config?.timeZoneLabel;

  const tabProps = useTabs(APPOINTMENT_VIEWS, view, setView);

  const page = current.data?.view === view ? current.data : undefined;
  const listOf = (data: NonNullable<typeof page>): ListProps => ({
    appointments: data.appointments,
    today: data.today,
    zone,
    view,
    onOpen: setSelected,
  });
  const pageNumber = cursors.length;
  const first = (pageNumber - 1) * APPOINTMENTS_PAGE_SIZE + 1;

  return (
    <SectionCard
      id="appointments-title"
      icon={CalendarClock}
      title="Recent Appointments"
      headClassName="flex flex-col gap-4 border-b border-slate-200 p-5 sm:p-6"
      intro={
        <div role="tablist" aria-label="Appointments" className="-mb-px flex flex-wrap gap-1">
          {APPOINTMENT_VIEWS.map((name, index) => {
            const total = firstPages[index]?.data?.total;
            const active = name === view;
            return (
              <button
                key={name}
                {...tabProps(name)}
                id={`appointments-tab-${name}`}
                aria-controls="appointments-tabpanel"
                className={cn(
                  "inline-flex h-9 items-center gap-2 rounded-md px-3 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-brand-600",
                  active ? "bg-brand-700 text-white" : "text-slate-700 hover:bg-slate-100",
                )}
              >
                {viewLabels[name]}
                {total !== undefined && (
                  <span
                    className={cn(
                      "rounded-full px-1.5 text-xs tabular-nums",
                      active ? "bg-white/20" : "bg-slate-100 text-slate-700",
                    )}
                  >
                    {total}
                  </span>
                )}
              </button>
            );
          })}
        </div>
      }
    >
      <div role="tabpanel" id="appointments-tabpanel" aria-labelledby={`appointments-tab-${view}`}>
        <QueryState
          query={{
            isPending: page === undefined && current.isFetching,
            data: page,
            refetch: current.refetch,
          }}
          what="appointments"
          isEmpty={(data) => data.appointments.length === 0}
          empty={emptyText[view]}
        >
          {(data) => (
            <>
              {/* The same rows twice: a table from 768 px up, cards below. */}
              <AppointmentsTable {...listOf(data)} />
              <AppointmentCards {...listOf(data)} />
              {(pageNumber > 1 || data.nextCursor) && (
                <nav
                  aria-label={`${viewLabels[view]} appointments pages`}
                  className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-5 py-3 sm:px-6"
                >
                  <p className="text-sm text-slate-600">
                    {first}–{first + data.appointments.length - 1} of {data.total}
                  </p>
                  <div className="flex gap-2">
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={pageNumber === 1}
                      onClick={() => setPages((all) => ({ ...all, [view]: cursors.slice(0, -1) }))}
                    >
                      <ChevronLeft aria-hidden="true" />
                      Previous
                    </Button>
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={!data.nextCursor}
                      onClick={() => setPages((all) => ({ ...all, [view]: [...cursors, data.nextCursor] }))}
                    >
                      Next
                      <ChevronRight aria-hidden="true" />
                    </Button>
                  </div>
                </nav>
              )}
            </>
          )}
        </QueryState>
      </div>
      <OpenedAppointmentDialog appointment={selected} onClose={() => setSelected(null)} />
    </SectionCard>
  );
}

interface ListProps {
  appointments: AdminAppointment[];
  today: string;
  zone: string | undefined;
  view: AppointmentView;
  onOpen: (appointment: AdminAppointment) => void;
}

function TodayBadge() {
  return <Badge variant="default">Today</Badge>;
}

function StatusBadges({ appointment }: { appointment: AdminAppointment }) {
  return (
    <div className="flex flex-wrap items-start gap-1">
      <AppointmentStatusBadge status={appointment.status} />
      <PaymentStatusBadge status={appointment.paymentStatus} />
      <ParentAskedBadge parentAskedAt={appointment.parentAskedAt} />
    </div>
  );
}

/** The patient's name as the button that opens the details: the keyboard's way in (the whole row is the mouse's). */
function OpenButton({ appointment, onOpen }: { appointment: AdminAppointment; onOpen: ListProps["onOpen"] }) {
  return (
    <button
      type="button"
      className="text-left font-semibold break-words text-brand-800 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
      aria-label={`${appointment.patientName}: details`}
      onClick={(event) => {
        event.stopPropagation();
        onOpen(appointment);
      }}
    >
      {appointment.patientName}
    </button>
  );
}

const APPOINTMENT_COLUMNS: readonly Column[] = [
  { label: "Date & Time" },
  { label: "Patient" },
  { label: "Status" },
  { label: "Booking ID" },
  { label: "Video" },
];

function AppointmentsTable({ appointments, today, zone, view, onOpen }: ListProps) {
  return (
    <WideTable
      caption={<>{viewLabels[view]} appointments; choose a patient&apos;s name for the details</>}
      columns={APPOINTMENT_COLUMNS}
    >
      {appointments.map((appointment) => {
        const isToday = view === "upcoming" && appointment.appointmentDate === today;
        return (
          <tr
            key={appointment.id}
            data-testid="appointment-row"
            data-today={isToday || undefined}
            className={cn("cursor-pointer hover:bg-slate-50", isToday && "bg-brand-50/60 hover:bg-brand-50")}
            onClick={() => onOpen(appointment)}
          >
            <td className={`${cellClass} whitespace-nowrap`}>
              <div className="flex flex-col items-start gap-1">
                {appointmentDateTime(appointment, zone)}
                {isToday && <TodayBadge />}
              </div>
            </td>
            <td className={cellClass}>
              <OpenButton appointment={appointment} onOpen={onOpen} />
              <span className="block text-xs text-slate-600">{patientAge(appointment)}</span>
            </td>
            <td className={cellClass}>
              <StatusBadges appointment={appointment} />
            </td>
            <td className={`${cellClass} font-mono`} title={appointment.id}>
              {appointment.bookingId}
            </td>
            <td className={cellClass} onClick={(event) => event.stopPropagation()}>
              <VideoActions appointment={appointment} compact />
            </td>
          </tr>
        );
      })}
    </WideTable>
  );
}

function AppointmentCards({ appointments, today, zone, view, onOpen }: ListProps) {
  return (
    <ul className="divide-y divide-slate-200 md:hidden" aria-label={`${viewLabels[view]} appointments`}>
      {appointments.map((appointment) => {
        const isToday = view === "upcoming" && appointment.appointmentDate === today;
        return (
          <li
            key={appointment.id}
            className={cn("flex flex-col gap-2 p-4", isToday && "bg-brand-50/60")}
            data-testid="appointment-card"
            data-today={isToday || undefined}
          >
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <OpenButton appointment={appointment} onOpen={onOpen} />
                <p className="text-xs text-slate-600">{patientAge(appointment)}</p>
              </div>
              <span className="shrink-0 font-mono text-sm text-slate-600">
                <span className="sr-only">Booking ID </span>#{appointment.bookingId}
              </span>
            </div>
            <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
              {appointmentDateTime(appointment, zone)}
              {isToday && <TodayBadge />}
            </p>
            <StatusBadges appointment={appointment} />
            <VideoActions appointment={appointment} compact />
          </li>
        );
      })}
    </ul>
  );
}
