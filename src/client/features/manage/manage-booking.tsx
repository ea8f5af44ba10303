import type { FollowUpLink } from "@shared/follow-up";
import type { ManageView } from "@shared/manage";
import { clinicDate } from "@shared/clinic-time";
import { pathInLanguage } from "@shared/i18n/languages";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CalendarClock, CalendarPlus, Download, Video, XCircle } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link } from "wouter";
import { RescheduleDialog } from "@/components/appointments/reschedule-dialog";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DetailRow } from "@/components/ui/detail";
import { useClockTime } from "@/lib/consultation-hours";
import { Message, useDates, useLanguage, useRupees, useT } from "@/lib/i18n";
import { clinicClock, leadTimeInWords } from "@/lib/room-opening";
import { cancelBooking, manageQuery, receiptUrl, rescheduleBooking } from "./api";
import { Prescriptions } from "./prescriptions";
import { ReportUploads } from "./report-uploads";
import { DataRights } from "./data-rights";
import { MessageLanguage } from "./message-language";
import {
  cancelConsequence,
  LEAD_TIME_IDS,
  type ManageWords,
  paymentWords,
  refundText,
  rescheduleConsequence,
  statusWords,
} from "./manage-text";
import { useRescheduleWords } from "./reschedule-words";
import { useServerWords } from "./server-words";

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

/** "The video room opens at 6:00 PM IST, 1 hour before the consultation.", in the page's language. */
function RoomOpens({ appointment }: { appointment: ManageView["appointment"] & { roomOpensAt: string } }) {
  const t = useT();
  const dates = useDates();
  const clockTime = useClockTime();
  const { roomOpensAt, timeZone } = appointment;
  const opensOn = clinicDate(new Date(roomOpensAt), timeZone);
  const time = clockTime(clinicClock(roomOpensAt, timeZone), appointment.timeZoneLabel);
  // The time alone when the room opens on the consultation's own date, else the date too.
  const opens = opensOn === appointment.appointmentDate ? time : `${dates.longWithWeekday(opensOn)}, ${time}`;
  return (
    <p className="text-sm text-slate-700">
      {t("manage.roomOpens", {
        opens,
        lead: leadTimeInWords(t, LEAD_TIME_IDS, roomOpensAt, appointment.startsAt),
      })}
    </p>
  );
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
  refund: string;
  onReschedule: () => void;
  onRefund: () => void;
}) {
  const t = useT();
  return (
    <section
      aria-labelledby="doctor-unavailable"
      className="grid gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-slate-900"
    >
      <h2 id="doctor-unavailable" className="text-lg font-semibold">
        {t("manage.unavailable.title")}
      </h2>
      <p>{t("manage.unavailable.text", { when, refund })}</p>
      <p className="text-sm text-slate-700">{t("manage.unavailable.deadline", { when })}</p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button type="button" size="wrap" onClick={onReschedule}>
          <CalendarClock aria-hidden="true" className="size-4" /> {t("manage.unavailable.reschedule")}
        </Button>
        <Button type="button" variant="outline" size="wrap" onClick={onRefund}>
          <XCircle aria-hidden="true" className="size-4" /> {t("manage.unavailable.refund")}
        </Button>
      </div>
    </section>
  );
}

/** A completed consultation's follow-up, at its own price, until its last day. */
function FollowUpOffer({ followUp }: { followUp: FollowUpLink }) {
  const t = useT();
  const rupees = useRupees();
  const dates = useDates();
  const language = useLanguage();
  const price = followUp.fee === 0 ? t("manage.followUp.free") : rupees(followUp.fee);
  const link = new URL(followUp.url);
  return (
    <section
      aria-labelledby="manage-follow-up"
      className="grid gap-2 rounded-md border border-brand-100 bg-brand-50 p-4"
    >
      <h2 id="manage-follow-up" className="text-lg font-semibold text-slate-900">
        {t("manage.followUp.title")}
      </h2>
      <p className="text-slate-800">
        {t("manage.followUp.text", { price, date: dates.longWithWeekday(followUp.lastDate) })}
      </p>
      <div>
        <Button asChild size="wrap">
          {/* The follow-up is booked on the home page in the page's language. */}
          <a href={pathInLanguage(link.pathname, language) + link.search}>
            <CalendarPlus aria-hidden="true" className="size-4" /> {t("manage.followUp.book")}
          </a>
        </Button>
      </div>
    </section>
  );
}

/** The page's words for the manage page's sentences: its translator and rupees. */
function useManageWords(): ManageWords {
  return { t: useT(), rupees: useRupees() };
}

