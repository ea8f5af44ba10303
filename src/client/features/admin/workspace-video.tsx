import type { AdminAppointment } from "@shared/admin";
import type { OpenVideoRoom, PresenceAnswer, VideoRoomLookup } from "@shared/video";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { LoaderCircle, PhoneOff, Video } from "lucide-react";
import { useEffect, useState } from "react";
import { guardLeaving } from "@/lib/leave-guard";
import { Button } from "@/components/ui/button";
import { useJitsiMeeting } from "@/components/video/use-jitsi-meeting";
import { usePresence } from "@/components/video/use-presence";
import { apiGet } from "@/lib/api";
import { siteProfile } from "@/lib/site-profile";
import { formatInstant } from "./notification-format";
import { clockTime } from "./admin-format";
import { useJoinOnArrival } from "./workspace-link";

/** The room and the host key from the doctor's link ("…/video-consultation/{room}?key={hostKey}"). */
export function hostRoomOf(hostUrl: string): { roomId: string; hostKey: string } | null {
  try {
    const url = new URL(hostUrl);
    const roomId = url.pathname.split("/").at(-1) ?? "";
    const hostKey = url.searchParams.get("key") ?? "";
    return roomId && hostKey ? { roomId, hostKey } : null;
  } catch {
    return null;
  }
}

function hostRoomQuery(roomId: string, hostKey: string) {
  return queryOptions({
    queryKey: ["admin", "host-room", roomId] as const,
    queryFn: () =>
      apiGet<VideoRoomLookup>(
        `/api/video-room/${encodeURIComponent(roomId)}?key=${encodeURIComponent(hostKey)}`,
      ),
    // A room before its window is asked again, so it opens here without a reload.
    refetchInterval: (query) => (query.state.data?.state === "not_open" ? 30_000 : false),
  });
}

const frameClass =
  "relative flex h-[min(60dvh,36rem)] min-h-[18rem] w-full flex-col items-center justify-center gap-3 overflow-hidden rounded-xl bg-slate-900 p-6 text-center text-white lg:h-[calc(100dvh-14rem)]";

/**
 * The consultation's video, embedded with the doctor's host link: it starts at her tap, not on opening the page.
 * While the room is open her page keeps its presence with the server, which tells the parent's waiting room that
 * she is here, and tells her whether the parent is.
 */
export function WorkspaceVideo({
  appointment,
  timeZone,
  zone,
}: {
  appointment: AdminAppointment;
  timeZone: string | undefined;
  zone: string | undefined;
}) {
  const room = appointment.videoHostUrl ? hostRoomOf(appointment.videoHostUrl) : null;
  const joinable = appointment.status === "confirmed" || appointment.status === "completed";
  if (!room || !joinable)
    return (
      <section aria-label="Video call" className={frameClass}>
        <PhoneOff className="size-8" aria-hidden="true" />
        <p>No video room: the appointment is not confirmed.</p>
      </section>
    );
  return <HostRoom roomId={room.roomId} hostKey={room.hostKey} timeZone={timeZone} zone={zone} />;
}

function HostRoom({
  roomId,
  hostKey,
  timeZone,
  zone,
}: {
  roomId: string;
  hostKey: string;
  timeZone: string | undefined;
  zone: string | undefined;
}) {
  const lookup = useQuery(hostRoomQuery(roomId, hostKey));
  const open = lookup.data?.state === "open";
  const presence = usePresence(roomId, hostKey, open);
  const [inCall, setInCall] = useState(false);
  // "Join as host" on Today opens the workspace with the call started, where the room is open by then: a room that
  // opens later waits for her tap, as the camera is not switched on unasked.
  const [joinPending, setJoinPending] = useState(useJoinOnArrival());
  if (joinPending && lookup.data) {
    setJoinPending(false);
    if (lookup.data.state === "open") setInCall(true);
  }
  // A reload or a closed tab would drop the parent from the call: the browser asks first.
  useEffect(() => {
    if (!inCall) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    // The console's own links ask too: leaving the page ends the call.
    guardLeaving("Leave the consultation? Your video call ends.");
    return () => {
      window.removeEventListener("beforeunload", warn);
      guardLeaving(null);
    };
  }, [inCall]);

  let body;
  if (lookup.isPending)
    body = (
      <LoaderCircle
        className="size-8 animate-spin motion-reduce:animate-none"
        aria-label="Loading the room"
      />
    );
  else if (!lookup.data)
    body = <p role="alert">The video room could not be loaded. Please reload the page.</p>;
  else if (lookup.data.state === "not_open")
    body = <p>The room opens at {formatInstant(lookup.data.opensAt, timeZone, zone)}.</p>;
  else if (lookup.data.state !== "open") body = <p>The video room is closed.</p>;
  else if (inCall)
    return (
      <Meeting
        lookup={lookup.data}
        presence={presence}
        timeZone={timeZone}
        onLeave={() => setInCall(false)}
      />
    );
  else
    body = (
      <>
        <ParentPresence presence={presence} timeZone={timeZone} />
        <Button size="lg" onClick={() => setInCall(true)}>
          <Video aria-hidden="true" /> Start the video call
        </Button>
      </>
    );
  return (
    <section aria-label="Video call" className={frameClass}>
      {body}
    </section>
  );
}

/** Whether the parent has the video page open, from her page's latest beat. */
function ParentPresence({
  presence,
  timeZone,
}: {
  presence: PresenceAnswer | null;
  timeZone: string | undefined;
}) {
  return (
    <p role="status" className="text-sm">
      {presence === null
        ? ""
        : presence.parentPresent && presence.parentSince
          ? `The parent is waiting (since ${clockTime(presence.parentSince, timeZone)}).`
          : "The parent has not opened the link yet."}
    </p>
  );
}

function Meeting({
  lookup,
  presence,
  timeZone,
  onLeave,
}: {
  lookup: OpenVideoRoom;
  presence: PresenceAnswer | null;
  timeZone: string | undefined;
  onLeave: () => void;
}) {
  const { containerRef, phase } = useJitsiMeeting(lookup, siteProfile.doctor.name, onLeave);
  return (
    <section aria-label="Video call" className={frameClass}>
      <div ref={containerRef} className="absolute inset-0" data-testid="video-container" />
      {phase === "failed" ? (
        <div role="alert" className="relative z-10 flex flex-col items-center gap-3">
          <p>The video service could not be reached. Check the internet connection, then try again.</p>
          <Button variant="secondary" onClick={onLeave}>
            Back
          </Button>
        </div>
      ) : phase !== "joined" ? (
        <div
          role="status"
          className="pointer-events-none absolute inset-x-0 top-0 bg-slate-900/80 px-4 py-2 text-sm"
        >
          Connecting to video room...
          <ParentPresence presence={presence} timeZone={timeZone} />
        </div>
      ) : null}
    </section>
  );
}
