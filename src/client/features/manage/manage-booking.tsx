import { formatRupees } from "@shared/booking";
import type { FollowUpLink } from "@shared/follow-up";
import type { ManageView } from "@shared/manage";
import { slotLabel } from "@shared/slots";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CalendarClock, CalendarPlus, Download, Video, XCircle } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link } from "wouter";
import { RescheduleDialog } from "@/components/appointments/reschedule-dialog";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DetailRow } from "@/components/ui/detail";
import { formatLongDateWithWeekday } from "@/lib/format";
import { leadTimeText, opensAtText } from "@/lib/room-window";
import { cancelBooking, manageQuery, receiptUrl, rescheduleBooking } from "./api";
import { Prescriptions } from "./prescriptions";
import { ReportUploads } from "./report-uploads";
import { DataRights } from "./data-rights";
import { MessageLanguage } from "./message-language";
import {
  cancelConsequence,
  PAYMENT_WORDS,
  refundText,
  rescheduleConsequence,
  STATUS_WORDS,
} from "./manage-text";

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DetailRow
      term={label}
      rowClassName="border-b border-slate-100 py-2"
      termClassName="w-40 shrink-0 text-sm font-medium text-slate-600"
      className="text-slate-900"
    >
      {children}
    </DetailRow>
  );
}

/** "The video room opens at 6:00 PM IST, 1 hour before the consultation.", the video page's own words. */
function roomOpensSentence(window: Parameters<typeof opensAtText>[0]): string {
  return `The video room opens at ${opensAtText(window)}, ${leadTimeText(window)} before the consultation.`;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : "Something went wrong. Please try again.";
}

/**
 * The doctor cannot keep the booked time: the parent's choice comes first on the page, another time (free) or a full
 * refund, with what happens if they do neither.
 */
function DoctorUnavailableChoice({
  when,
  refund,
  onReschedule,
  onRefund,
}: {
  when: string;
  refund: number;
  onReschedule: () => void;
  onRefund: () => void;
}) {
  return (
    <section
      aria-labelledby="doctor-unavailable"
      className="grid gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-slate-900"
    >
      <h2 id="doctor-unavailable" className="text-lg font-semibold">
        The doctor is not available at the time you booked
      </h2>
      <p>
        We are sorry: the doctor cannot hold the consultation on {when}. Please choose another time, free of
        charge and not counted among your reschedules, or cancel with a full refund of ₹{formatRupees(refund)}
        .
      </p>
      <p className="text-sm text-slate-700">
        If you do not choose before {when}, the full amount is refunded automatically. The video room for that
        time will not open.
      </p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button type="button" onClick={onReschedule}>
          <CalendarClock aria-hidden="true" className="size-4" /> Choose another time
        </Button>
        <Button type="button" variant="outline" onClick={onRefund}>
          <XCircle aria-hidden="true" className="size-4" /> Cancel with a full refund
        </Button>
      </div>
    </section>
  );
}

/** The parent's booking and the actions the policy allows now, each confirmed with its consequence. */
/** A completed consultation's follow-up, at its own price, until its last day. */
function FollowUpOffer({ followUp }: { followUp: FollowUpLink }) {
  const price = followUp.fee === 0 ? "free" : `₹${formatRupees(followUp.fee)}`;
  return (
    <section
      aria-labelledby="manage-follow-up"
      className="grid gap-2 rounded-md border border-brand-100 bg-brand-50 p-4"
    >
      <h2 id="manage-follow-up" className="text-lg font-semibold text-slate-900">
        Follow-up consultation
      </h2>
      <p className="text-slate-800">
        A follow-up with the doctor is {price} if it takes place by{" "}
        {formatLongDateWithWeekday(followUp.lastDate)}.
      </p>
      <div>
        <Button asChild>
          <a href={new URL(followUp.url).pathname + new URL(followUp.url).search}>
            <CalendarPlus aria-hidden="true" className="size-4" /> Book a follow-up
          </a>
        </Button>
      </div>
    </section>
  );
}

