import type { AdminAppointment, AdminNotification } from "@shared/admin";
import { formatRupees } from "@shared/booking";
import { phoneForDisplay, phoneHref } from "@shared/phone";
import { useQuery } from "@tanstack/react-query";
import { FolderOpen } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/badge";
import { Detail } from "@/components/ui/detail";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Loading } from "@/components/ui/loading";
import { Skeleton } from "@/components/ui/skeleton";
import { formatShortDate } from "@/lib/format";
import { publicConfigQuery } from "@/lib/public-config";
import { appointmentDateTime, patientAge } from "./admin-format";
import { WorkspaceLink } from "./workspace-link";
import { AppointmentStatusBadge, PaymentStatusBadge } from "./status-badges";
import { appointmentDetailsQuery } from "./api";
import {
  formatInstant,
  notificationKindLabel,
  notificationMoment,
  notificationRouteLabel,
  notificationStatusLabel,
  notificationStatusVariant,
} from "./notification-format";
import { AppointmentActions } from "./appointment-actions";
import { ConsultationRecord } from "./consultation-record";
import { VideoActions } from "./video-actions";
import { LANGUAGE_NAMES } from "@shared/i18n/languages";
import { ReportUploadsList } from "./report-uploads-list";

/** What was paid and given back: "₹2,000 paid", "₹1,500 paid, ₹1,500 refunded", "₹2,000 due". */
function paymentText(appointment: AdminAppointment): string {
  const paid = appointment.paidAmount;
  if (paid === null) return `₹${formatRupees(appointment.amount)} due`;
  const refund = appointment.refundAmount ? `, ₹${formatRupees(appointment.refundAmount)} refunded` : "";
  return `₹${formatRupees(paid)} paid${refund}`;
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Detail term={term} className="min-w-0 break-words text-slate-900">
      {children}
    </Detail>
  );
}

/**
 * An appointment's details: the patient (name, age, reason, phone, e-mail), the payment, the video links with the
 * host's, and every message sent about it.
 */
export function AppointmentDetailsDialog({
  appointment: listed,
  timeZone,
  zone,
  onOpenChange,
}: {
  appointment: AdminAppointment | null;
  onOpenChange: (open: boolean) => void;
} & ZoneProps) {
  // The list's row opens the dialog at once; the details read (refreshed by every action) then takes over, so a
  // reschedule or a cancellation shows its new time and status here without closing the dialog.
  const details = useQuery({ ...appointmentDetailsQuery(listed?.id ?? ""), enabled: listed !== null });
  const appointment =
    listed && details.data?.appointment.id === listed.id ? details.data.appointment : listed;
  return (
    <Dialog open={appointment !== null} onOpenChange={onOpenChange}>
      {appointment && (
        <DialogContent className="max-w-2xl">
          <DialogHeader>
            <DialogTitle>{appointment.patientName}</DialogTitle>
            <DialogDescription>
              Booking #{appointment.bookingId} · {appointmentDateTime(appointment, zone)}
            </DialogDescription>
          </DialogHeader>
          <Button asChild size="sm" variant="outline" className="self-start">
            <WorkspaceLink appointmentId={appointment.id}>
              <FolderOpen aria-hidden="true" /> Open the consultation workspace
            </WorkspaceLink>
          </Button>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <Row term="Age">{patientAge(appointment).replace(/^Age /, "")}</Row>
            {appointment.guardian ? (
              <Row term="Parent or guardian">
                {appointment.guardian.name} ({appointment.guardian.relationship})
              </Row>
            ) : null}
            {/* Said of a follow-up only: "Consultation: Consultation" told her nothing. */}
            {appointment.consultationType === "follow_up" ? <Row term="Booked as">Follow-up</Row> : null}
            {/* Said only when it is not English: the parent reads the booking's messages in it. */}
            {appointment.language !== "en" ? (
              <Row term="Language">
                <span lang={appointment.language}>{LANGUAGE_NAMES[appointment.language]}</span>
              </Row>
            ) : null}
            <Row term="Reason">
              <span className="whitespace-pre-line">{appointment.reasonForConsultation}</span>
            </Row>
            <Row term="Phone">
              <a
                className="text-brand-700 underline underline-offset-4"
                href={phoneHref(appointment.patientPhone)}
              >
                {phoneForDisplay(appointment.patientPhone)}
              </a>
            </Row>
            <Row term="E-mail">
              <a
                className="break-all text-brand-700 underline underline-offset-4"
                href={`mailto:${appointment.patientEmail}`}
              >
                {appointment.patientEmail}
              </a>
            </Row>
            <Row term="Status">
              <span className="flex flex-col items-start gap-1">
                <AppointmentStatusBadge status={appointment.status} />
                {appointment.parentAskedAt && (
                  <span className="text-xs text-slate-600">
                    You asked the parent on {formatShortDate(appointment.parentAskedAt.slice(0, 10))} to
                    choose another time or a full refund; without a choice it is refunded in full at its time.
                  </span>
                )}
                {appointment.statusNote && (
                  <span className="text-xs text-slate-600">{appointment.statusNote}</span>
                )}
              </span>
            </Row>
            <Row term="Payment">
              <span className="flex flex-wrap items-center gap-2">
                <PaymentStatusBadge status={appointment.paymentStatus} />
                {paymentText(appointment)}
              </span>
            </Row>
          </dl>
          <div className="flex flex-col gap-2 border-t border-slate-200 pt-4">
            <h3 className="text-sm font-semibold text-slate-900">Video consultation</h3>
            {appointment.videoHostUrl &&
            (appointment.status === "confirmed" || appointment.status === "completed") ? (
              <>
                <VideoActions appointment={appointment} withHostCopy />
                <p className="text-xs text-slate-600">
                  Your host link makes you the moderator; do not share it. The patient has their own link.
                </p>
              </>
            ) : (
              <p className="text-sm text-slate-600">
                {appointment.parentAskedAt
                  ? "No video room: you are not available at this time, and the parent is choosing another time or a refund."
                  : appointment.status === "no_show"
                    ? "No video room: the consultation was marked a no-show."
                    : appointment.status === "cancelled"
                      ? "No video room: the appointment was cancelled."
                      : "No video room: the appointment is not confirmed."}
              </p>
            )}
          </div>
          <AppointmentActions appointmentId={appointment.id} timeZone={timeZone} zone={zone} />
          <ReportUploadsList appointmentId={appointment.id} timeZone={timeZone} zone={zone} />
          <ConsultationRecord appointmentId={appointment.id} timeZone={timeZone} zone={zone} />
          <MessagesSent appointmentId={appointment.id} timeZone={timeZone} zone={zone} />
        </DialogContent>
      )}
    </Dialog>
  );
}

