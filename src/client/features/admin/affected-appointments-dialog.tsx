import type { AppointmentNeedingAction } from "@shared/schedule-admin";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { RescheduleDialog } from "@/components/appointments/reschedule-dialog";
import { queryClient } from "@/lib/query-client";
import { Button } from "@/components/ui/button";
import { DialogClose } from "@/components/ui/dialog";
import { DialogShell } from "@/components/ui/dialog-shell";
import { publicConfigQuery } from "@/lib/public-config";
import { adminKeys, rescheduleAppointmentAsDoctor } from "./api";
import { ContactLinks, PatientAndBooking } from "./needs-action";
import { appointmentWhen } from "./schedule-format";

interface AffectedAppointmentsDialogProps {
  affected: AppointmentNeedingAction[];
  zone: string;
  saving: boolean;
  /** Saves the change; `ask` are the confirmed bookings whose parents are to be asked to choose. */
  onConfirm: (ask: string[]) => void;
  onCancel: () => void;
}

/** What a schedule change (`useScheduleChange`) holds while the doctor reviews the appointments it would take. */
interface ReviewedChange {
  review: { affected: AppointmentNeedingAction[] } | null;
  isPending: boolean;
  confirm: (ask?: readonly string[]) => void;
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

/** For each confirmed appointment: ask its parent (the default), or move it to a time the doctor picks. */
type Choice = { kind: "ask" } | { kind: "move" } | { kind: "moved"; to: string };

/** The two choices the doctor makes herself; "moved" follows from picking the new time. */
const CHOICE_OPTIONS: ReadonlyArray<{ kind: "ask" | "move"; label: string }> = [
  { kind: "ask", label: "Ask the parent" },
  { kind: "move", label: "Move to a time I pick" },
];

/**
 * Shown when a change would take the time of confirmed appointments: they are listed with the patient's contact
 * before anything is saved, and for each the doctor chooses to ask the parent (e-mail and WhatsApp at once: another
 * time, free, or a full refund) or to move it herself now. The first focus is the safe choice, Go back.
 */
function AffectedAppointmentsDialog({
  affected,
  zone,
  saving,
  onConfirm,
  onCancel,
}: AffectedAppointmentsDialogProps) {
  const backRef = useRef<HTMLButtonElement>(null);
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const [moving, setMoving] = useState<AppointmentNeedingAction | null>(null);
  const choiceOf = (appointment: AppointmentNeedingAction): Choice =>
    choices[appointment.id] ?? { kind: "ask" };
  const choose = (id: string, choice: Choice) => setChoices((current) => ({ ...current, [id]: choice }));
  const move = useMutation({
    mutationFn: ({ id, date, time }: { id: string; date: string; time: string }) =>
      rescheduleAppointmentAsDoctor(id, date, time),
    onSuccess: (details, { id }) => {
      choose(id, {
        kind: "moved",
        to: appointmentWhen(details.appointment.appointmentDate, details.appointment.appointmentTime, zone),
      });
      setMoving(null);
      void queryClient.invalidateQueries({ queryKey: adminKeys.appointmentViews });
    },
  });
  const toAsk = affected
    .filter((appointment) => !appointment.awaitingPayment && choiceOf(appointment).kind === "ask")
    .map((appointment) => appointment.id);
  const count = affectedCount(affected);
  return (
    <>
      <DialogShell
        onOpenChange={(open) => !open && !saving && onCancel()}
        safeRef={backRef}
        className="max-w-xl"
        title={<>This change takes the time of {count}</>}
        description={
          <>
            Nothing is cancelled by saving. For each confirmed appointment, choose: ask the parent (they are
            told at once by e-mail and WhatsApp and choose another time, free, or a full refund; without a
            choice they are refunded in full at the booked time), or move it yourself to a time you pick.
          </>
        }
        footer={
          <>
            <DialogClose asChild>
              <Button ref={backRef} variant="outline" disabled={saving}>
                Go back
              </Button>
            </DialogClose>
            <Button onClick={() => onConfirm(toAsk)} disabled={saving || move.isPending}>
              {saving ? "Saving..." : toAsk.length > 0 ? "Save and ask the parents" : "Save"}
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
              className="flex flex-col gap-2 p-3 text-sm"
              data-testid="affected-appointment"
            >
              <PatientAndBooking appointment={appointment} />
              <p className="text-slate-700">
                {appointmentWhen(appointment.appointmentDate, appointment.appointmentTime, zone)}
              </p>
              {appointment.awaitingPayment ? (
                <p className="text-amber-900">
                  Awaiting payment: if the parent pays after this change, the payment is refunded in full.
                </p>
              ) : (
                <AppointmentChoice
                  appointment={appointment}
                  choice={choiceOf(appointment)}
                  onChoose={(choice) => choose(appointment.id, choice)}
                  onPickTime={() => setMoving(appointment)}
                />
              )}
              <ContactLinks appointment={appointment} />
            </li>
          ))}
        </ul>
      </DialogShell>
      <RescheduleDialog
        open={moving !== null}
        onOpenChange={(open) => {
          if (!open) setMoving(null);
        }}
        timeZoneLabel={zone}
        pending={move.isPending}
        error={move.error instanceof Error ? move.error.message : null}
        onConfirm={(date, time) => moving && move.mutate({ id: moving.id, date, time })}
      />
    </>
  );
}

function AppointmentChoice({
  appointment,
  choice,
  onChoose,
  onPickTime,
}: {
  appointment: AppointmentNeedingAction;
  choice: Choice;
  onChoose: (choice: Choice) => void;
  onPickTime: () => void;
}) {
  const name = `choice-${appointment.id}`;
  if (choice.kind === "moved")
    return <p className="font-medium text-green-800">Moved to {choice.to}; the parent is told.</p>;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="sr-only">What to do about {appointment.patientName}'s appointment</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {CHOICE_OPTIONS.map(({ kind, label }) => (
          <label key={kind} className="inline-flex items-center gap-2">
            <input
              type="radio"
              name={name}
              checked={choice.kind === kind}
              onChange={() => onChoose({ kind })}
              className="size-4 accent-brand-700"
            />
            {label}
          </label>
        ))}
      </div>
      {choice.kind === "move" ? (
        <Button type="button" variant="outline" size="sm" className="self-start" onClick={onPickTime}>
          Pick the new time
        </Button>
      ) : null}
    </fieldset>
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
