import { describe, expect, it } from "vitest";
import { createAppointmentSchema, hasLetter, patientDetailsSchema } from "./booking";
import { CONSENT_VERSIONS } from "./consent";

const details = {
  patientName: "Aarav Mehta",
  patientEmail: "parent@example.org",
  patientPhone: "+91 98450 12345",
  patientAge: 7,
  reasonForConsultation: "Murmur heard at school",
  guardianName: "Meena Mehta",
  guardianRelationship: "Mother",
  teleconsultationConsent: true,
  privacyAcknowledged: true,
  consentVersion: CONSENT_VERSIONS.en,
};
const request = { ...details, appointmentDate: "2026-11-22", appointmentTime: "19:00" };

/** Each field's messages, as the form shows them under the field and the API lists them in `issues`. */
function issues(schema: typeof patientDetailsSchema | typeof createAppointmentSchema, input: object) {
  return (
    schema.safeParse(input).error?.issues.map((issue) => ({
      path: issue.path.join("."),
      message: issue.message,
    })) ?? []
  );
}

const NO_LETTERS = "Please enter a name with letters, not only numbers or symbols";

describe("names", () => {
  const accepted = [
    "Aarav Mehta",
    "ಸುಮಾ ರಾವ್",
    "आरव शर्मा",
    "சுமதி",
    "José Núñez",
    // The accent typed as a combining mark after its letter.
    "Jose\u0301 Nu\u0303n\u0303ez",
    "Zoë O'Brien-Smith",
    "B/O Meena",
    "Baby 2",
    "Ψ",
  ];
  const refused = ["12345", "🙂🙂", "---", "…", "\u0301\u0301", "🙂 123 !", "₹₹"];

  it("have a letter of some script", () => {
    for (const name of accepted) expect(hasLetter(name), name).toBe(true);
    for (const name of refused) expect(hasLetter(name), name).toBe(false);
  });

  it("without letters are refused for the patient and the parent, on the form and on the request", () => {
    for (const name of refused) {
      for (const schema of [patientDetailsSchema, createAppointmentSchema]) {
        const input = schema === patientDetailsSchema ? details : request;
        expect(issues(schema, { ...input, patientName: name }), name).toEqual([
          { path: "patientName", message: NO_LETTERS },
        ]);
        expect(issues(schema, { ...input, guardianName: name }), name).toEqual([
          { path: "guardianName", message: NO_LETTERS },
        ]);
      }
    }
  });

  it("in Indian scripts and with accents are accepted", () => {
    for (const name of accepted) {
      expect(issues(createAppointmentSchema, { ...request, patientName: name }), name).toEqual([]);
      expect(issues(createAppointmentSchema, { ...request, guardianName: name }), name).toEqual([]);
    }
  });

  it("keep the spec's message for an empty name, and the parent's own when a child's parent is not named", () => {
    expect(issues(patientDetailsSchema, { ...details, patientName: "  " })).toEqual([
      { path: "patientName", message: "Patient name is required" },
    ]);
    expect(issues(patientDetailsSchema, { ...details, guardianName: " " })).toEqual([
      { path: "guardianName", message: "Please enter the name of the parent or guardian" },
    ]);
  });
});

describe("age", () => {
  it("asks for the months when 0 years is given, and for an age when none is", () => {
    const months = "For a baby under one year, choose months and enter the age in months";
    for (const schema of [patientDetailsSchema, createAppointmentSchema]) {
      const input = schema === patientDetailsSchema ? details : request;
      expect(issues(schema, { ...input, patientAge: 0 })).toEqual([{ path: "patientAge", message: months }]);
      expect(issues(schema, { ...input, patientAge: undefined })).toEqual([
        { path: "patientAge", message: "Please enter a valid age" },
      ]);
      expect(issues(schema, { ...input, patientAge: 0, patientAgeMonths: 4 })).toEqual([]);
      expect(issues(schema, { ...input, patientAge: 1 })).toEqual([]);
    }
  });
});
