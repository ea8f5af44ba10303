import { slotLabel } from "@shared/slots";
import type { AdminToday, TodayClosure, TodayConsultation } from "@shared/console";
import { useQuery } from "@tanstack/react-query";
import { Ban, CalendarOff, FileText, FolderOpen, Sun, Video } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { QueryState } from "@/components/ui/query-state";
import { formatLongDateWithWeekday } from "@/lib/format";
import { publicConfigQuery } from "@/lib/public-config";
import { cn } from "@/lib/utils";
import { patientAge } from "./admin-format";
import { todayQuery } from "./api";
import { SectionTitle } from "./section-title";
import { WorkspaceLink } from "./workspace-link";
import { AppointmentStatusBadge, ParentAskedBadge, PaymentStatusBadge } from "./status-badges";
import { countdownLabel, nextConsultation, reportsText } from "./today-format";
import { ParentWaitingBadge } from "./parent-waiting-badge";
import { RunningLateButton } from "./running-late-dialog";
import { CopyPatientLinkButton } from "./video-actions";

/**
 * The server's clock, moved on with this browser's: the countdown is to the server's times, whatever this device's
 * clock says. `receivedAt` is this browser's time when the server's answer arrived. Ticks every 15 seconds.
 */
function useServerNow(serverNow: string | undefined, receivedAt: number): Date {
  const offset = serverNow ? new Date(serverNow).getTime() - receivedAt : 0;
  const [tick, setTick] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setTick(Date.now()), 15_000);
    return () => window.clearInterval(timer);
  }, []);
  return new Date(tick + offset);
}

type DayEntry =
  | { kind: "consultation"; time: string; consultation: TodayConsultation }
  | { kind: "blocked"; time: string; note: string };

/** The day in time order: consultations and the slots she blocked between them. */
function dayEntries(day: AdminToday): DayEntry[] {
  const blocked = day.closures.flatMap((closure: TodayClosure): DayEntry[] =>
    closure.kind === "blocked" ? [{ kind: "blocked", time: closure.time, note: closure.note }] : [],
  );
  const consultations = day.consultations.map((consultation): DayEntry => ({
    kind: "consultation",
    time: consultation.appointment.appointmentTime,
    consultation,
  }));
  return [...consultations, ...blocked].sort((a, b) => a.time.localeCompare(b.time));
}

/** /admin/today: the doctor's consultations of the day, the next one highlighted with its countdown. */
export function TodayPanel() {
  const query = useQuery(todayQuery());
  const { data: config } = useQuery(publicConfigQuery());
  const now = useServerNow(query.data?.now, query.dataUpdatedAt);
  const zone = config?.timeZoneLabel;
  return (
    <section aria-labelledby="today-title" className="flex flex-col gap-3">
      <SectionTitle id="today-title" icon={Sun}>
        {query.data ? formatLongDateWithWeekday(query.data.date) : "Today"}
      </SectionTitle>
      <RunningLateButton />
      <QueryState query={query} what="today's consultations" isEmpty={() => false} empty={null}>
        {(day) => <Day day={day} now={now} zone={zone} />}
      </QueryState>
    </section>
  );
}

function Day({ day, now, zone }: { day: AdminToday; now: Date; zone: string | undefined }) {
  const leave = day.closures.find((closure) => closure.kind === "leave");
  const next = nextConsultation(day.consultations, now);
  const entries = dayEntries(day);
  return (
    <div className="flex flex-col gap-3">
      {leave && (
        <Card className="flex items-start gap-3 p-4 text-slate-800">
          <CalendarOff className="mt-0.5 size-5 shrink-0 text-slate-600" aria-hidden="true" />
          <p>
            <span className="font-semibold">You are on leave today.</span>
            {leave.note ? ` ${leave.note}` : ""}
          </p>
        </Card>
      )}
      {day.ownHours && (
        <p className="text-sm text-slate-700">
          Today has its own hours{day.ownHours.note ? `: ${day.ownHours.note}` : "."}
        </p>
      )}
      {day.consultations.length === 0 && <Card className="p-5 text-slate-700">No consultations today.</Card>}
      {entries.length > 0 && (
        <ol className="flex flex-col gap-3" aria-label="Today's consultations and blocked times">
          {entries.map((entry) =>
            entry.kind === "blocked" ? (
              <BlockedTime key={`blocked-${entry.time}`} time={entry.time} note={entry.note} />
            ) : (
              <ConsultationEntry
                key={entry.consultation.appointment.id}
                consultation={entry.consultation}
                countdown={
                  entry.consultation === next
                    ? countdownLabel(entry.consultation, now, day.runningLate)
                    : undefined
                }
                now={now}
                zone={zone}
              />
            ),
          )}
        </ol>
      )}
    </div>
  );
}

