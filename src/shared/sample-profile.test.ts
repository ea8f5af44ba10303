import { describe, expect, it } from "vitest";
import { isSampleRegistration, sampleProfile, servedProfile } from "./sample-profile";

describe("isSampleRegistration", () => {
  it("knows the sample's number however it is spaced, cased or hyphenated", () => {
    for (const written of [
      "SAMPLE-000000",
      " SAMPLE-000000 ",
      "sample-000000",
      "SAMPLE\u2010000000",
      "SAMPLE\u2212000000",
      "SAMPLE-000000\u200b",
      "SAMPLE -\u00ad000000",
      "ＳＡＭＰＬＥ－００００００",
    ])
      expect(isSampleRegistration(written), JSON.stringify(written)).toBe(true);
  });

  it("takes any other number as the doctor's own", () => {
    for (const written of ["KMC 45678", "SAMPLE-000001", "000000", ""])
      expect(isSampleRegistration(written), written).toBe(false);
  });
});

describe("servedProfile", () => {
  it("leaves the sample's registration number out in production, and serves any other as it is", () => {
    expect(servedProfile(sampleProfile, true).doctor.registration).toEqual({ number: "", council: "" });
    expect(servedProfile(sampleProfile, false)).toBe(sampleProfile);
    const own = {
      ...sampleProfile,
      doctor: { ...sampleProfile.doctor, registration: { number: "KMC 45678", council: "KMC" } },
    };
    expect(servedProfile(own, true)).toBe(own);
  });
});
