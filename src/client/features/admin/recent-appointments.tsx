import type { AdminAppointment, AdminAppointmentPage } from "@shared/admin";
import { bookingIdOf, type PublicConfig } from "@shared/booking";
import { slotLabel } from "@shared/slots";
import { useQuery } from "@tanstack/react-query";
import { CalendarClock, Copy, Video } from "lucide-react";
import { useEffect } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import {
  appointmentStatusLabel,
  appointmentStatusVariant,
  formatAppointmentDate,
  paymentStatusLabel,
  paymentStatusVariant,
} from "./admin-format";
import { noteSessionEnded, RECENT_APPOINTMENTS_KEY } from "./admin-session";
import { SectionTitle } from "./section-title";

/** Recent Appointments (spec sections 2 and 9): the ten newest, as a table, or as cards below 768 px. */
export function RecentAppointments() {
  const { data, isPending, isError, error, refetch } = useQuery<AdminAppointmentPage>({
    queryKey: RECENT_APPOINTMENTS_KEY,
  });
  useEffect(() => noteSessionEnded(error), [error]);
  // Slot times are the clinic's; the zone's short name ("IST") says so to a doctor travelling abroad.
  const { data: config } = useQuery<PublicConfig>({ queryKey: ["/api/config"] });
  const zone = config?.timeZoneLabel;
  const appointments = data?.appointments.slice(0, 10) ?? [];

  return (
    <section aria-labelledby="recent-appointments-title">
      <Card>
        <div className="border-b border-slate-200 p-5 sm:p-6">
          <SectionTitle id="recent-appointments-title" icon={CalendarClock}>
            Recent Appointments
          </SectionTitle>
        </div>
        {isPending ? (
          <div className="flex flex-col gap-3 p-5 sm:p-6" aria-busy="true">
            <span className="sr-only" role="status">
              Loading appointments…
            </span>
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : isError ? (
          <div className="flex flex-col items-start gap-3 p-5 sm:p-6">
            <p role="alert" className="text-sm font-medium text-red-700">
              The appointments could not be loaded.
            </p>
            <Button variant="outline" size="sm" onClick={() => void refetch()}>
              Retry
            </Button>
          </div>
        ) : appointments.length === 0 ? (
          <p className="p-5 text-slate-700 sm:p-6">No appointments yet.</p>
        ) : (
          <>
            <AppointmentsTable appointments={appointments} zone={zone} />
            <AppointmentCards appointments={appointments} zone={zone} />
          </>
        )}
      </Card>
    </section>
  );
}

interface ListProps {
  appointments: AdminAppointment[];
  zone: string | undefined;
}

function dateTime(appointment: AdminAppointment, zone: string | undefined): string {
  const time = slotLabel(appointment.appointmentTime);
  return `${formatAppointmentDate(appointment.appointmentDate)}, ${zone ? `${time} ${zone}` : time}`;
}

function StatusCell({ appointment }: { appointment: AdminAppointment }) {
  return (
    <div className="flex flex-col items-start gap-1">
      <Badge variant={appointmentStatusVariant(appointment.status)}>
        {appointmentStatusLabel(appointment.status)}
      </Badge>
      {appointment.statusNote && <p className="max-w-64 text-xs text-slate-600">{appointment.statusNote}</p>}
    </div>
  );
}

function PaymentBadge({ appointment }: { appointment: AdminAppointment }) {
  return (
    <Badge variant={paymentStatusVariant(appointment.paymentStatus)}>
      {paymentStatusLabel(appointment.paymentStatus)}
    </Badge>
  );
}

/** The doctor's and the patient's video links exist for confirmed and completed appointments only. */
function videoLinks(appointment: AdminAppointment): { host: string | null; patient: string | null } {
  const live = appointment.status === "confirmed" || appointment.status === "completed";
  return {
    host: live ? appointment.videoHostUrl : null,
    patient: live ? appointment.videoRoomUrl : null,
  };
}

async function copyPatientLink(url: string): Promise<void> {
  try {
    // Throws where there is no clipboard (a page served over plain HTTP) or the browser refuses.
    await navigator.clipboard.writeText(url);
    toast({ title: "Link Copied", description: "The patient's video link is on the clipboard." });
  } catch {
    toast({
      title: "Copy Failed",
      description: `The link could not be copied. Copy it by hand: ${url}`,
      variant: "destructive",
    });
  }
}

/** "Join as host" (a new tab) and "Copy patient link"; null when the appointment has no video links. */
function VideoActions({ appointment }: { appointment: AdminAppointment }) {
  const { host, patient } = videoLinks(appointment);
  if (!host && !patient) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {host && (
        <Button asChild size="sm">
          <a
            href={host}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Join ${appointment.patientName}'s consultation as host`}
          >
            <Video aria-hidden="true" />
            Join as host
          </a>
        </Button>
      )}
      {patient && (
        <Button
          variant="outline"
          size="sm"
          aria-label={`Copy patient link for ${appointment.patientName}`}
          onClick={() => void copyPatientLink(patient)}
        >
          <Copy aria-hidden="true" />
          Copy patient link
        </Button>
      )}
    </div>
  );
}

