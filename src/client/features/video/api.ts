import type { VideoRoomLookup } from "@shared/video";
import { queryOptions } from "@tanstack/react-query";
import { apiGet } from "@/lib/api";

/** A video room by its id; the doctor's link adds the host key, which makes them moderator. */
export function videoRoomQuery(roomId: string, hostKey: string | undefined) {
  const path = `/api/video-room/${encodeURIComponent(roomId)}`;
  return queryOptions({
    queryKey: ["video-room", roomId, hostKey ?? null] as const,
    queryFn: () => apiGet<VideoRoomLookup>(hostKey ? `${path}?key=${encodeURIComponent(hostKey)}` : path),
  });
}
