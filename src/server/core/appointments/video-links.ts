import { randomBytes } from "node:crypto";

/**
 * A new video room: its id and the doctor's host key, each 128 random bits, never derived from the appointment, so
 * nobody can guess a room from a booking id.
 */
export function newVideoRoom(): { videoRoomId: string; videoHostKey: string } {
  return { videoRoomId: randomBytes(16).toString("hex"), videoHostKey: randomBytes(16).toString("hex") };
}

/** The patient's link to the video page, and the doctor's, which carries the host key that makes it a moderator's. */
export function roomLinks(
  siteUrl: string,
  roomId: string,
  hostKey: string,
): { patient: string; host: string } {
  const patient = `${siteUrl}/video-consultation/${roomId}`;
  return { patient, host: `${patient}?key=${hostKey}` };
}