function VideoCell({ appointment }: { appointment: AdminAppointment }) {
  const { host, patient } = videoLinks(appointment);
  if (host || patient) return <VideoActions appointment={appointment} />;
  return (
    <>
      <span className="text-slate-500" aria-hidden="true">
        –
      </span>
      <span className="sr-only">No video link</span>
    </>
  );
}

function AppointmentsTable({ appointments, zone }: ListProps) {
  const th = "px-4 py-3 text-left text-sm font-semibold text-slate-700";
  const td = "px-4 py-3 align-top text-sm text-slate-800";
  return (
    <div className="hidden overflow-x-auto md:block">
      <table className="w-full border-collapse">
        <caption className="sr-only">The ten most recent appointments, newest first</caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={th}>
              Booking ID
            </th>
            <th scope="col" className={th}>
              Patient Name
            </th>
            <th scope="col" className={th}>
              Date &amp; Time
            </th>
            <th scope="col" className={th}>
              Status
            </th>
            <th scope="col" className={th}>
              Payment
            </th>
            <th scope="col" className={th}>
              Video
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {appointments.map((appointment) => (
            <tr key={appointment.id} data-testid="appointment-row">
              <td className={`${td} font-mono`} title={appointment.id}>
                {bookingIdOf(appointment.id)}
              </td>
              <td className={`${td} font-medium`}>
                {appointment.patientName}
                <span className="block text-xs font-normal text-slate-600">Age {appointment.patientAge}</span>
              </td>
              <td className={`${td} whitespace-nowrap`}>{dateTime(appointment, zone)}</td>
              <td className={td}>
                <StatusCell appointment={appointment} />
              </td>
              <td className={td}>
                <PaymentBadge appointment={appointment} />
              </td>
              <td className={td}>
                <VideoCell appointment={appointment} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function AppointmentCards({ appointments, zone }: ListProps) {
  return (
    <ul className="divide-y divide-slate-200 md:hidden" aria-label="Recent appointments">
      {appointments.map((appointment) => (
        <li key={appointment.id} className="flex flex-col gap-2 p-4" data-testid="appointment-card">
          <div className="flex items-start justify-between gap-3">
            <p className="min-w-0 font-semibold break-words text-slate-900">{appointment.patientName}</p>
            <span className="shrink-0 font-mono text-sm text-slate-600">
              <span className="sr-only">Booking ID </span>#{bookingIdOf(appointment.id)}
            </span>
          </div>
          <p className="text-sm text-slate-700">{dateTime(appointment, zone)}</p>
          <div className="flex flex-wrap items-start gap-2">
            <StatusCell appointment={appointment} />
            <PaymentBadge appointment={appointment} />
          </div>
          <VideoActions appointment={appointment} />
        </li>
      ))}
    </ul>
  );
}
