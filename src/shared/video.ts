/** What GET /api/video-room/:roomId answers: where to join, who the patient is, and the join token if any. */
export interface VideoRoomLookup {
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
    reasonForConsultation: string;
    appointmentDate: string;
    appointmentTime: string;
    bookingId: string;
  };
  token?: string;
  /** True only on the doctor's link (the right host key): the doctor joins as the room's moderator. */
  moderator: boolean;
}
