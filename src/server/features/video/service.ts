import { createHash, timingSafeEqual } from "node:crypto";
import { bookingIdOf } from "@shared/booking";
import { slotStart } from "@shared/clinic-time";
import type { VideoRoomLookup } from "@shared/video";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { HttpError } from "../../http/errors";
import type { VideoService } from "../../integrations/video/video-service";
import { findAppointmentByRoomId } from "./repository";

export interface VideoRoomDependencies {
  db: Db;
  config: Config;
  video: VideoService;
  now: () => Date;
  /** The name the doctor joins under (in the token); the site profile's doctor. */
  doctorName: string;
}

/** Room ids are 128 random bits written as 32 lowercase hex characters. */
export const ROOM_ID_PATTERN = /^[0-9a-f]{32}$/;

/** Appointments whose room may be joined; a held, expired or cancelled booking has none. */
const JOINABLE_STATUSES = new Set(["confirmed", "completed"]);

/**
 * One answer for every reason a room cannot be joined (unknown, malformed, unpaid, too early, too late), so the
 * answer reveals nothing about which room ids exist.
 */
const roomNotFound = () => new HttpError(404, "Room not found");

/**
 * A room opens a while before the slot starts (VIDEO_ROOM_OPENS_MINUTES, default 60) and closes 3 hours after it,
 * both ends included. The e-mails and reminders can use the same times.
 */
export function roomWindow(
  appointment: { appointmentDate: string; appointmentTime: string },
  config: Config,
): { opensAt: Date; startsAt: Date; closesAt: Date } {
  const startsAt = slotStart(
    appointment.appointmentDate,
    appointment.appointmentTime,
    config.booking.timeZone,
  );
  return {
    opensAt: new Date(startsAt.getTime() - config.video.opensMinutesBefore * 60_000),
    startsAt,
    closesAt: new Date(startsAt.getTime() + config.video.closesMinutesAfter * 60_000),
  };
}

/** Compares the given key with the appointment's host key in constant time (hashes have equal lengths). */
function isHostKey(given: string | undefined, hostKey: string | null): boolean {
  if (!given || !hostKey) return false;
  const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();
  return timingSafeEqual(digest(given), digest(hostKey));
}

export async function lookUpRoom(
  deps: VideoRoomDependencies,
  roomId: string,
  hostKey: string | undefined,
): Promise<VideoRoomLookup> {
  if (!ROOM_ID_PATTERN.test(roomId)) throw roomNotFound();
  const appointment = await findAppointmentByRoomId(deps.db, roomId);
  if (!appointment || !JOINABLE_STATUSES.has(appointment.status)) throw roomNotFound();
  const now = deps.now();
  const { opensAt, closesAt } = roomWindow(appointment, deps.config);
  if (now < opensAt || now > closesAt) throw roomNotFound();

  const moderator = isHostKey(hostKey, appointment.videoHostKey);
  const { video } = deps;
  const roomName = video.roomName(roomId);
  // The patient's e-mail address stays out of the token: the video service needs a name, not contact details.
  const token = await video.joinToken({
    roomName,
    displayName: moderator ? deps.doctorName : appointment.patientName,
    moderator,
    issuedAt: now,
    expiresAt: closesAt,
  });
  return {
    room: {
      url: video.roomUrl(roomName),
      name: video.apiRoomName(roomName),
      domain: video.domain,
      scriptUrl: video.scriptUrl,
    },
    appointment: {
      patientName: appointment.patientName,
      patientAge: appointment.patientAge,
      reasonForConsultation: appointment.reasonForConsultation,
      appointmentDate: appointment.appointmentDate,
      appointmentTime: appointment.appointmentTime,
      bookingId: bookingIdOf(appointment.id),
    },
    ...(token ? { token } : {}),
    moderator,
  };
}
