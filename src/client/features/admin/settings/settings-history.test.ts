import { describe, expect, it } from "vitest";
import { changedPaths, fieldName } from "./settings-history";

describe("the settings history's field names", () => {
  it("names the fields as the doctor knows them, not as the code does", () => {
    expect(fieldName("consultationFee")).toBe("consultation fee");
    expect(fieldName("followUp.withinDays")).toBe("follow-up period");
    expect(fieldName("doctor.photo.version")).toBe("photo");
    expect(fieldName("doctor.registration.number")).toBe("registration number");
    expect(fieldName("services.2.title")).toBe("services title");
    expect(fieldName("contact.hours.0.days")).toBe("contact hours days");
  });

  it("finds the changed fields of two values", () => {
    expect(
      changedPaths({ consultationFee: 2000, followUp: null }, { consultationFee: 1800, followUp: null }),
    ).toEqual(["consultationFee"]);
  });
});
