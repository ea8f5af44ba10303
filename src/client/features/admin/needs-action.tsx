import type { AppointmentNeedingAction } from "@shared/schedule-admin";
import { useQuery } from "@tanstack/react-query";
import { CircleAlert, Mail, Phone } from "lucide-react";
import { publicConfigQuery } from "@/lib/public-config";
import { cn } from "@/lib/utils";
import { scheduleQuery } from "./api";
import { appointmentWhen } from "./schedule-format";
import { SectionCard } from "./section-title";

/** The patient's phone and e-mail as links the doctor can use at once. */
export function ContactLinks({ appointment }: { appointment: AppointmentNeedingAction }) {
  const link = "inline-flex items-center gap-1 rounded-sm text-brand-700 underline-offset-4 hover:underline";
  return (
    <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
      <a href={`tel:${appointment.patientPhone.replace(/[^\d+]/g, "")}`} className={link}>
        <Phone className="size-3.5" aria-hidden="true" />
        <span className="sr-only">Call {appointment.patientName}: </span>
        {appointment.patientPhone}
      </a>
      <a href={`mailto:${appointment.patientEmail}`} className={`${link} break-all`}>
        <Mail className="size-3.5 shrink-0" aria-hidden="true" />
        <span className="sr-only">E-mail {appointment.patientName}: </span>
        {appointment.patientEmail}
      </a>
    </p>
  );
}

/** "Aarav Sharma #3f2a9c1e": the patient, and the booking the doctor finds them by. */
export function PatientAndBooking({
  appointment,
  className,
}: {
  appointment: Pick<AppointmentNeedingAction, "patientName" | "bookingId">;
  className?: string;
}) {
  return (
    <p className={cn("font-semibold text-slate-900", className)}>
      {appointment.patientName}{" "}
      <span className="font-mono text-sm font-normal text-slate-600">#{appointment.bookingId}</span>
    </p>
  );
}

/**
 * Appointments Needing Action: confirmed appointments whose time the doctor has since blocked or no longer offers.
 * They are kept, booked and paid, until the doctor has agreed a new time or a cancellation with the patient. Shown
 * only while there is one.
 */
export function NeedsAction() {
  const schedule = useQuery(scheduleQuery());
  const { data: config } = useQuery(publicConfigQuery());
  const items = schedule.data?.needsAction ?? [];
  if (items.length === 0) return null;
  const zone = config?.timeZoneLabel ?? "";
  return (
    <SectionCard
      id="needs-action-title"
      icon={CircleAlert}
      title={<>Appointments Needing Action ({items.length})</>}
      className="border-amber-300"
      headClassName="flex flex-col gap-2 border-b border-amber-200 bg-amber-50 p-5 sm:p-6"
      intro={
        <p className="text-sm text-slate-800">
          These confirmed appointments fall on times you have since blocked or no longer offer. They are kept,
          booked and paid. Call or write to each patient to agree a new time or a cancellation: moving or
          cancelling an appointment (with its refund) from the dashboard is not available yet.
        </p>
      }
    >
      <ul className="divide-y divide-slate-200" aria-label="Appointments needing action">
        {items.map((appointment) => (
          <li
            key={appointment.id}
            className="flex flex-col gap-1.5 p-5 sm:flex-row sm:items-start sm:justify-between sm:gap-6 sm:p-6"
            data-testid="needs-action-row"
          >
            <div className="flex min-w-0 flex-col gap-1">
              <PatientAndBooking appointment={appointment} className="break-words" />
              <p className="text-sm text-slate-700">
                {appointmentWhen(appointment.appointmentDate, appointment.appointmentTime, zone)} ·{" "}
                {appointment.durationMinutes} minutes
              </p>
              <p className="text-sm font-medium text-amber-900">{appointment.why}</p>
            </div>
            <div className="sm:max-w-80">
              <ContactLinks appointment={appointment} />
            </div>
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}
