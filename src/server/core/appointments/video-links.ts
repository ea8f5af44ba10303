import { randomBytes } from "node:crypto";
import { isLanguage, languagePrefix } from "@shared/i18n/languages";

/**
 * A new video room: its id and the doctor's host key, each 128 random bits, never derived from the appointment, so
 * nobody can guess a room from a booking id.
 */
export function newVideoRoom(): { videoRoomId: string; videoHostKey: string } {
  return { videoRoomId: randomBytes(16).toString("hex"), videoHostKey: randomBytes(16).toString("hex") };
}

/**
 * The patient's link to the video page, in the booking's language (/kn/video-consultation/{id} for a Kannada one), and
 * the doctor's, which carries the host key that makes it a moderator's and is in English, the console's language.
 */
export function roomLinks(
  siteUrl: string,
  roomId: string,
  hostKey: string,
  language: string,
): { patient: string; host: string } {
  const room = `/video-consultation/${roomId}`;
  const prefix = isLanguage(language) ? languagePrefix(language) : "";
  return { patient: `${siteUrl}${prefix}${room}`, host: `${siteUrl}${room}?key=${hostKey}` };
}
