import { type AppointmentMessageData, type SiteFacts, TransportError } from "../integrations/messaging/types";

/** A doctor's site and a confirmed 7:00 PM IST consultation (13:30 UTC), as the message templates receive them. */
export const testSite: SiteFacts = {
  doctorName: "Dr. Priya Rao",
  siteUrl: "https://drrao.example",
  contactEmail: "contact@drrao.example",
  contactPhone: "+91 80 4123 4567",
};

export function testAppointment(changes: Partial<AppointmentMessageData> = {}): AppointmentMessageData {
  return {
    bookingId: "ab12cd34",
    language: "en",
    patientName: "Asha Kumar",
    patientAge: 6,
    patientAgeMonths: null,
    patientEmail: "parent@example.com",
    patientPhone: "+91 98450-12345",
    reasonForConsultation: "Heart murmur heard at a school check-up.\nTires easily when playing.",
    startsAt: new Date("2026-11-22T13:30:00Z"),
    endsAt: new Date("2026-11-22T13:50:00Z"),
    timeZone: "Asia/Kolkata",
    timeZoneLabel: "IST",
    amountPaid: 2000,
    roomUrl: "https://drrao.example/video-consultation/0f8e7d6c5b4a39281706f5e4d3c2b1a0",
    hostUrl:
      "https://drrao.example/video-consultation/0f8e7d6c5b4a39281706f5e4d3c2b1a0?key=9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d",
    calendarUid: "ab12cd34-5e6f-4a7b-8c9d-0e1f2a3b4c5d@drrao.example",
    calendarSequence: 0,
    ...changes,
  };
}

/** The TransportError a send fails with; anything else it throws, or a send that succeeds, fails the test. */
export async function sendOrError(send: () => Promise<unknown>): Promise<TransportError> {
  try {
    await send();
  } catch (error) {
    if (error instanceof TransportError) return error;
    throw error;
  }
  throw new Error("expected the send to fail");
}
