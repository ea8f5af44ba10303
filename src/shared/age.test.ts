import { describe, expect, it } from "vitest";
import { ageLabel } from "./age";
import { createAppointmentSchema, patientDetailsSchema } from "./booking";
import { CONSENT_VERSIONS } from "./consent";

describe("ageLabel", () => {
  it("says years, and a baby's months", () => {
    expect(ageLabel(7)).toBe("7 years");
    expect(ageLabel(1)).toBe("1 year");
    expect(ageLabel(0, 5)).toBe("5 months");
    expect(ageLabel(0, 1)).toBe("1 month");
    expect(ageLabel(0, 0)).toBe("under 1 month");
    expect(ageLabel(3, null)).toBe("3 years");
  });
});

describe("the booking form's age", () => {
  const details = {
    patientName: "Baby Rao",
    patientEmail: "parent@example.org",
    patientPhone: "+91 98450 12345",
    reasonForConsultation: "Murmur at birth",
    guardianName: "Meena Rao",
    guardianRelationship: "Mother",
    teleconsultationConsent: true,
    privacyAcknowledged: true,
    consentVersion: CONSENT_VERSIONS.en,
  };
  const messages = (input: object) =>
    patientDetailsSchema.safeParse({ ...details, ...input }).error?.issues.map((issue) => issue.message) ??
    [];

  it("takes a baby's age as 0 years and the months, and refuses 0 years alone", () => {
    expect(messages({ patientAge: 0, patientAgeMonths: 5 })).toEqual([]);
    expect(messages({ patientAge: 0, patientAgeMonths: 0 })).toEqual([]);
    expect(messages({ patientAge: 7 })).toEqual([]);
    expect(messages({ patientAge: 0 })).toEqual([
      "For a baby under one year, choose months and enter the age in months",
    ]);
    // An empty age field sends no age at all.
    expect(messages({})).toEqual(["Please enter a valid age"]);
    expect(messages({ patientAge: 0, patientAgeMonths: 12 })).toEqual([
      "Please enter the age in months (0 to 11)",
    ]);
    expect(messages({ patientAge: 121 })).toEqual(["Please enter a valid age"]);
  });

  it("checks the same on the booking request", () => {
    const request = { ...details, appointmentDate: "2026-11-22", appointmentTime: "19:00" };
    expect(
      createAppointmentSchema.safeParse({ ...request, patientAge: 0, patientAgeMonths: 3 }).success,
    ).toBe(true);
    expect(createAppointmentSchema.safeParse({ ...request, patientAge: 0 }).success).toBe(false);
  });
});
