/**
 * Pure helpers of the video page before its window: the countdown and the calendar invite's address. The times in
 * words are the room's, in the page's language (features/video/room-words.ts). No DOM, no React: the tests run in
 * Node.
 */

interface Countdown {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** The time left until `target`, in whole seconds rounded up (never below zero). */
export function countdown(target: string, now: number): Countdown {
  const total = Math.max(0, Math.ceil((Date.parse(target) - now) / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

/** The download of the room's calendar invite: the patient's, or the doctor's with the host key. */
export function inviteUrl(roomId: string, hostKey: string | undefined): string {
  const path = `/api/video-room/${encodeURIComponent(roomId)}/invite.ics`;
  return hostKey ? `${path}?key=${encodeURIComponent(hostKey)}` : path;
}
