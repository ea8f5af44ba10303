import {
  type AdminToday,
  hearsOfRunningLate,
  RUNNING_LATE_CHOICES,
  type RunningLateResult,
  type TodayConsultation,
} from "@shared/console";
import { slotLabel } from "@shared/slots";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Clock } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { DialogError, DialogShell } from "@/components/ui/dialog-shell";
import { apiJson } from "@/lib/api";
import { publicConfigQuery } from "@/lib/public-config";
import { queryClient } from "@/lib/query-client";
import { toast } from "@/lib/use-toast";
import { adminKeys, todayQuery } from "./api";
import { clockTime } from "./admin-format";

/** POST /api/admin/running-late: tells the parents of the day's remaining consultations. */
function tellParentsRunningLate(minutes: number): Promise<RunningLateResult> {
  return apiJson<RunningLateResult>("POST", "/api/admin/running-late", { minutes });
}

/** "1 parent", "3 parents". */
function parents(count: number): string {
  return `${count} parent${count === 1 ? "" : "s"}`;
}

/** The server's time now: the day's answer carries the server's clock, moved on by the time since it arrived. */
function serverNow(day: AdminToday, receivedAt: number): Date {
  return new Date(Date.parse(day.now) + (Date.now() - receivedAt));
}

/** The consultations whose parents the server will tell, by the same rule, at the server's time `now`. */
function stillToCome(day: AdminToday, now: Date): TodayConsultation[] {
  return day.consultations.filter((consultation) =>
    hearsOfRunningLate(
      {
        status: consultation.appointment.status,
        waitingForParent: consultation.appointment.parentAskedAt !== null,
        endsAt: new Date(consultation.endsAt),
      },
      now,
    ),
  );
}

/** Beyond this wait before the first of them starts, the parents would hear of a delay hours ahead: she confirms. */
const FAR_AHEAD_MS = 2 * 60 * 60 * 1000;

