import { describe, expect, it } from "vitest";
import type { AppointmentRow } from "../../core/appointments/repository";
import { redactorFor } from "./service";

const row = (changes: Partial<AppointmentRow>) =>
  ({
    patientName: "Farah Foxtrot",
    guardianName: "Fiona Foxtrot",
    patientEmail: "fiona.foxtrot@example.com",
    patientPhone: "+91 98666 66666",
    ...changes,
  }) as AppointmentRow;

describe("erasure's redaction of free text", () => {
  it("replaces the e-mail whole, and the phone however it is written", () => {
    const redact = redactorFor(row({}));
    const notes =
      "Mother Fiona Foxtrot (fiona.foxtrot@example.com, +91 98666 66666 / 9866666666). Call Fiona on 98666-66666, " +
      "or 098666.66666, or (+91) 9866-666-666. Farah's echo is normal.";
    const redacted = redact(notes);
    expect(redacted).not.toMatch(/fiona|farah|foxtrot|example\.com|6666/i);
    expect(redacted).toContain("echo is normal");
  });

  it("finds a phone stored without its country code, and leaves other numbers alone", () => {
    const redact = redactorFor(row({ patientPhone: "98777 77777" }));
    expect(redact("Phone +91-98777-77777 or 9877777777; dose 2.5 ml twice a day; weight 12.5 kg")).toBe(
      "Phone [erased] or [erased]; dose 2.5 ml twice a day; weight 12.5 kg",
    );
  });

  it("replaces names in any case and any script, but not inside other words", () => {
    const redact = redactorFor(row({ patientName: "अनन्या Rao", guardianName: null }));
    expect(redact("अनन्या ran; RAO called; Raolink stays")).toBe(
      "[erased] ran; [erased] called; Raolink stays",
    );
  });
});
