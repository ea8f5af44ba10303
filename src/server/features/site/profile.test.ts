import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { sampleProfile } from "@shared/sample-profile";
import { loadSiteProfile } from "./profile";

const dir = mkdtempSync(join(tmpdir(), "profile-"));
function fileWith(content: string): string {
  const path = join(dir, `${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(path, content);
  return path;
}

describe("loadSiteProfile", () => {
  it("is the sample without a file", () => {
    expect(loadSiteProfile(undefined)).toEqual(sampleProfile);
  });

  it("overrides parts of the sample with the deployer's file, keeping the rest", () => {
    const profile = loadSiteProfile(
      fileWith(
        JSON.stringify({ doctor: { name: "Dr. Real Person" }, contact: { email: "desk@clinic.example" } }),
      ),
    );
    expect(profile.doctor.name).toBe("Dr. Real Person");
    expect(profile.doctor.qualifications).toEqual(sampleProfile.doctor.qualifications);
    expect(profile.contact.email).toBe("desk@clinic.example");
    expect(profile.contact.phone).toBe(sampleProfile.contact.phone);
  });

  it("replaces lists whole", () => {
    const profile = loadSiteProfile(fileWith(JSON.stringify({ about: { expertise: ["Only this"] } })));
    expect(profile.about.expertise).toEqual(["Only this"]);
  });

  it("names the file and each wrong field", () => {
    const path = fileWith(
      JSON.stringify({ contact: { email: "not-an-email" }, doctor: { qualifications: [] } }),
    );
    expect(() => loadSiteProfile(path)).toThrow(/contact\.email: /);
    expect(() => loadSiteProfile(path)).toThrow(/doctor\.qualifications: /);
    expect(() => loadSiteProfile(path)).toThrow(path);
    expect(() => loadSiteProfile(fileWith("{oops"))).toThrow(/could not be read as JSON/);
    expect(() => loadSiteProfile(join(dir, "missing.json"))).toThrow(/could not be read/);
  });
});
