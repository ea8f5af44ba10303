import type { AppointmentNeedingAction } from "@shared/schedule-admin";
import { useQuery } from "@tanstack/react-query";
import { useRef } from "react";
import { Button } from "@/components/ui/button";
import { DialogClose } from "@/components/ui/dialog";
import { DialogShell } from "@/components/ui/dialog-shell";
import { publicConfigQuery } from "@/lib/public-config";
import { ContactLinks } from "./needs-action";
import { appointmentWhen } from "./schedule-format";

interface AffectedAppointmentsDialogProps {
  affected: AppointmentNeedingAction[];
  zone: string;
  saving: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** What a schedule change (`useScheduleChange`) holds while the doctor reviews the appointments it would take. */
interface ReviewedChange {
  review: { affected: AppointmentNeedingAction[] } | null;
  isPending: boolean;
  confirm: () => void;
  cancel: () => void;
}

/** The review step of a schedule change: nothing while there is nothing to review. */
export function ScheduleChangeReview({
  change,
  onCancel,
}: {
  change: ReviewedChange;
  onCancel?: () => void;
}) {
  const { data: config } = useQuery(publicConfigQuery());
  if (!change.review) return null;
  return (
    <AffectedAppointmentsDialog
      affected={change.review.affected}
      zone={config?.timeZoneLabel ?? ""}
      saving={change.isPending}
      onConfirm={change.confirm}
      onCancel={() => {
        onCancel?.();
        change.cancel();
      }}
    />
  );
}

/**
 * Shown when a change would take the time of confirmed appointments: they are listed with the patient's contact
 * before anything is saved. The first focus is the safe choice, Go back.
 */
export function AffectedAppointmentsDialog({
  affected,
  zone,
  saving,
  onConfirm,
  onCancel,
}: AffectedAppointmentsDialogProps) {
  const backRef = useRef<HTMLButtonElement>(null);
  const count = affectedCount(affected);
  return (
    <DialogShell
      onOpenChange={(open) => !open && !saving && onCancel()}
      safeRef={backRef}
      className="max-w-xl"
      title={<>This change takes the time of {count}</>}
      description={
        <>
          {affected.length === 1 ? "It is" : "They are"} not cancelled:{" "}
          {affected.length === 1 ? "it stays" : "they stay"} booked and paid, and{" "}
          {affected.length === 1 ? "is" : "are"} listed under Appointments Needing Action. Contact each
          patient to agree a new time or a cancellation; moving or cancelling from the dashboard is not
          available yet.
        </>
      }
      footer={
        <>
          <DialogClose asChild>
            <Button ref={backRef} variant="outline" disabled={saving}>
              Go back
            </Button>
          </DialogClose>
          <Button onClick={onConfirm} disabled={saving}>
            {saving ? "Saving..." : "Save and keep them listed"}
          </Button>
        </>
      }
    >
      <ul
        className="flex flex-col divide-y divide-slate-200 rounded-md border border-slate-200"
        aria-label="Affected appointments"
      >
        {affected.map((appointment) => (
          <li
            key={appointment.id}
            className="flex flex-col gap-1 p-3 text-sm"
            data-testid="affected-appointment"
          >
            <p className="font-semibold text-slate-900">
              {appointment.patientName}{" "}
              <span className="font-mono font-normal text-slate-600">#{appointment.bookingId}</span>
            </p>
            <p className="text-slate-700">
              {appointmentWhen(appointment.appointmentDate, appointment.appointmentTime, zone)}
            </p>
            {appointment.awaitingPayment && (
              <p className="text-amber-900">
                Awaiting payment: if the parent pays after this change, the payment is refunded in full.
              </p>
            )}
            <ContactLinks appointment={appointment} />
          </li>
        ))}
      </ul>
    </DialogShell>
  );
}

/** "1 confirmed appointment", "2 confirmed appointments and 1 booking awaiting payment"... */
function affectedCount(affected: AppointmentNeedingAction[]): string {
  const holds = affected.filter((appointment) => appointment.awaitingPayment).length;
  const confirmed = affected.length - holds;
  const parts = [
    ...(confirmed > 0
      ? [confirmed === 1 ? "1 confirmed appointment" : `${confirmed} confirmed appointments`]
      : []),
    ...(holds > 0 ? [holds === 1 ? "1 booking awaiting payment" : `${holds} bookings awaiting payment`] : []),
  ];
  return parts.join(" and ");
}
