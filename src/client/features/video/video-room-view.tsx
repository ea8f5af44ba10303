import { useQuery } from "@tanstack/react-query";
import { HeartPulse, LoaderCircle } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { useLocation } from "wouter";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Detail } from "@/components/ui/detail";
import { useClockTime } from "@/lib/consultation-hours";
import { Message, useDates, useLanguage, useT } from "@/lib/i18n";
import { publicConfigQuery } from "@/lib/public-config";
import { siteProfile } from "@/lib/site-profile";
import { cn } from "@/lib/utils";
import { useJitsiMeeting } from "@/components/video/use-jitsi-meeting";
import { usePresence } from "@/components/video/use-presence";
import { Button } from "@/components/ui/button";
import { DeviceCheck } from "./device-check";
import type { OpenVideoRoom } from "@shared/video";
import { ConsultationTips } from "./consultation-tips";
import { ageIn } from "./room-words";
import { useRoomTitle, VideoServiceUnavailable } from "./video-room-states";

/**
 * After this long without joining, the "Connecting" cover shrinks to a banner: the video service may be showing
 * something the person must answer (a lobby, a login, a device question) inside the meeting frame.
 */
const UNCOVER_AFTER_MS = 10_000;

/**
 * The room page. The parent first checks the camera and microphone, then waits ("The doctor will join shortly") until
 * the doctor's page is open, and joins the call then (or at once with "Join now"). The doctor's link goes straight
 * into the call. Both pages keep their presence with the server while open, so each side sees the other come.
 */
export function VideoRoomView({
  lookup,
  roomId,
  hostKey,
}: {
  lookup: OpenVideoRoom;
  roomId: string;
  hostKey: string | undefined;
}) {
  const [stage, setStage] = useState<"check" | "waiting" | "call">(lookup.moderator ? "call" : "check");
  const presence = usePresence(roomId, lookup.moderator ? hostKey : undefined, true);
  const doctorHere = presence?.doctorPresent ?? false;
  // The doctor came while the parent waited: into the call, and it stays there should the doctor's page blink.
  if (stage === "waiting" && doctorHere) setStage("call");
  if (stage === "call") return <CallView lookup={lookup} />;
  return (
    <RoomFrame lookup={lookup} live={false}>
      <main
        id="main"
        className="mx-auto grid w-full max-w-5xl flex-1 gap-6 p-4 sm:p-6 lg:grid-cols-[minmax(0,1fr)_20rem]"
      >
        <div className="flex flex-col gap-4">
          {stage === "check" ? (
            <DeviceCheck onDone={() => setStage(doctorHere ? "call" : "waiting")} />
          ) : (
            <WaitingForDoctor lookup={lookup} onJoin={() => setStage("call")} />
          )}
        </div>
        <ConsultationDetails appointment={lookup.appointment} />
      </main>
    </RoomFrame>
  );
}

/** After the check: the parent waits here until the doctor's page is open, then joins by itself. */
function WaitingForDoctor({ lookup, onJoin }: { lookup: OpenVideoRoom; onJoin: () => void }) {
  const t = useT();
  const clockTime = useClockTime();
  return (
    <section
      aria-labelledby="waiting-title"
      className="flex flex-col gap-4 rounded-xl bg-white p-5 shadow-sm"
    >
      <div role="status" className="flex items-center gap-3">
        <LoaderCircle
          className="size-6 shrink-0 animate-spin text-brand-700 motion-reduce:animate-none"
          aria-hidden="true"
        />
        <h2 id="waiting-title" className="text-xl font-semibold text-slate-900">
          {t("room.waiting.title")}
        </h2>
      </div>
      <p className="text-slate-700">
        {t("room.waiting.text", {
          time: clockTime(lookup.appointmentTime, lookup.timeZoneLabel),
          doctor: siteProfile.doctor.name,
        })}
      </p>
      <div>
        <Button variant="outline" onClick={onJoin}>
          {t("room.waiting.join")}
        </Button>
      </div>
    </section>
  );
}

/**
 * The room's own slim header instead of the site's navigation (a click on a menu link in the middle of a
 * consultation would end the call), with the LIVE badge once in the call.
 */
function RoomFrame({
  lookup,
  live,
  children,
}: {
  lookup: OpenVideoRoom;
  live: boolean;
  children: ReactNode;
}) {
  const t = useT();
  useRoomTitle(t("room.title"));
  const withWhom = lookup.moderator ? lookup.appointment.patientName : siteProfile.doctor.name;
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <div className="flex min-w-0 items-center gap-3">
            <HeartPulse className="hidden size-7 shrink-0 text-heart-600 sm:block" aria-hidden="true" />
            <div className="min-w-0">
              <h1 className="truncate text-lg font-bold text-slate-900 sm:text-xl">{t("room.title")}</h1>
              {/* On a phone the booking id takes its own line rather than being cut off. */}
              <p className="flex flex-wrap gap-x-2 text-sm text-slate-600">
                <span className="max-w-full truncate">{t("room.header.with", { name: withWhom })}</span>
                <span className="hidden sm:inline" aria-hidden="true">
                  ·
                </span>
                <span className="whitespace-nowrap">
                  <Message
                    id="room.header.bookingId"
                    values={{ id: lookup.appointment.bookingId }}
                    components={{ 0: <span className="font-mono" /> }}
                  />
                </span>
              </p>
            </div>
          </div>
          {/* A live region that exists before the badge appears, so that screen readers announce it. */}
          <div role="status" aria-live="polite" className="shrink-0">
            {live && (
              <span className="inline-flex items-center gap-1.5 rounded-full bg-red-600 px-2.5 py-1 text-xs font-bold tracking-wide text-white">
                <span
                  className="size-2 animate-pulse rounded-full bg-white motion-reduce:animate-none"
                  aria-hidden="true"
                />
                {t("room.live")}
              </span>
            )}
          </div>
        </div>
      </header>
      {children}
    </div>
  );
}

