import type { AdminAppointmentDetails } from "@shared/admin";
import { formatRupees } from "@shared/booking";
import { slotStart } from "@shared/clinic-time";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { RescheduleDialog } from "@/components/appointments/reschedule-dialog";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/input";
import { clockTime } from "./admin-format";
import { formatInstant } from "./notification-format";
import {
  adminKeys,
  adminReceiptUrl,
  type AppointmentAction,
  appointmentAction,
  appointmentDetailsQuery,
  cancelAppointmentAsDoctor,
  rescheduleAppointmentAsDoctor,
  retryRefund,
  todayQuery,
} from "./api";

const REFUND_STATE_WORDS = { pending: "in progress", succeeded: "refunded", failed: "failed" } as const;

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : "Something went wrong. Please try again.";
}

/**
 * The doctor's actions on one appointment (only those open now), its refunds with a retry for a failed one, and
 * its history: who did what, when.
 */
export function AppointmentActions({
  appointmentId,
  timeZone,
  zone,
}: {
  appointmentId: string;
  timeZone: string | undefined;
  zone: string | undefined;
}) {
  const queryClient = useQueryClient();
  const details = useQuery(appointmentDetailsQuery(appointmentId));
  const [dialog, setDialog] = useState<"cancel" | "reschedule" | "no-show" | null>(null);
  const [reason, setReason] = useState("");
  const reasonId = useId();
  const applied = (next: AdminAppointmentDetails) => {
    queryClient.setQueryData(adminKeys.appointmentDetails(appointmentId), next);
    void queryClient.invalidateQueries({ queryKey: adminKeys.appointmentViews });
    void queryClient.invalidateQueries({ queryKey: adminKeys.stats });
    // A move or a cancellation may settle an appointment listed as needing action.
    void queryClient.invalidateQueries({ queryKey: adminKeys.schedule });
    setDialog(null);
  };
  const simple = useMutation({
    mutationFn: (action: AppointmentAction) => appointmentAction(appointmentId, action),
    onSuccess: applied,
  });
  const cancel = useMutation({
    mutationFn: () => cancelAppointmentAsDoctor(appointmentId, reason),
    onSuccess: applied,
  });
  const move = useMutation({
    mutationFn: (slot: { date: string; time: string }) =>
      rescheduleAppointmentAsDoctor(appointmentId, slot.date, slot.time),
    onSuccess: applied,
  });
  const retry = useMutation({ mutationFn: retryRefund, onSuccess: applied });
  if (!details.data) return null;
  const { actions, refunds, history, appointment } = details.data;
  const refundable = Math.max(0, (appointment.paidAmount ?? 0) - (appointment.refundAmount ?? 0));
  /** An action done at one click, with nothing to ask first. */
  const simpleAction = (action: AppointmentAction, label: string) => (
    <Button size="sm" variant="outline" disabled={simple.isPending} onClick={() => simple.mutate(action)}>
      {label}
    </Button>
  );

  return (
    <div className="flex flex-col gap-3 border-t border-slate-200 pt-4">
      <h3 className="text-sm font-semibold text-slate-900">Actions</h3>
      <div className="flex flex-wrap gap-2">
        {actions.complete ? simpleAction("complete", "Mark completed") : null}
        {actions.noShow ? (
          <Button
            size="sm"
            variant="outline"
            disabled={simple.isPending}
            onClick={() => setDialog("no-show")}
          >
            Mark no-show
          </Button>
        ) : null}
        {actions.reschedule ? (
          <Button size="sm" variant="outline" onClick={() => setDialog("reschedule")}>
            Reschedule
          </Button>
        ) : null}
        {actions.resendConfirmation ? simpleAction("resend-confirmation", "Resend confirmation") : null}
        {actions.receipt ? (
          <Button size="sm" variant="outline" asChild>
            <a href={adminReceiptUrl(appointmentId)} download>
              Download receipt
            </a>
          </Button>
        ) : null}
      </div>
      {/* Apart from the day's routine actions, so a tap meant for one of them does not land on it (it asks first). */}
      {actions.cancel ? (
        <div className="border-t border-slate-100 pt-3">
          <Button size="sm" variant="destructive" onClick={() => setDialog("cancel")}>
            Cancel appointment
          </Button>
        </div>
      ) : null}
      {simple.error || retry.error ? (
        <p role="alert" className="text-sm text-red-700">
          {messageOf(simple.error ?? retry.error)}
        </p>
      ) : null}
      {refunds.length > 0 ? (
        <ul aria-label="Refunds" className="flex flex-col gap-1 text-sm">
          {refunds.map((refund) => (
            <li key={refund.refundId} className="flex flex-wrap items-center gap-2">
              <span>
                Refund ₹{formatRupees(refund.amount)}: {REFUND_STATE_WORDS[refund.state]}
                {refund.failureReason ? ` (${refund.failureReason})` : ""}
              </span>
              {refund.state === "failed" ? (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={retry.isPending}
                  onClick={() => retry.mutate(refund.refundId)}
                >
                  Retry refund
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {history.length > 0 ? (
        <div>
          <h3 className="text-sm font-semibold text-slate-900">History</h3>
          <ol className="mt-1 flex flex-col gap-1 text-sm text-slate-700">
            {history.map((entry) => (
              <li key={`${entry.type}-${entry.at}`}>
                <time dateTime={entry.at} className="text-slate-500">
                  {formatInstant(entry.at, timeZone, zone)}
                </time>{" "}
                {entry.summary}
              </li>
            ))}
          </ol>
        </div>
      ) : null}
      <ConfirmDialog
        open={dialog === "no-show"}
        onOpenChange={(open) => setDialog(open ? "no-show" : null)}
        title={`Mark ${appointment.patientName} as a no-show?`}
        description="Under the policy the fee is kept (no refund), and the parent's video link stops working. It cannot be undone here."
        confirmLabel="Mark no-show"
        cancelLabel="Not yet"
        pending={simple.isPending}
        error={simple.error ? messageOf(simple.error) : null}
        onConfirm={() => simple.mutate("no-show")}
      >
        <NoShowTooSoon appointment={appointment} timeZone={timeZone} />
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog === "cancel"}
        onOpenChange={(open) => setDialog(open ? "cancel" : null)}
        title="Cancel this appointment?"
        description={`The parent gets a full refund of ₹${formatRupees(refundable)} and reads your reason.`}
        confirmLabel="Cancel and refund"
        cancelLabel="Keep it"
        pending={cancel.isPending}
        error={cancel.error ? messageOf(cancel.error) : null}
        onConfirm={() => cancel.mutate()}
      >
        <div className="grid gap-2">
          <Label htmlFor={reasonId}>Reason for the parent</Label>
          <Textarea
            id={reasonId}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            rows={3}
          />
        </div>
      </ConfirmDialog>
      <RescheduleDialog
        open={dialog === "reschedule"}
        onOpenChange={(open) => setDialog(open ? "reschedule" : null)}
        timeZoneLabel={zone ?? "IST"}
        pending={move.isPending}
        error={move.error ? messageOf(move.error) : null}
        onConfirm={(date, time) => move.mutate({ date, time })}
      />
    </div>
  );
}

/** The policy's grace: a parent more than this many minutes late may be marked a no-show. */
const NO_SHOW_AFTER_MINUTES = 15;

/**
 * Said in the no-show dialog when the parent is not yet 15 minutes late: the policy's rule, before she confirms. When
 * she told today's parents she was running late (before this parent was past the 15 minutes), they count from the
 * time she gave them.
 */
function NoShowTooSoon({
  appointment,
  timeZone,
}: {
  appointment: AdminAppointmentDetails["appointment"];
  timeZone: string | undefined;
}) {
  // The moment the dialog opened (it is drawn only while open): how late the parent is as she decides.
  const [openedAt] = useState(() => Date.now());
  const today = useQuery(todayQuery());
  if (!timeZone) return null;
  const startsAt = slotStart(appointment.appointmentDate, appointment.appointmentTime, timeZone).getTime();
  // A press counts for this parent when it came before they were already past the grace.
  const graceEnds = startsAt + NO_SHOW_AFTER_MINUTES * 60_000;
  const told = today.data?.date === appointment.appointmentDate ? today.data.runningLate : null;
  const late = told && new Date(told.at).getTime() < graceEnds ? told.minutes : 0;
  // Counted on the server's clock, as Today counts (a phone's own clock may be minutes off).
  const serverAhead = today.data ? new Date(today.data.now).getTime() - today.dataUpdatedAt : 0;
  const minutes = Math.floor((openedAt + serverAhead - startsAt) / 60_000);
  if (minutes >= NO_SHOW_AFTER_MINUTES + late) return null;
  const from = new Date(startsAt + late * 60_000).toISOString();
  const until = new Date(startsAt + (late + NO_SHOW_AFTER_MINUTES) * 60_000).toISOString();
  return (
    <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      It is {Math.max(minutes, 0)} {minutes === 1 ? "minute" : "minutes"} past the start. The policy allows a
      no-show once the parent is more than {NO_SHOW_AFTER_MINUTES} minutes late
      {told && late > 0
        ? `; you told the parents you are running about ${late} minutes late, so count from ${clockTime(from, timeZone)}: after ${clockTime(until, timeZone)}.`
        : "."}
    </p>
  );
}
