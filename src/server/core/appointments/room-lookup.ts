import type { OpenVideoRoom } from "@shared/video";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { appointments } from "../../db/schema";

/** What the video room needs of an appointment: what the room shows of the patient, and what the server checks. */
export type RoomAppointment = Omit<OpenVideoRoom["appointment"], "bookingId"> & {
  id: string;
  /** The consultation's length: the room stays open a while after its end. */
  durationMinutes: number;
  status: string;
  videoHostKey: string | null;
  /** Set while the parent chooses another time: the doctor cannot keep this one. */
  doctorUnavailableSince: Date | null;
};

/** The appointment whose video room this is (room ids are unique, set when the booking is confirmed). */
export async function findAppointmentByRoomId(db: Db, roomId: string): Promise<RoomAppointment | undefined> {
  const rows = await db
    .select({
      id: appointments.id,
      patientName: appointments.patientName,
      patientAge: appointments.patientAge,
      patientAgeMonths: appointments.patientAgeMonths,
      reasonForConsultation: appointments.reasonForConsultation,
      appointmentDate: appointments.appointmentDate,
      appointmentTime: appointments.appointmentTime,
      durationMinutes: appointments.durationMinutes,
      status: appointments.status,
      videoHostKey: appointments.videoHostKey,
      doctorUnavailableSince: appointments.doctorUnavailableSince,
    })
    .from(appointments)
    .where(eq(appointments.videoRoomId, roomId))
    .limit(1);
  return rows[0];
}