export function ManageBooking({ token, view }: { token: string; view: ManageView }) {
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<"cancel" | "reschedule" | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const done = async (next: ManageView, text: string) => {
    // What else the page shows depends on the booking's state (erasure is offered once it is cancelled or over). It
    // is read again before the page changes, while the dialog still says it is working, so that no part of the page
    // tells the parent to cancel a booking the page already shows as cancelled.
    await queryClient.invalidateQueries({
      queryKey: manageQuery(token).queryKey,
      predicate: (query) => query.queryKey.length > manageQuery(token).queryKey.length,
    });
    queryClient.setQueryData(manageQuery(token).queryKey, next);
    setDialog(null);
    setNotice(text);
  };
  const cancel = useMutation({
    mutationFn: () => cancelBooking(token),
    onSuccess: (next) => done(next, "Your booking is cancelled. A message with the details is on its way."),
  });
  const move = useMutation({
    mutationFn: (slot: { date: string; time: string }) =>
      rescheduleBooking(token, { appointmentDate: slot.date, appointmentTime: slot.time }),
    onSuccess: (next) =>
      done(next, "Your consultation has moved. The new time is on its way by e-mail and WhatsApp."),
  });
  const { appointment, policy } = view;
  const when = `${formatLongDateWithWeekday(appointment.appointmentDate)}, ${slotLabel(appointment.appointmentTime)} ${appointment.timeZoneLabel}`;

  return (
    <div className="grid gap-6">
      {notice ? (
        <p role="status" className="rounded-md bg-green-50 p-3 text-green-900">
          {notice}
        </p>
      ) : null}
      {appointment.doctorUnavailable ? (
        <DoctorUnavailableChoice
          when={when}
          refund={policy.cancel.refundAmount}
          onReschedule={() => setDialog("reschedule")}
          onRefund={() => setDialog("cancel")}
        />
      ) : null}
      <dl>
        <Fact label="Booking ID">#{appointment.bookingId}</Fact>
        <Fact label="Patient">{appointment.patientName}</Fact>
        <Fact label="Date and time">{when}</Fact>
        <Fact label="Duration">{appointment.durationMinutes} minutes</Fact>
        <Fact label="Status">{STATUS_WORDS[appointment.status]}</Fact>
        <Fact label="Consultation">
          {appointment.consultationType === "follow_up"
            ? "Follow-up video consultation"
            : "Video consultation"}
        </Fact>
        <Fact label="Payment">
          {appointment.consultationType === "follow_up" &&
          appointment.amountPaid === 0 &&
          appointment.paymentStatus === "paid"
            ? "Free follow-up"
            : `₹${formatRupees(appointment.amountPaid)} paid`}
          {appointment.paymentStatus === "paid" ? "" : ` · ${PAYMENT_WORDS[appointment.paymentStatus]}`}
        </Fact>
        {appointment.cancellationReason ? (
          <Fact label="Doctor's reason">{appointment.cancellationReason}</Fact>
        ) : null}
        {view.refunds.map((refund) => (
          <Fact key={refund.refundId} label="Refund">
            {refundText(refund, view.refundBusinessDays)}
          </Fact>
        ))}
      </dl>

      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        {appointment.videoRoomUrl ? (
          <Button asChild>
            <a href={new URL(appointment.videoRoomUrl).pathname}>
              <Video aria-hidden="true" className="size-4" /> Video consultation page
            </a>
          </Button>
        ) : null}
        {appointment.receiptAvailable ? (
          <Button asChild variant="outline">
            <a href={receiptUrl(token)} download>
              <Download aria-hidden="true" className="size-4" /> Download receipt (PDF)
            </a>
          </Button>
        ) : null}
      </div>
      {appointment.roomOpensAt ? (
        <p className="text-sm text-slate-700">
          {roomOpensSentence({ ...appointment, opensAt: appointment.roomOpensAt })}
        </p>
      ) : null}

      {view.followUp ? <FollowUpOffer followUp={view.followUp} /> : null}

      <MessageLanguage token={token} language={appointment.language} />

      <ReportUploads token={token} status={appointment.status} />

      <Prescriptions token={token} timeZone={appointment.timeZone} />

      <section aria-labelledby="manage-actions" className="grid gap-3" hidden={appointment.doctorUnavailable}>
        <h2 id="manage-actions" className="text-lg font-semibold text-slate-900">
          Change or cancel
        </h2>
        {policy.reschedule.allowed ? (
          <Button type="button" variant="outline" onClick={() => setDialog("reschedule")}>
            <CalendarClock aria-hidden="true" className="size-4" /> Reschedule ({policy.reschedule.remaining}{" "}
            left)
          </Button>
        ) : (
          <p className="text-sm text-slate-700">{policy.reschedule.message}</p>
        )}
        {policy.cancel.allowed ? (
          <Button type="button" variant="destructive" onClick={() => setDialog("cancel")}>
            <XCircle aria-hidden="true" className="size-4" /> Cancel the booking
          </Button>
        ) : policy.cancel.message !== policy.reschedule.message || policy.reschedule.allowed ? (
          // When neither is possible for the same reason (a past or cancelled booking), it is said once.
          <p className="text-sm text-slate-700">{policy.cancel.message}</p>
        ) : null}
        <p className="text-sm text-slate-600">
          The full policy is on the{" "}
          <Link href="/refunds-cancellations" className="font-medium text-brand-700 underline">
            Refunds &amp; Cancellations
          </Link>{" "}
          page.
        </p>
      </section>

      <DataRights token={token} />

      <ConfirmDialog
        open={dialog === "cancel"}
        onOpenChange={(open) => setDialog(open ? "cancel" : null)}
        title={appointment.doctorUnavailable ? "Cancel with a full refund?" : "Cancel this booking?"}
        description={cancelConsequence(view)}
        confirmLabel={appointment.doctorUnavailable ? "Cancel and refund in full" : "Cancel the booking"}
        cancelLabel="Keep the booking"
        pending={cancel.isPending}
        error={cancel.error ? messageOf(cancel.error) : null}
        onConfirm={() => cancel.mutate()}
      />
      <RescheduleDialog
        open={dialog === "reschedule"}
        onOpenChange={(open) => setDialog(open ? "reschedule" : null)}
        confirmText={(dateLabel, timeLabel) =>
          rescheduleConsequence(
            dateLabel,
            timeLabel,
            policy.reschedule.remaining - 1,
            appointment.doctorUnavailable,
          )
        }
        timeZoneLabel={appointment.timeZoneLabel}
        pending={move.isPending}
        error={move.error ? messageOf(move.error) : null}
        onConfirm={(date, time) => move.mutate({ date, time })}
      />
    </div>
  );
}
