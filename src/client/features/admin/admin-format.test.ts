import type { AdminAppointment, NotificationTestResult } from "@shared/admin";
import type { PatientRecord } from "@shared/patients";
import { describe, expect, it } from "vitest";
import {
  appointmentStatusLabel,
  appointmentStatusVariant,
  credentialsMissing,
  appointmentDateTime,
  formatRevenueK,
  channelOutcomeLabel,
  notificationSummary,
  paymentStatusLabel,
  paymentStatusVariant,
  resolveAppointmentId,
  sameChildDoubts,
  childsLastPrescription,
} from "./admin-format";

describe("formatRevenueK", () => {
  it("shows floor(value / 1000) followed by K", () => {
    expect(formatRevenueK(0)).toBe("₹0K");
    expect(formatRevenueK(999)).toBe("₹0K");
    expect(formatRevenueK(2000)).toBe("₹2K");
    expect(formatRevenueK(246_500)).toBe("₹246K");
  });
});

describe("appointment badges", () => {
  it("shows confirmed and completed as positive and anything else as negative", () => {
    expect(appointmentStatusVariant("confirmed")).toBe("success");
    expect(appointmentStatusVariant("completed")).toBe("success");
    for (const status of ["pending_payment", "expired", "cancelled", "no_show", "something_new"]) {
      expect(appointmentStatusVariant(status)).toBe("destructive");
    }
  });

  it("shows paid as positive, pending as neutral, anything else as negative", () => {
    expect(paymentStatusVariant("paid")).toBe("success");
    expect(paymentStatusVariant("pending")).toBe("outline");
    for (const status of ["failed", "refund_pending", "refunded"]) {
      expect(paymentStatusVariant(status)).toBe("destructive");
    }
  });

  it.each([
    [appointmentStatusLabel, "pending_payment", "Pending payment"],
    [appointmentStatusLabel, "no_show", "No-show"],
    [appointmentStatusLabel, "on_hold", "On hold"],
    [paymentStatusLabel, "refund_pending", "Refund pending"],
    [paymentStatusLabel, "", "Unknown"],
  ])(
    "words the states for people, including ones this client does not know: %o %j",
    (label, state, words) => {
      expect(label(state)).toBe(words);
    },
  );
});

describe("appointmentDateTime", () => {
  it("writes the clinic's calendar date short, then the slot and the zone once it is known", () => {
    expect(appointmentDateTime({ appointmentDate: "2026-11-22", appointmentTime: "19:00" }, "IST")).toBe(
      "22 Nov 2026, 7:00 PM IST",
    );
    expect(appointmentDateTime({ appointmentDate: "2027-01-01", appointmentTime: "19:00" }, undefined)).toBe(
      "1 Jan 2027, 7:00 PM",
    );
  });
});

describe("notificationSummary", () => {
  it("never counts a message written to a file as sent: its channel is not set up", () => {
    const result: NotificationTestResult = {
      videoRoom: { success: true },
      emailPatient: { success: true, delivery: "sent" },
      emailDoctor: { success: true, delivery: "sent" },
      whatsappPatient: { success: true, delivery: "written_to_file", note: "Written to file" },
      whatsappDoctor: { success: true, delivery: "written_to_file", note: "Written to file" },
    };
    expect(notificationSummary(result)).toBe("2 of 4 sent, 2 written to files (channel not set up)");
    expect(channelOutcomeLabel("whatsappPatient", result.whatsappPatient)).toBe("Written to file");
    expect(channelOutcomeLabel("emailPatient", result.emailPatient)).toBe("Sent");
    expect(channelOutcomeLabel("videoRoom", result.videoRoom)).toBe("Ready");
  });

  it("says how many failed", () => {
    const failed = { success: false, error: "Connection refused" };
    const result: NotificationTestResult = {
      videoRoom: { success: true },
      emailPatient: failed,
      emailDoctor: failed,
      whatsappPatient: { success: true, delivery: "written_to_file" },
      whatsappDoctor: { success: true, delivery: "sent" },
    };
    expect(notificationSummary(result)).toBe(
      "1 of 4 sent, 1 written to a file (channel not set up), 2 failed",
    );
    expect(channelOutcomeLabel("emailPatient", failed)).toBe("Failed");
  });
});