interface ZoneProps {
  /** The clinic's zone and its short name, once the configuration is loaded. */
  timeZone: string | undefined;
  zone: string | undefined;
}

/** Every message sent about the appointment, with where it stands (shown in the details and the workspace). */
export function MessagesSent({ appointmentId, timeZone, zone }: { appointmentId: string } & ZoneProps) {
  const details = useQuery(appointmentDetailsQuery(appointmentId));
  return (
    <div className="flex flex-col gap-2 border-t border-slate-200 pt-4">
      <h3 className="text-sm font-semibold text-slate-900">Messages</h3>
      {details.isPending ? (
        <Loading label="Loading the messages…" className="flex flex-col gap-2">
          <Skeleton className="h-8 w-full" />
          <Skeleton className="h-8 w-full" />
        </Loading>
      ) : details.isError ? (
        <p role="alert" className="text-sm text-red-700">
          The messages could not be loaded.
        </p>
      ) : details.data.messages.length === 0 ? (
        <p className="text-sm text-slate-600">No messages about this appointment.</p>
      ) : (
        <ul
          className="flex flex-col divide-y divide-slate-100 text-sm"
          aria-label="Messages about this appointment"
        >
          {details.data.messages.map((message) => (
            <MessageRow key={message.id} message={message} timeZone={timeZone} zone={zone} />
          ))}
        </ul>
      )}
    </div>
  );
}

function MessageRow({ message, timeZone, zone }: { message: AdminNotification } & ZoneProps) {
  const { label, at } = notificationMoment(message);
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2">
      <span className="min-w-0">
        <span className="font-medium text-slate-900">{notificationKindLabel(message.kind)}</span>
        <span className="text-slate-600">
          {" "}
          · {notificationRouteLabel(message.channel, message.recipient)}
        </span>
        <span className="block text-xs text-slate-600">
          {label} {formatInstant(at, timeZone, zone)}
        </span>
      </span>
      <Badge variant={notificationStatusVariant(message.status)}>
        {notificationStatusLabel(message.status, message.attempts)}
      </Badge>
    </li>
  );
}

/**
 * The details of the appointment a list or the calendar opened (null: closed), in the clinic's zone; `onClose` when
 * the doctor dismisses it.
 */
export function OpenedAppointmentDialog({
  appointment,
  onClose,
}: {
  appointment: AdminAppointment | null;
  onClose: () => void;
}) {
  const { data: config } = useQuery(publicConfigQuery());
  return (
    <AppointmentDetailsDialog
      appointment={appointment}
      timeZone={config?.clinicTimeZone}
      zone={config?.timeZoneLabel}
      onOpenChange={(open: boolean) => {
        if (!open) onClose();
      }}
    />
  );
}
