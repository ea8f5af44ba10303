import { afterEach, describe, expect, it } from "vitest";
import { testAppointment, testSite } from "../../testing/message-fixtures";
import { calendarInvite, type InviteOptions } from "./calendar-invite";

const site = testSite;

const appointment = testAppointment({
  patientPhone: "+91 98450 12345",
  reasonForConsultation: "Heart murmur",
});

const forPatient: InviteOptions = { recipient: "patient", organizerEmail: "contact@drrao.example" };
const forDoctor: InviteOptions = { recipient: "doctor", organizerEmail: "priya@drrao.example" };

/** The invite's properties, with folded lines joined and TEXT escapes undone. */
function properties(ics: string): Map<string, string> {
  const lines = ics.replace(/\r\n[ \t]/g, "").split("\r\n");
  const map = new Map<string, string>();
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon > 0) map.set(line.slice(0, colon).split(";")[0]!, line.slice(colon + 1));
  }
  return map;
}

describe("calendarInvite", () => {
  const originalZone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = originalZone;
  });

  it("is a REQUEST for the appointment in UTC: 7:00 PM IST on 22 November is 13:30Z", () => {
    const ics = calendarInvite(appointment, site, forPatient);
    expect(ics).toMatch(/\r\n/);
    const props = properties(ics);
    expect(props.get("METHOD")).toBe("REQUEST");
    expect(props.get("UID")).toBe(appointment.calendarUid);
    expect(props.get("SEQUENCE")).toBe("0");
    expect(props.get("DTSTART")).toBe("20261122T133000Z");
    expect(props.get("DTEND")).toBe("20261122T135000Z");
    expect(props.get("SUMMARY")).toBe("Video consultation with Dr. Priya Rao");
    expect(props.get("LOCATION")).toBe(appointment.roomUrl);
    expect(props.get("URL")).toBe(appointment.roomUrl);
    expect(props.get("STATUS")).toBe("CONFIRMED");
    expect(props.get("DESCRIPTION")).toContain("#ab12cd34");
    expect(props.get("DESCRIPTION")).toContain(appointment.roomUrl);
    expect(ics).toMatch(/\r\nORGANIZER;CN="Dr\. Priya Rao":mailto:contact@drrao\.example\r\n/);
    expect(ics.replace(/\r\n[ \t]/g, "")).toMatch(
      /\r\nATTENDEE;[^\r\n]*CN="Asha Kumar":mailto:parent@example\.com\r\n/i,
    );
    expect(ics).not.toContain("TZID");
    expect(ics).not.toContain(appointment.hostUrl);
  });

  it("keeps a name with quotes or control characters inside its CN parameter, adding no parameter of its own", () => {
    const forged = testAppointment({ patientName: 'Ab";ROLE=CHAIR;X="y\u0001' });
    const unfolded = calendarInvite(forged, site, forPatient).replace(/\r\n[ \t]/g, "");
    const attendee = unfolded.split("\r\n").find((line) => line.startsWith("ATTENDEE")) ?? "";
    expect(attendee).toContain(`CN="Ab';ROLE=CHAIR;X='y":MAILTO:`);
    // Parameters are split on ";" outside quotes: exactly the ones the invite sets, and one CN.
    const parameters = attendee.slice(0, attendee.indexOf(":MAILTO")).split(/;(?=(?:[^"]*"[^"]*")*[^"]*$)/);
    expect(parameters.filter((parameter) => parameter.startsWith("ROLE="))).toEqual(["ROLE=REQ-PARTICIPANT"]);
    expect(attendee).not.toMatch(/\p{Cc}/u);
  });

  it("does not depend on the server's own time zone", () => {
    process.env.TZ = "America/New_York";
    const inNewYork = properties(calendarInvite(appointment, site, forPatient));
    process.env.TZ = "Asia/Kolkata";
    const inIndia = properties(calendarInvite(appointment, site, forPatient));
    expect(inNewYork.get("DTSTART")).toBe("20261122T133000Z");
    expect(inIndia.get("DTSTART")).toBe("20261122T133000Z");
  });

  it("gives the doctor the host link, organised from the doctor's own address, with the patient invited", () => {
    const ics = calendarInvite(appointment, site, forDoctor);
    const unfolded = ics.replace(/\r\n[ \t]/g, "");
    const props = properties(ics);
    expect(props.get("UID")).toBe(properties(calendarInvite(appointment, site, forPatient)).get("UID"));
    expect(props.get("LOCATION")).toBe(appointment.hostUrl);
    expect(props.get("URL")).toBe(appointment.hostUrl);
    expect(props.get("DESCRIPTION")).toContain(appointment.hostUrl);
    expect(props.get("SUMMARY")).toBe("Video consultation: Asha Kumar");
    expect(unfolded).toMatch(/\r\nORGANIZER;CN="Dr\. Priya Rao":mailto:priya@drrao\.example\r\n/);
    expect(unfolded).toMatch(/\r\nATTENDEE;[^\r\n]*CN="Asha Kumar":mailto:parent@example\.com\r\n/i);
    // The patient's link (without the key) appears nowhere on its own.
    expect(unfolded.split(appointment.hostUrl).join("")).not.toContain(appointment.roomUrl);
  });
});