describe("resolveAppointmentId", () => {
  const appointment = (id: string) => ({ id }) as AdminAppointment;
  const recent = [
    appointment("3f2a9c1e-0000-4000-8000-000000000001"),
    appointment("b71d0e44-0000-4000-8000-000000000002"),
  ];

  it("trims a full id and passes it on", () => {
    expect(resolveAppointmentId("  3f2a9c1e-0000-4000-8000-000000000001 ", recent)).toBe(
      "3f2a9c1e-0000-4000-8000-000000000001",
    );
  });

  it("expands the booking id of a recent appointment, with or without #", () => {
    expect(resolveAppointmentId("#B71D0E44", recent)).toBe("b71d0e44-0000-4000-8000-000000000002");
    expect(resolveAppointmentId("3f2a9c1e", recent)).toBe("3f2a9c1e-0000-4000-8000-000000000001");
  });

  it("passes an unknown booking id on unchanged, for the server to answer", () => {
    expect(resolveAppointmentId("deadbeef", recent)).toBe("deadbeef");
    expect(resolveAppointmentId("deadbeef")).toBe("deadbeef");
  });
});

describe("credentialsMissing", () => {
  it.each([
    [true, true, false],
    [false, true, true],
    [true, false, true],
  ])(
    "is true when either credential is absent (App ID %s, Secret Key %s: %s)",
    (hasAppId, hasSecretKey, missing) => {
      expect(credentialsMissing({ hasAppId, hasSecretKey })).toBe(missing);
    },
  );
});

/** A six-year-old booked by her mother: the facts the same-child checks compare. */
const child = {
  patientAge: 6,
  patientAgeMonths: null,
  appointmentDate: "2026-11-20",
  guardian: { name: "Lakshmi Iyer", relationship: "Mother" },
  patientEmail: "lakshmi@example.org",
};

describe("sameChildDoubts", () => {
  it("has none for the same child a year and a half on, booked by the same parent", () => {
    expect(sameChildDoubts(child, { ...child, patientAge: 5, appointmentDate: "2025-05-20" })).toEqual([]);
    expect(sameChildDoubts(child, { ...child, patientEmail: " Lakshmi@Example.org" })).toEqual([]);
    // A baby of 8 months then is a year old 7 months later.
    expect(
      sameChildDoubts(
        { ...child, patientAge: 1, appointmentDate: "2026-11-20" },
        { ...child, patientAge: 0, patientAgeMonths: 8, appointmentDate: "2026-04-20" },
      ),
    ).toEqual([]);
  });

  it("names every reason to check: the e-mail, the parent, an age that does not fit", () => {
    expect(
      sameChildDoubts(child, {
        ...child,
        patientAge: 9,
        appointmentDate: "2025-11-20",
        guardian: { name: "Ravi Iyer", relationship: "Father" },
        patientEmail: "ravi@example.org",
      }),
    ).toEqual([
      "booked with another e-mail address",
      "booked by another parent or guardian (Ravi Iyer)",
      "the age given then (9 years) does not fit the age now (6 years)",
    ]);
  });
});

describe("childsLastPrescription", () => {
  const prescription = (issuedAt: string, patientSex: "female" | "male", weightKg: number | null) => ({
    id: issuedAt,
    version: 1,
    issuedAt,
    replacesVersion: null,
    content: {
      patientSex,
      weightKg,
      diagnosis: "Innocent murmur",
      medicines: [],
      investigations: "",
      advice: "Review in a year.",
      followUpDate: null,
    },
  });
  const consultation = (
    id: string,
    facts: Partial<typeof child>,
    prescriptions: ReturnType<typeof prescription>[],
  ) =>
    ({
      appointment: { ...child, ...facts, id },
      consents: [],
      refunds: [],
      notes: null,
      prescriptions,
      uploads: [],
    }) as unknown as PatientRecord["consultations"][number];
  const record = (consultations: PatientRecord["consultations"]) =>
    ({
      key: "k",
      patientName: "Asha",
      guardianName: null,
      phone: "",
      email: "",
      consultations,
    }) as PatientRecord;

  it("takes the latest prescription of the child's other consultations", () => {
    const found = childsLastPrescription(
      record([
        consultation("now", {}, []),
        consultation("may", { appointmentDate: "2026-05-02" }, [
          prescription("2026-05-02T14:00:00Z", "female", 19),
        ]),
        consultation("aug", { appointmentDate: "2026-08-10" }, [
          prescription("2026-08-10T14:00:00Z", "female", 20.5),
          prescription("2026-08-11T09:00:00Z", "female", 21),
        ]),
      ]),
      "now",
    );
    expect(found).toEqual({ patientSex: "female", weightKg: 21, issuedAt: "2026-08-11T09:00:00Z" });
  });

  it("leaves out a booking that may be another child's, and this consultation's own", () => {
    const sibling = consultation(
      "sib",
      { appointmentDate: "2026-09-01", patientAge: 2, patientEmail: "x@example.org" },
      [prescription("2026-09-01T10:00:00Z", "male", 12)],
    );
    const own = consultation("now", {}, [prescription("2026-11-20T10:00:00Z", "male", 20)]);
    expect(childsLastPrescription(record([own, sibling]), "now")).toBeNull();
    expect(childsLastPrescription(record([own]), "elsewhere")).toBeNull();
  });
});
