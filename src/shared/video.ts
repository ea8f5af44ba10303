/** When a known room can be joined, in instants (ISO) and in the clinic's own words. */
export interface VideoRoomWindow {
  /** When the room opens: VIDEO_ROOM_OPENS_MINUTES before the start. */
  opensAt: string;
  /** When the consultation starts. */
  startsAt: string;
  /** When the room closes; join tokens expire then. */
  closesAt: string;
  /** The appointment's date and slot in the clinic's zone, "2026-11-22" and "19:00". */
  appointmentDate: string;
  appointmentTime: string;
  /** The clinic's zone and its short name, "Asia/Kolkata" and "IST", so the page needs no other call. */
  timeZone: string;
  timeZoneLabel: string;
}

/** The room is open: where to join, who the patient is, and the join token if any. */
export interface OpenVideoRoom extends VideoRoomWindow {
  state: "open";
  room: {
    /** The room's address on the video service. */
    url: string;
    /** The room name the IFrame API joins (JaaS: "{appId}/{room}"). */
    name: string;
    domain: string;
    scriptUrl: string;
  };
  appointment: {
    patientName: string;
    patientAge: number;
    /** A baby under one year: the age in months, with `patientAge` 0; null otherwise. */
    patientAgeMonths: number | null;
    reasonForConsultation: string;
    appointmentDate: string;
    appointmentTime: string;
    bookingId: string;
  };
  token?: string;
  /** True only on the doctor's link (the right host key): the doctor joins as the room's moderator. */
  moderator: boolean;
}

/** A paid room before its window: when it opens, and nothing about the patient, no token. */
export interface NotOpenVideoRoom extends VideoRoomWindow {
  state: "not_open";
}

/** A paid room after its window has closed. */
export interface EndedVideoRoom extends VideoRoomWindow {
  state: "ended";
}

/** The room of a paid booking that was cancelled since: it will not open; when it would have, and nothing else. */
export interface CancelledVideoRoom extends VideoRoomWindow {
  state: "cancelled";
}

/**
 * The room of a booking whose time the doctor cannot keep: it will not open then; the parent chooses another time
 * or a full refund from the manage link.
 */
export interface TimeChangingVideoRoom extends VideoRoomWindow {
  state: "time_changing";
}

/**
 * What GET /api/video-room/:roomId answers for a room that exists and was paid for; an unknown or unpaid room is a
 * 404. Only the open room carries the patient's details and a join token.
 */
export type VideoRoomLookup =
  OpenVideoRoom | NotOpenVideoRoom | EndedVideoRoom | CancelledVideoRoom | TimeChangingVideoRoom;

/**
 * How often an open video page tells the server it is still there: every 5 seconds while the other side has not
 * come (the beat's answer is how a waiting parent learns the doctor has started, and joins), every 20 once both are
 * there; and when a silent page counts as gone.
 */
export const PRESENCE_WAITING_BEAT_MS = 5_000;
export const PRESENCE_BEAT_MS = 20_000;

/** How long a page waits before its next beat, from the last answer (undefined when the beat was missed). */
export function nextBeatMs(answer: PresenceAnswer | undefined, asDoctor: boolean): number {
  const otherThere = asDoctor ? answer?.parentPresent : answer?.doctorPresent;
  return otherThere ? PRESENCE_BEAT_MS : PRESENCE_WAITING_BEAT_MS;
}
export const PRESENCE_GONE_MS = 60_000;

/** What a beat answers: whether the other side is there now; for the doctor, since when the parent has waited. */
export interface PresenceAnswer {
  doctorPresent: boolean;
  parentPresent: boolean;
  /** The doctor's page only: when the parent came (ISO); null when they are not there. */
  parentSince: string | null;
}
