import { PRESENCE_BEAT_MS, type PresenceAnswer } from "@shared/video";
import { useEffect, useState } from "react";
import { apiJson } from "@/lib/api";

/**
 * Keeps this page's presence at a video room with the server while `enabled`: a beat at once and every 20 seconds,
 * and a last one saying it left when the page goes away. The doctor's pages send the host key. Answers whether the
 * other side is there, from the latest beat (null before the first answer).
 */
export function usePresence(
  roomId: string,
  hostKey: string | undefined,
  enabled: boolean,
): PresenceAnswer | null {
  const [answer, setAnswer] = useState<PresenceAnswer | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    const url = `/api/video-room/${encodeURIComponent(roomId)}/presence`;
    const key = hostKey ? { key: hostKey } : {};
    const send = async () => {
      try {
        const next = await apiJson<PresenceAnswer>("POST", url, key);
        if (!stopped) setAnswer(next);
      } catch {
        // A missed beat (no network, the room closed): the next one tries again.
      }
    };
    // The page closing cannot wait for an answer: the browser sends the beacon after the page is gone.
    const leave = () =>
      navigator.sendBeacon?.(
        url,
        new Blob([JSON.stringify({ ...key, leaving: true })], { type: "application/json" }),
      );
    void send();
    const timer = window.setInterval(() => void send(), PRESENCE_BEAT_MS);
    window.addEventListener("pagehide", leave);
    return () => {
      stopped = true;
      window.clearInterval(timer);
      window.removeEventListener("pagehide", leave);
      leave();
    };
  }, [roomId, hostKey, enabled]);
  return enabled ? answer : null;
}