function BlockedTime({ time, note }: { time: string; note: string }) {
  return (
    <li className="flex items-center gap-3 rounded-lg border border-dashed border-slate-300 px-4 py-3 text-sm text-slate-700">
      <Ban className="size-4 shrink-0" aria-hidden="true" />
      <span className="font-semibold tabular-nums">{slotLabel(time)}</span>
      <span>Blocked{note ? `: ${note}` : ""}</span>
    </li>
  );
}

function ConsultationEntry({
  consultation,
  countdown,
  now,
  zone,
}: {
  consultation: TodayConsultation;
  /** Set on the next consultation only: it is highlighted with where it stands. */
  countdown: string | undefined;
  now: Date;
  zone: string | undefined;
}) {
  const { appointment, reportCount } = consultation;
  // Only a consultation still to be held has a call to join and a parent to wait for it.
  const confirmed = appointment.status === "confirmed";
  const over = new Date(consultation.endsAt).getTime() <= now.getTime();
  const parentWaitingSince = confirmed ? consultation.parentWaitingSince : null;
  const started = new Date(consultation.startsAt).getTime() <= now.getTime();
  const titleId = `today-${appointment.id}`;
  return (
    <li aria-labelledby={titleId}>
      <Card
        className={cn(
          "flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between",
          countdown && "border-brand-600 ring-2 ring-brand-600",
          // A parent in the waiting room stands out, whether or not theirs is the next consultation.
          parentWaitingSince && "border-emerald-600 bg-emerald-50/60 ring-2 ring-emerald-600",
        )}
      >
        <div className="flex min-w-0 flex-col gap-1">
          <p className="flex flex-wrap items-baseline gap-x-2 text-sm text-slate-700">
            <span className="text-base font-semibold tabular-nums text-slate-900">
              {slotLabel(appointment.appointmentTime)}
              {zone ? ` ${zone}` : ""}
            </span>
            {countdown && (
              <span className="font-semibold text-brand-800">
                {started ? "Now" : "Next"} · {countdown}
              </span>
            )}
          </p>
          <h3 id={titleId} className="font-semibold text-slate-900">
            {appointment.patientName}
            <span className="font-normal text-slate-700">
              , {patientAge(appointment).replace(/^Age /, "")}
            </span>
            {appointment.consultationType === "follow_up" && (
              <span className="font-normal text-slate-700"> · Follow-up</span>
            )}
          </h3>
          <p className="break-words text-sm text-slate-800">{appointment.reasonForConsultation}</p>
          <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
            <span className="inline-flex items-center gap-1">
              <FileText className="size-4" aria-hidden="true" />
              {reportsText(reportCount)}
            </span>
            <PaymentStatusBadge status={appointment.paymentStatus} />
            {appointment.status !== "confirmed" && <AppointmentStatusBadge status={appointment.status} />}
            <ParentAskedBadge parentAskedAt={appointment.parentAskedAt} />
            <ParentWaitingBadge since={parentWaitingSince} zone={zone} />
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2 sm:justify-end">
          {confirmed && !over && (
            <>
              {/* Into the workspace, where the call starts beside the child's record. */}
              <Button asChild size="sm">
                <WorkspaceLink
                  appointmentId={appointment.id}
                  join
                  aria-label={`Join ${appointment.patientName}'s consultation as host`}
                >
                  <Video aria-hidden="true" />
                  Join as host
                </WorkspaceLink>
              </Button>
              <CopyPatientLinkButton appointment={appointment} />
            </>
          )}
          {confirmed && over && (
            <p className="text-sm text-slate-700">Its time is over: open it to mark completed or no-show.</p>
          )}
          <Button asChild size="sm" variant={confirmed && !over ? "outline" : "default"}>
            <WorkspaceLink
              appointmentId={appointment.id}
              aria-label={`Open ${appointment.patientName}'s consultation`}
            >
              <FolderOpen aria-hidden="true" />
              Open
            </WorkspaceLink>
          </Button>
        </div>
      </Card>
    </li>
  );
}
