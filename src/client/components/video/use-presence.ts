import { nextBeatMs, type PresenceAnswer } from "@shared/video";
import { useEffect, useState } from "react";
import { apiJson } from "@/lib/api";

/**
 * Keeps this page's presence at a video room with the server while `enabled`: a beat at once, then every 5 seconds
 * while the other side is not there and every 20 once it is (PRESENCE_WAITING_BEAT_MS, PRESENCE_BEAT_MS), and a
 * last one saying it left when the page goes away. The doctor's pages send the host key. Answers whether the
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
    const send = async (): Promise<PresenceAnswer | undefined> => {
      try {
        const next = await apiJson<PresenceAnswer>("POST", url, key);
        if (!stopped) setAnswer(next);
        return next;
      } catch {
        // A missed beat (no network, the room closed): the next one tries again.
        return undefined;
      }
    };
    // The page closing cannot wait for an answer: the browser sends the beacon after the page is gone.
    const leave = () =>
      navigator.sendBeacon?.(
        url,
        new Blob([JSON.stringify({ ...key, leaving: true })], { type: "application/json" }),
      );
    let timer: number | undefined;
    const beat = async () => {
      const next = await send();
      if (stopped) return;
      timer = window.setTimeout(() => void beat(), nextBeatMs(next, Boolean(hostKey)));
    };
    void beat();
    window.addEventListener("pagehide", leave);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      window.removeEventListener("pagehide", leave);
      leave();
    };
  }, [roomId, hostKey, enabled]);
  return enabled ? answer : null;
}
