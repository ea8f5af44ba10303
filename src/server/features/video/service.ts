import { createHash, timingSafeEqual } from "node:crypto";
import { bookingIdOf } from "@shared/booking";
import { timeZoneLabel } from "@shared/clinic-time";
import { appointmentInterval, DEFAULT_SLOT_MINUTES } from "@shared/schedule";
import type { ProfileSource } from "@shared/site-profile";
import type { PresenceAnswer, VideoRoomLookup } from "@shared/video";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { HttpError } from "../../http/errors";
import type { VideoService } from "../../integrations/video/video-service";
import { calendarInvite } from "../../integrations/email/calendar-invite";
import { invitationFor } from "../../integrations/email/compose-email";
import { messageWords } from "../../integrations/messaging/message-words";
import { findAppointment } from "../../core/appointments/repository";
import { appointmentMessageData, siteFacts } from "../../core/appointments/message-data";
import { findAppointmentByRoomId, type RoomAppointment } from "../../core/appointments/room-lookup";
import { doctorRecipients } from "../settings/service";
import { beat, isPresent } from "./presence";

// The console's Today asks which parents are waiting through this service.
export { parentsPresent } from "./presence";

interface VideoRoomDependencies {
  db: Db;
  config: Config;
  video: VideoService;
  now: () => Date;
  /** The doctor's name (the name the doctor joins under) and contact details, for the calendar invite. */
  profile: ProfileSource;
}

/** Room ids are 128 random bits written as 32 lowercase hex characters. */
const ROOM_ID_PATTERN = /^[0-9a-f]{32}$/;

/** Appointments whose room may be joined; a held, expired or cancelled booking has none. */
const JOINABLE_STATUSES = new Set(["confirmed", "completed"]);

/**
 * One answer for every id that is not a paid room (unknown, malformed, held, cancelled), so the answer reveals
 * nothing about bookings that were never paid for.
 */
const roomNotFound = () => new HttpError(404, "Room not found");

/**
 * A room opens a while before the slot starts (VIDEO_ROOM_OPENS_MINUTES, default 60) and closes a while after the
 * consultation's scheduled end, both ends included. The margin after the end is the one a default 20-minute
 * consultation has (3 hours after its start), so a longer consultation keeps its room open longer. The start and end
 * come from the schedule module, as the reminders' and the calendar invite's do.
 */
export function roomWindow(
  appointment: { appointmentDate: string; appointmentTime: string; durationMinutes: number },
  config: Config,
): { opensAt: Date; startsAt: Date; endsAt: Date; closesAt: Date } {
  const { startsAt, endsAt } = appointmentInterval(appointment, config.booking.timeZone);
  const marginAfterEnd = config.video.closesMinutesAfter - DEFAULT_SLOT_MINUTES;
  return {
    opensAt: new Date(startsAt.getTime() - config.video.opensMinutesBefore * 60_000),
    startsAt,
    endsAt,
    closesAt: new Date(endsAt.getTime() + marginAfterEnd * 60_000),
  };
}

/** Compares the given key with the appointment's host key in constant time (hashes have equal lengths). */
function isHostKey(given: string | undefined, hostKey: string | null): boolean {
  if (!given || !hostKey) return false;
  const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();
  return timingSafeEqual(digest(given), digest(hostKey));
}

/** Where a known room stands at `now`: before its window, inside it, or after it. */
function windowState(now: Date, window: { opensAt: Date; closesAt: Date }): VideoRoomLookup["state"] {
  if (now < window.opensAt) return "not_open";
  if (now > window.closesAt) return "ended";
  return "open";
}

/** A paid appointment's room, or the 404 every unknown, malformed or unpaid room id gets. */
async function paidRoom(deps: VideoRoomDependencies, roomId: string): Promise<RoomAppointment> {
  if (!ROOM_ID_PATTERN.test(roomId)) throw roomNotFound();
  const appointment = await findAppointmentByRoomId(deps.db, roomId);
  if (!appointment || !JOINABLE_STATUSES.has(appointment.status)) throw roomNotFound();
  return appointment;
}

/**
 * A paid room, or the room of a booking cancelled after it was paid (rooms are made only when a payment is
 * confirmed); the 404 otherwise.
 */
async function paidOrCancelledRoom(deps: VideoRoomDependencies, roomId: string): Promise<RoomAppointment> {
  if (ROOM_ID_PATTERN.test(roomId)) {
    const appointment = await findAppointmentByRoomId(deps.db, roomId);
    if (appointment?.status === "cancelled") return appointment;
  }
  return paidRoom(deps, roomId);
}

/**
 * GET /api/video-room/:roomId. A paid room answers where it stands: before its window and after it, only when it
 * opens and closes (no token, nothing about the patient), so the page can count down and join by itself; inside the
 * window, the room, the patient's details and the join token.
 */
