import type { AppointmentNeedingAction } from "@shared/schedule-admin";
import { phoneForDisplay, phoneHref } from "@shared/phone";
import { useMutation, useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Button } from "@/components/ui/button";
import { showErrorToast } from "@/lib/error-toast";
import { formatShortDate } from "@/lib/format";
import { queryClient } from "@/lib/query-client";
import { toast } from "@/lib/use-toast";
import { AppointmentDetailsDialog } from "./appointment-details-dialog";
import { CircleAlert, Mail, Phone } from "lucide-react";
import { publicConfigQuery } from "@/lib/public-config";
import { cn } from "@/lib/utils";
import { adminKeys, appointmentDetailsQuery, askParentsToChoose, scheduleQuery } from "./api";
import { appointmentWhen } from "./schedule-format";
import { SectionCard } from "./section-title";

/** The patient's phone and e-mail as links the doctor can use at once. */
export function ContactLinks({ appointment }: { appointment: AppointmentNeedingAction }) {
  const link = "inline-flex items-center gap-1 rounded-sm text-brand-700 underline-offset-4 hover:underline";
  return (
    <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
      <a href={phoneHref(appointment.patientPhone)} className={link}>
        <Phone className="size-3.5" aria-hidden="true" />
        <span className="sr-only">Call {appointment.patientName}: </span>
        {phoneForDisplay(appointment.patientPhone)}
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

/** One row of the list: the patient and booking, what is said of it, and its contacts and buttons beside. */
function NeedsActionItem({
  testId,
  appointment,
  aside,
  children,
}: {
  testId: string;
  appointment: Pick<AppointmentNeedingAction, "patientName" | "bookingId">;
  aside: ReactNode;
  children: ReactNode;
}) {
  return (
    <li
      className="flex flex-col gap-1.5 p-5 sm:flex-row sm:items-start sm:justify-between sm:gap-6 sm:p-6"
      data-testid={testId}
    >
      <div className="flex min-w-0 flex-col gap-1">
        <PatientAndBooking appointment={appointment} className="break-words" />
        {children}
      </div>
      {aside}
    </li>
  );
}

/**
 * Appointments Needing Action: confirmed appointments whose time the doctor has since blocked or no longer offers,
 * with where each stands: not decided yet (she can ask the parent, or open it to move or cancel it), or waiting for
 * the parent's choice; and, below, those settled since she asked (moved or refunded). Shown only while there is one.
 */
export function NeedsAction() {
  const schedule = useQuery(scheduleQuery());
  const { data: config } = useQuery(publicConfigQuery());
  const [openId, setOpenId] = useState<string | null>(null);
  const opened = useQuery({ ...appointmentDetailsQuery(openId ?? ""), enabled: openId !== null });
  const ask = useMutation({
    mutationFn: (id: string) => askParentsToChoose([id]),
    onSuccess: () => {
      toast({
        title: "The parent is being asked",
        description: "They choose another time (free) or a full refund, by e-mail and WhatsApp.",
      });
      void queryClient.invalidateQueries({ queryKey: adminKeys.schedule });
      // The appointment lists mark the booking as waiting for the parent, without its withdrawn room's links.
      void queryClient.invalidateQueries({ queryKey: adminKeys.appointmentViews });
    },
    onError: (error) => showErrorToast(error),
  });
  const items = schedule.data?.needsAction ?? [];
  const decided = schedule.data?.decidedAfterAsking ?? [];
  // Nothing to show while it loads either; marked busy, since once it arrives it pushes the lists below it down.
  if (schedule.isPending) return <div aria-busy="true" />;
  if (items.length === 0 && decided.length === 0) return null;
  const zone = config?.timeZoneLabel ?? "";
  const openButton = (id: string, name: string) => (
    <Button type="button" variant="outline" size="sm" onClick={() => setOpenId(id)}>
      Open<span className="sr-only"> {name}'s appointment</span>
    </Button>
  );
  return (
    <SectionCard
      id="needs-action-title"
      icon={CircleAlert}
      title={<>Appointments Needing Action ({items.length})</>}
      className="border-amber-300"
      headClassName="flex flex-col gap-2 border-b border-amber-200 bg-amber-50 p-5 sm:p-6"
      intro={
        <p className="text-sm text-slate-800">
          These confirmed appointments fall on times you have since blocked or no longer offer. They stay
          booked and paid until decided: ask the parent to choose another time (free) or a full refund, or
          open one to move or cancel it yourself. A parent who has not chosen by the booked time is refunded
          in full.
        </p>
      }
    >
      <ul className="divide-y divide-slate-200" aria-label="Appointments needing action">
        {items.map((appointment) => (
          <NeedsActionItem
            key={appointment.id}
            testId="needs-action-row"
            appointment={appointment}
            aside={
              <div className="flex flex-col gap-2 sm:max-w-80 sm:items-end">
                <ContactLinks appointment={appointment} />
                <div className="flex flex-wrap gap-2">
                  {appointment.parentAskedAt || appointment.awaitingPayment ? null : (
                    <Button
                      type="button"
                      size="sm"
                      disabled={ask.isPending}
                      onClick={() => ask.mutate(appointment.id)}
                    >
                      Ask the parent
                    </Button>
                  )}
                  {openButton(appointment.id, appointment.patientName)}
                </div>
              </div>
            }
          >
            <p className="text-sm text-slate-700">
              {appointmentWhen(appointment.appointmentDate, appointment.appointmentTime, zone)} ·{" "}
              {appointment.durationMinutes} minutes
            </p>
            <p className="text-sm font-medium text-amber-900">{appointment.why}</p>
            <p className="text-sm text-slate-800" data-testid="needs-action-state">
              {appointment.parentAskedAt
                ? `Waiting for the parent's choice (asked ${formatShortDate(appointment.parentAskedAt.slice(0, 10))})`
                : "Not decided yet"}
            </p>
          </NeedsActionItem>
        ))}
        {decided.map((appointment) => (
          <NeedsActionItem
            key={appointment.id}
            testId="needs-action-decided"
            appointment={appointment}
            aside={openButton(appointment.id, appointment.patientName)}
          >
            <p className="text-sm font-medium text-green-800">
              {appointment.outcome === "moved"
                ? `Moved to ${appointmentWhen(appointment.appointmentDate, appointment.appointmentTime, zone)}`
                : `Refunded in full (was ${appointmentWhen(appointment.appointmentDate, appointment.appointmentTime, zone)})`}
            </p>
          </NeedsActionItem>
        ))}
      </ul>
      <AppointmentDetailsDialog
        appointment={openId ? (opened.data?.appointment ?? null) : null}
        timeZone={config?.clinicTimeZone}
        zone={zone}
        onOpenChange={(open: boolean) => {
          if (!open) setOpenId(null);
        }}
      />
    </SectionCard>
  );
}