/** "in 16 hours", "in 2 hours 30 minutes": how far ahead a consultation is. */
function inHoursAndMinutes(ms: number): string {
  const total = Math.round(ms / 60_000);
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  const hourWords = `${hours} hour${hours === 1 ? "" : "s"}`;
  return minutes === 0 ? `in ${hourWords}` : `in ${hourWords} ${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/**
 * "Running late" on the Today page: a dialog where the doctor chooses about how late she is, sees whose parents will
 * be told (the consultations of the day still to come or under way), and tells them at once by e-mail and WhatsApp.
 */
export function RunningLateButton() {
  const [open, setOpen] = useState(false);
  const { data: day } = useQuery(todayQuery());
  const { data: config } = useQuery(publicConfigQuery());
  const last = day?.runningLate ?? null;
  return (
    <div className="flex flex-col items-start gap-1">
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Clock aria-hidden="true" />
        Running late
      </Button>
      {/* What she told the parents last, so a second press is made knowing the first. */}
      {last && (
        <p className="text-sm text-slate-700">
          Told {parents(last.parents)} at {clockTime(last.at, config?.clinicTimeZone)}: about {last.minutes}{" "}
          minutes late.
        </p>
      )}
      {last && last.notSent > 0 && (
        <p className="text-sm font-medium text-amber-800" data-testid="running-late-not-sent">
          {last.notSent} of its messages {last.notSent === 1 ? "has" : "have"} not gone out.{" "}
          <Link href="/admin/messages" className="underline underline-offset-4">
            See Messages
          </Link>
        </p>
      )}
      {open && <RunningLateDialog lastMinutes={last?.minutes} onClose={() => setOpen(false)} />}
    </div>
  );
}

function RunningLateDialog({
  lastMinutes,
  onClose,
}: {
  lastMinutes: number | undefined;
  onClose: () => void;
}) {
  const day = useQuery(todayQuery());
  const { data: config } = useQuery(publicConfigQuery());
  // The estimate she gave last, when it is one of the choices: a second press usually repeats or raises it.
  const [minutes, setMinutes] = useState<number>(
    lastMinutes !== undefined && (RUNNING_LATE_CHOICES as readonly number[]).includes(lastMinutes)
      ? lastMinutes
      : 10,
  );
  const listId = useId();
  const send = useMutation({
    mutationFn: tellParentsRunningLate,
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.notifications });
      void queryClient.invalidateQueries({ queryKey: adminKeys.today });
      toast(
        result.notified > 0
          ? {
              title: `Told ${parents(result.notified)}`,
              description: `By e-mail and WhatsApp: you are running about ${result.minutes} minutes late.`,
            }
          : { title: "Nobody to tell", description: "No consultation is left today." },
      );
      onClose();
    },
  });
  const now = day.data ? serverNow(day.data, day.dataUpdatedAt) : new Date();
  const upcoming = day.data ? stillToCome(day.data, now) : [];
  const zone = config?.timeZoneLabel ? ` ${config.timeZoneLabel}` : "";
  // Pressed hours before the clinic (at 3 AM for a 7 PM clinic, say), it is more likely a slip than a delay.
  const firstStartsIn = upcoming[0] ? Date.parse(upcoming[0].startsAt) - now.getTime() : 0;
  const farAhead = firstStartsIn > FAR_AHEAD_MS;
  const [sureFarAhead, setSureFarAhead] = useState(false);
  const sureId = useId();
  return (
    <DialogShell
      onOpenChange={(next) => !next && !send.isPending && onClose()}
      title="Running Late"
      description="Tell the parents of today's remaining consultations, by e-mail and WhatsApp, that you are running late."
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={send.isPending}>
            Cancel
          </Button>
          <Button
            onClick={() => send.mutate(minutes)}
            disabled={send.isPending || !day.data || upcoming.length === 0 || (farAhead && !sureFarAhead)}
          >
            {send.isPending ? "Sending..." : `Tell ${parents(upcoming.length)}`}
          </Button>
        </>
      }
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 font-medium text-slate-900">About how late are you running?</legend>
        <div className="grid grid-cols-3 gap-2 sm:grid-cols-4">
          {RUNNING_LATE_CHOICES.map((choice) => (
            <label
              key={choice}
              className="flex h-11 cursor-pointer items-center justify-center gap-2 rounded-md whitespace-nowrap border border-slate-300 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:checked]:font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600"
            >
              <input
                type="radio"
                name="running-late-minutes"
                value={choice}
                checked={minutes === choice}
                onChange={() => setMinutes(choice)}
                className="size-4 shrink-0 accent-brand-700"
              />
              {choice} min
            </label>
          ))}
        </div>
      </fieldset>
      <p className="text-sm text-slate-700">
        They will read: “The doctor is running about {minutes} minutes late”, with their booked time and the
        video link.
      </p>
      <section aria-labelledby={listId} className="flex flex-col gap-2">
        <h3 id={listId} className="font-medium text-slate-900">
          {day.data ? `Who will be told (${upcoming.length})` : "Who will be told"}
        </h3>
        {day.isPending ? (
          <p className="text-sm text-slate-700">Loading today's consultations...</p>
        ) : day.isError ? (
          <p className="text-sm text-red-800">
            Today's consultations could not be loaded. Close and try again.
          </p>
        ) : upcoming.length === 0 ? (
          <p className="text-sm text-slate-700">No consultation is left today, so nobody will be told.</p>
        ) : (
          <ul className="flex max-h-48 flex-col divide-y divide-slate-200 overflow-y-auto rounded-md border border-slate-200 text-sm">
            {upcoming.map(({ appointment }) => (
              <li key={appointment.id} className="flex flex-wrap gap-x-2 px-3 py-2">
                <span className="font-semibold tabular-nums text-slate-900">
                  {slotLabel(appointment.appointmentTime)}
                  {zone}
                </span>
                <span className="text-slate-800">{appointment.patientName}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      {farAhead && upcoming[0] && (
        <div className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <p>
            The first of these consultations is at {slotLabel(upcoming[0].appointment.appointmentTime)}
            {zone}, {inHoursAndMinutes(firstStartsIn)}. The parents will read the message now.
          </p>
          <label htmlFor={sureId} className="flex items-center gap-2 font-medium">
            <input
              id={sureId}
              type="checkbox"
              checked={sureFarAhead}
              onChange={(event) => setSureFarAhead(event.target.checked)}
              className="size-4 accent-brand-700"
            />
            Tell them now all the same
          </label>
        </div>
      )}
      <DialogError message={send.error ? send.error.message : null} />
    </DialogShell>
  );
}