/** The parent's booking and the actions the policy allows now, each confirmed with its consequence. */
export function ManageBooking({ token, view }: { token: string; view: ManageView }) {
  const queryClient = useQueryClient();
  const words = useManageWords();
  const { t, rupees } = words;
  const dates = useDates();
  const clockTime = useClockTime();
  const language = useLanguage();
  const server = useServerWords();
  const rescheduleWords = useRescheduleWords();
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
    onSuccess: (next) => done(next, t("manage.notice.cancelled")),
  });
  const move = useMutation({
    mutationFn: (slot: { date: string; time: string }) =>
      rescheduleBooking(token, { appointmentDate: slot.date, appointmentTime: slot.time }),
    onSuccess: (next) => done(next, t("manage.notice.moved")),
  });
  const { appointment, policy } = view;
  const when = t("manage.when", {
    date: dates.longWithWeekday(appointment.appointmentDate),
    time: clockTime(appointment.appointmentTime, appointment.timeZoneLabel),
  });
  const refusal = (decision: { reason?: string; message?: string }) =>
    decision.reason
      ? t(`manage.refusal.${decision.reason}` as "manage.refusal.started")
      : (decision.message ?? "");

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
          refund={rupees(policy.cancel.refundAmount)}
          onReschedule={() => setDialog("reschedule")}
          onRefund={() => setDialog("cancel")}
        />
      ) : null}
      <dl>
        <Fact label={t("manage.fact.bookingId")}>#{appointment.bookingId}</Fact>
        <Fact label={t("manage.fact.patient")}>{appointment.patientName}</Fact>
        <Fact label={t("manage.fact.when")}>{when}</Fact>
        <Fact label={t("manage.fact.duration")}>
          {t("manage.fact.minutes", { minutes: appointment.durationMinutes })}
        </Fact>
        <Fact label={t("manage.fact.status")}>{statusWords(t, appointment.status)}</Fact>
        <Fact label={t("manage.fact.consultation")}>
          {appointment.consultationType === "follow_up"
            ? t("manage.consultation.followUp")
            : t("manage.consultation.first")}
        </Fact>
        <Fact label={t("manage.fact.payment")}>
          {appointment.consultationType === "follow_up" &&
          appointment.amountPaid === 0 &&
          appointment.paymentStatus === "paid"
            ? t("manage.payment.freeFollowUp")
            : t("manage.payment.paid", { amount: rupees(appointment.amountPaid) })}
          {appointment.paymentStatus === "paid" ? "" : ` · ${paymentWords(t, appointment.paymentStatus)}`}
        </Fact>
        {appointment.cancellationReason ? (
          // The doctor's own words, as she wrote them.
          <Fact label={t("manage.fact.reason")}>{appointment.cancellationReason}</Fact>
        ) : null}
        {view.refunds.map((refund) => (
          <Fact key={refund.refundId} label={t("manage.fact.refund")}>
            {refundText(words, refund, view.refundBusinessDays)}
          </Fact>
        ))}
      </dl>

      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        {appointment.videoRoomUrl ? (
          <Button asChild size="wrap">
            {/* The room speaks the page's language, whichever the link the server gave. */}
            <a href={pathInLanguage(new URL(appointment.videoRoomUrl).pathname, language)}>
              <Video aria-hidden="true" className="size-4" /> {t("manage.videoPage")}
            </a>
          </Button>
        ) : null}
        {appointment.receiptAvailable ? (
          <Button asChild variant="outline" size="wrap">
            <a href={receiptUrl(token)} download>
              <Download aria-hidden="true" className="size-4" /> {t("manage.receipt")}
            </a>
          </Button>
        ) : null}
      </div>
      {appointment.roomOpensAt ? (
        <RoomOpens appointment={{ ...appointment, roomOpensAt: appointment.roomOpensAt }} />
      ) : null}

      {view.followUp ? <FollowUpOffer followUp={view.followUp} /> : null}

      <MessageLanguage token={token} language={appointment.language} />

      <ReportUploads token={token} status={appointment.status} />

      <Prescriptions token={token} timeZone={appointment.timeZone} />

      <section aria-labelledby="manage-actions" className="grid gap-3" hidden={appointment.doctorUnavailable}>
        <h2 id="manage-actions" className="text-lg font-semibold text-slate-900">
          {t("manage.actions.title")}
        </h2>
        {policy.reschedule.allowed ? (
          <Button type="button" variant="outline" size="wrap" onClick={() => setDialog("reschedule")}>
            <CalendarClock aria-hidden="true" className="size-4" />{" "}
            {t("manage.actions.reschedule", { count: policy.reschedule.remaining })}
          </Button>
        ) : (
          <p className="text-sm text-slate-700">{refusal(policy.reschedule)}</p>
        )}
        {policy.cancel.allowed ? (
          <Button type="button" variant="destructive" size="wrap" onClick={() => setDialog("cancel")}>
            <XCircle aria-hidden="true" className="size-4" /> {t("manage.actions.cancel")}
          </Button>
        ) : policy.cancel.message !== policy.reschedule.message || policy.reschedule.allowed ? (
          // When neither is possible for the same reason (a past or cancelled booking), it is said once.
          <p className="text-sm text-slate-700">{refusal(policy.cancel)}</p>
        ) : null}
        <p className="text-sm text-slate-600">
          <Message
            id="manage.actions.policy"
            components={{
              0: <Link href="/refunds-cancellations" className="font-medium text-brand-700 underline" />,
            }}
          />
        </p>
      </section>

      <DataRights token={token} />

      <ConfirmDialog
        open={dialog === "cancel"}
        onOpenChange={(open) => setDialog(open ? "cancel" : null)}
        title={appointment.doctorUnavailable ? t("manage.cancel.titleUnavailable") : t("manage.cancel.title")}
        description={cancelConsequence(words, view)}
        confirmLabel={
          appointment.doctorUnavailable ? t("manage.cancel.confirmUnavailable") : t("manage.cancel.confirm")
        }
        cancelLabel={t("manage.cancel.keep")}
        pending={cancel.isPending}
        error={cancel.error ? server.failure(cancel.error) : null}
        onConfirm={() => cancel.mutate()}
      />
      <RescheduleDialog
        open={dialog === "reschedule"}
        onOpenChange={(open) => setDialog(open ? "reschedule" : null)}
        words={rescheduleWords}
        confirmText={(date, time) =>
          rescheduleConsequence(words, {
            date,
            time,
            remainingAfter: policy.reschedule.remaining - 1,
            free: appointment.doctorUnavailable,
          })
        }
        timeZoneLabel={appointment.timeZoneLabel}
        pending={move.isPending}
        error={move.error ? server.failure(move.error) : null}
        onConfirm={(date, time) => move.mutate({ date, time })}
      />
    </div>
  );
}