/** The meeting itself, with the patient's details and the tips beside it. */
function CallView({ lookup }: { lookup: OpenVideoRoom }) {
  const t = useT();
  const [, navigate] = useLocation();
  const displayName = lookup.moderator ? siteProfile.doctor.name : lookup.appointment.patientName || "Guest";
  // The meeting's own screens in the page's language where Jitsi has it.
  const language = useLanguage();
  const { containerRef, phase } = useJitsiMeeting(lookup, displayName, () => navigate("/"), language);

  if (phase === "failed") return <VideoServiceUnavailable />;
  const joined = phase === "joined";

  return (
    <RoomFrame lookup={lookup} live={joined}>
      <main
        id="main"
        className="mx-auto grid w-full max-w-7xl flex-1 gap-4 sm:p-4 lg:grid-cols-[minmax(0,1fr)_20rem] lg:px-6"
      >
        <section
          aria-label={t("room.call.label")}
          className="relative h-[min(75dvh,40rem)] min-h-[24rem] w-full overflow-hidden bg-slate-900 sm:rounded-xl lg:h-[calc(100dvh-7.5rem)]"
        >
          {/* Jitsi puts its iframe in here; React renders nothing inside, so the two never fight over it. */}
          <div ref={containerRef} className="absolute inset-0" data-testid="video-container" />
          {!joined && <ConnectingCover phase={phase} />}
        </section>

        <ConsultationDetails appointment={lookup.appointment} className="px-4 pb-6 sm:px-0" />
      </main>
    </RoomFrame>
  );
}

function ConnectingCover({ phase }: { phase: "loading" | "connecting" }) {
  const t = useT();
  const [uncovered, setUncovered] = useState(false);
  useEffect(() => {
    if (phase !== "connecting") return;
    const timer = window.setTimeout(() => setUncovered(true), UNCOVER_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [phase]);
  return (
    <div
      role="status"
      className={cn(
        "pointer-events-none absolute flex items-center justify-center gap-3 text-white",
        uncovered
          ? "inset-x-0 top-0 bg-slate-900/80 px-4 py-2 text-sm"
          : "inset-0 flex-col bg-slate-900 text-base",
      )}
    >
      <LoaderCircle
        className={cn("animate-spin motion-reduce:animate-none", uncovered ? "size-4" : "size-10")}
        aria-hidden="true"
      />
      <p>{t("room.call.connecting")}</p>
    </div>
  );
}

/** Beside the waiting room and the call alike: whom the consultation is for, and how to make it go well. */
function ConsultationDetails({
  appointment,
  className,
}: {
  appointment: OpenVideoRoom["appointment"];
  className?: string;
}) {
  const t = useT();
  return (
    <aside className={cn("flex flex-col gap-4", className)} aria-label={t("room.details.label")}>
      <PatientInformation appointment={appointment} />
      <ConsultationTips />
    </aside>
  );
}

function PatientInformation({ appointment }: { appointment: OpenVideoRoom["appointment"] }) {
  const t = useT();
  const dates = useDates();
  const clockTime = useClockTime();
  // Only for the zone of the time ("7:00 PM IST"); the time is shown without it until the answer arrives.
  const config = useQuery(publicConfigQuery());
  const zone = config.data?.timeZoneLabel;
  return (
    <Card>
      <CardHeader className="pb-3">
        <PanelTitle id="patient-information">{t("room.patient.title")}</PanelTitle>
      </CardHeader>
      <CardContent>
        <dl
          className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm"
          aria-labelledby="patient-information"
        >
          <Detail term={t("room.patient.name")}>{appointment.patientName}</Detail>
          <Detail term={t("room.patient.age")}>
            {ageIn(t, appointment.patientAge, appointment.patientAgeMonths)}
          </Detail>
          <Detail term={t("room.patient.concern")}>{appointment.reasonForConsultation}</Detail>
          <Detail term={t("room.patient.date")}>{dates.longWithWeekday(appointment.appointmentDate)}</Detail>
          <Detail term={t("room.patient.time")}>{clockTime(appointment.appointmentTime, zone)}</Detail>
        </dl>
      </CardContent>
    </Card>
  );
}

/** Level 2 under the page's h1 (CardTitle is an h3, which would skip a level). */
function PanelTitle({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <h2 id={id} className="text-base leading-tight font-semibold text-slate-900">
      {children}
    </h2>
  );
}
