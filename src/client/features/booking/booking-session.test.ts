import { describe, expect, it } from "vitest";
import type { CreatedAppointment, CreatedOrder } from "@shared/booking";
import { CONSENT_VERSIONS } from "@shared/consent";
import { emptyBookingData } from "./booking-logic";
import { consentForLanguage, resumeStep, stepFromName, stepName } from "./booking-session";

const data = {
  ...emptyBookingData,
  patientName: "Asha Rao",
  appointmentDate: "2026-12-01",
  appointmentTime: "19:00",
};
const appointment = { id: "a", holdExpiresAt: "2026-11-25T10:15:00.000Z" } as CreatedAppointment;
const order = { orderId: "o" } as CreatedOrder;

describe("resumeStep", () => {
  it("returns to the payment step of the same appointment while its hold lasts", () => {
    const resumed = resumeStep({ step: 3, data, appointment, order }, new Date("2026-11-25T10:14:59Z"));
    expect(resumed).toEqual({ step: 3, data, appointment, order });
  });

  it("returns to the time step with the details kept once the hold has lapsed", () => {
    const resumed = resumeStep({ step: 3, data, appointment, order }, new Date("2026-11-25T10:15:00Z"));
    expect(resumed).toEqual({ step: 2, data: { ...data, appointmentTime: "" } });
  });

  it("keeps an earlier step as it was", () => {
    expect(resumeStep({ step: 1, data }, new Date())).toEqual({ step: 1, data });
    expect(resumeStep({ step: 2, data }, new Date())).toEqual({ step: 2, data });
  });
});

describe("the step in the address", () => {
  it("names each step and reads it back; anything else is no step", () => {
    for (const step of [1, 2, 3, 4] as const) expect(stepFromName(stepName(step))).toBe(step);
    expect(stepFromName("checkout")).toBeUndefined();
    expect(stepFromName(null)).toBeUndefined();
  });
});

describe("a booking saved on a page in another language", () => {
  const ticked = {
    ...data,
    teleconsultationConsent: true,
    privacyAcknowledged: true,
    language: "en" as const,
  };

  it("goes back to the details with the consent to give again, in the page's language", () => {
    expect(consentForLanguage({ step: 3, data: ticked, appointment, order }, "kn")).toEqual({
      step: 1,
      data: {
        ...ticked,
        teleconsultationConsent: false,
        privacyAcknowledged: false,
        language: "kn",
        consentVersion: CONSENT_VERSIONS.kn,
      },
    });
  });

  it("goes back to the details when the wording changed since the boxes were ticked", () => {
    const older = { ...ticked, consentVersion: "2000-01-01" };
    expect(consentForLanguage({ step: 2, data: older }, "en")).toMatchObject({
      step: 1,
      data: {
        teleconsultationConsent: false,
        privacyAcknowledged: false,
        consentVersion: CONSENT_VERSIONS.en,
      },
    });
  });

  it("resumes as it was in the same language, or before any box was ticked", () => {
    const same = { step: 3 as const, data: ticked, appointment, order };
    expect(consentForLanguage(same, "en")).toBe(same);
    const unticked = { step: 1 as const, data };
    expect(consentForLanguage(unticked, "hi")).toBe(unticked);
  });
});
