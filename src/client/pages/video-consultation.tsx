import { useQuery } from "@tanstack/react-query";
import { useParams, useSearch } from "wouter";
import type { VideoRoomLookup } from "@shared/video";
import { apiRequest } from "@/lib/api";
import {
  hostKeyFromSearch,
  isRoomNotFound,
  videoRoomQueryKey,
  videoRoomUrl,
} from "@/features/video/video-room";
import { VideoRoomView } from "@/features/video/video-room-view";
import { RoomNotFound, VideoRoomSkeleton, VideoServiceUnavailable } from "@/features/video/video-room-states";

/**
 * /video-consultation/{roomId}: the patient's link, or the doctor's with ?key=... (which makes them moderator).
 * The server answers 404 for an unknown room and outside the room's opening hours alike.
 */
export default function VideoConsultationPage() {
  const roomId = useParams<{ roomId: string }>().roomId ?? "";
  const hostKey = hostKeyFromSearch(useSearch());
  const lookup = useQuery<VideoRoomLookup>({
    queryKey: videoRoomQueryKey(roomId, hostKey),
    queryFn: async () =>
      (await apiRequest("GET", videoRoomUrl(roomId, hostKey))).json() as Promise<VideoRoomLookup>,
  });

  if (lookup.isPending) return <VideoRoomSkeleton />;
  // Any other failure (no network, a server error, too many requests) is a service problem the person can retry.
  if (lookup.isError) return isRoomNotFound(lookup.error) ? <RoomNotFound /> : <VideoServiceUnavailable />;
  return <VideoRoomView lookup={lookup.data} />;
}