export async function lookUpRoom(
  deps: VideoRoomDependencies,
  roomId: string,
  hostKey: string | undefined,
): Promise<VideoRoomLookup> {
  const appointment = await paidOrCancelledRoom(deps, roomId);
  const now = deps.now();
  const { opensAt, startsAt, closesAt } = roomWindow(appointment, deps.config);
  const { timeZone } = deps.config.booking;
  const window = {
    opensAt: opensAt.toISOString(),
    startsAt: startsAt.toISOString(),
    closesAt: closesAt.toISOString(),
    appointmentDate: appointment.appointmentDate,
    appointmentTime: appointment.appointmentTime,
    timeZone,
    timeZoneLabel: timeZoneLabel(timeZone, startsAt),
  };
  // The parent's e-mail still holds the link: say the booking was cancelled, not that the room does not exist.
  if (appointment.status === "cancelled") return { state: "cancelled", ...window };
  // The doctor cannot keep this time and the parent has not chosen another yet: the room does not open for it.
  if (appointment.status === "confirmed" && appointment.doctorUnavailableSince)
    return { state: "time_changing", ...window };
  const state = windowState(now, { opensAt, closesAt });
  if (state !== "open") return { state, ...window };
  const moderator = isHostKey(hostKey, appointment.videoHostKey);
  const { video } = deps;
  const roomName = video.roomName(roomId);
  // The patient's e-mail address stays out of the token: the video service needs a name, not contact details.
  const token = await video.joinToken({
    roomName,
    displayName: moderator ? deps.profile.current().doctor.name : appointment.patientName,
    moderator,
    issuedAt: now,
    expiresAt: closesAt,
  });
  return {
    state,
    ...window,
    room: {
      url: video.roomUrl(roomName),
      name: video.apiRoomName(roomName),
      domain: video.domain,
      scriptUrl: video.scriptUrl,
    },
    appointment: {
      patientName: appointment.patientName,
      patientAge: appointment.patientAge,
      patientAgeMonths: appointment.patientAgeMonths,
      reasonForConsultation: appointment.reasonForConsultation,
      appointmentDate: appointment.appointmentDate,
      appointmentTime: appointment.appointmentTime,
      bookingId: bookingIdOf(appointment.id),
    },
    ...(token ? { token } : {}),
    moderator,
  };
}

/**
 * GET /api/video-room/:roomId/invite.ics: the confirmation e-mail's calendar invite, for a paid room at any time. The
 * patient's link gets the patient's invite; the doctor's (the right host key) the doctor's, with the host link.
 */
export async function roomInvite(
  deps: VideoRoomDependencies,
  roomId: string,
  hostKey: string | undefined,
): Promise<{ filename: string; content: string }> {
  const room = await paidRoom(deps, roomId);
  const row = await findAppointment(deps.db, room.id);
  if (!row) throw roomNotFound();
  const recipient = isHostKey(hostKey, room.videoHostKey) ? "doctor" : "patient";
  const site = siteFacts(deps.config, deps.profile.current());
  const doctorEmail = (await doctorRecipients(deps.db, deps.config)).email;
  const data = appointmentMessageData(deps.config, row);
  // The parent's invite speaks the booking's language, as the confirmation e-mail's does; the doctor's is English.
  const words = messageWords(recipient === "patient" ? data.language : "en");
  return {
    filename: `consultation-${data.bookingId}.ics`,
    content: calendarInvite(data, site, {
      ...invitationFor(recipient, site, doctorEmail ? { doctorEmail } : {}),
      words,
    }),
  };
}

/**
 * POST /api/video-room/:roomId/presence: the parent's page (or, with the host key, the doctor's) is open. Only a
 * confirmed booking's room inside its window keeps a presence; a wrong host key is the 404 of a wrong room, so a
 * beat never shows anyone where they are not.
 */
export async function presenceBeat(
  deps: VideoRoomDependencies,
  roomId: string,
  beatBody: { key?: string | undefined; leaving: boolean },
): Promise<PresenceAnswer> {
  const appointment = await paidRoom(deps, roomId);
  const now = deps.now();
  const doctor = isHostKey(beatBody.key, appointment.videoHostKey);
  if (beatBody.key !== undefined && !doctor) throw roomNotFound();
  const open =
    appointment.status === "confirmed" &&
    !appointment.doctorUnavailableSince &&
    windowState(now, roomWindow(appointment, deps.config)) === "open";
  if (!open) throw new HttpError(409, "The video room is not open now.");
  const row = await beat(deps.db, appointment.id, doctor ? "doctor" : "parent", beatBody.leaving, now);
  const parentPresent = isPresent(row.parentSeenAt, now);
  return {
    doctorPresent: isPresent(row.doctorSeenAt, now),
    parentPresent,
    parentSince: doctor && parentPresent && row.parentSince ? row.parentSince.toISOString() : null,
  };
}
