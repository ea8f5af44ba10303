import { useQuery } from "@tanstack/react-query";
import { Suspense, useCallback } from "react";
import { useParams, useSearch } from "wouter";
import { videoRoomQuery } from "@/features/video/api";
import { hostKeyFromSearch, isRoomNotFound, lookupProblem } from "@/features/video/video-room";
import { VideoRoomView } from "@/features/video/video-room-view";
import {
  RoomNotFound,
  VideoRoomShape,
  VideoRoomSkeleton,
  VideoServiceUnavailable,
} from "@/features/video/video-room-states";
import { RoomClosed, RoomNotOpenYet } from "@/features/video/video-room-waiting";
import { useMessageChunk } from "@/lib/message-chunks";

/**
 * /video-consultation/{roomId} (and /hi/..., /kn/... for a booking made in Hindi or Kannada): the patient's link, or
 * the doctor's with ?key=... (which makes them moderator). The page speaks its address's language; its words are
 * the room's catalogue (room.json), and until they are there it shows the room's shape, which has none.
 */
export default function VideoConsultationPage() {
  return (
    <Suspense fallback={<VideoRoomShape />}>
      <VideoConsultation />
    </Suspense>
  );
}

/**
 * The server answers 404 only for an id that is not a paid room; a room before or after its window answers when it
 * opens, and this page counts down and joins by itself.
 */
function VideoConsultation() {
  // First of all: every state below speaks the room's words.
  useMessageChunk("room");
  const roomId = useParams<{ roomId: string }>().roomId ?? "";
  const hostKey = hostKeyFromSearch(useSearch());
  const lookup = useQuery(videoRoomQuery(roomId, hostKey));
  const { refetch } = lookup;
  const askAgain = useCallback(() => void refetch(), [refetch]);

  if (lookup.isPending) return <VideoRoomSkeleton />;
  const room = lookup.data;
  // A failed second look while counting down keeps the countdown, which asks again a few seconds later.
  if (!room || (lookup.isError && room.state !== "not_open")) {
    // Any failure but a 404 (no network, a server error, too many requests) is a problem the person can retry.
    return isRoomNotFound(lookup.error) ? (
      <RoomNotFound />
    ) : (
      <VideoServiceUnavailable problem={lookupProblem(lookup.error)} />
    );
  }
  if (room.state === "not_open")
    return <RoomNotOpenYet window={room} roomId={roomId} hostKey={hostKey} onDue={askAgain} />;
  if (room.state === "ended" || room.state === "cancelled" || room.state === "time_changing")
    return <RoomClosed window={room} />;
  return <VideoRoomView lookup={room} roomId={roomId} hostKey={hostKey} />;
}
