import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { sampleProfile } from "@shared/sample-profile";
import { loadSiteProfile, signatureImageFile } from "./profile";

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

describe("the doctor's signature image", () => {
  const png = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
    "base64",
  );

  it("is read from beside the profile file when its path is relative", () => {
    const folder = mkdtempSync(join(dir, "signed-"));
    writeFileSync(join(folder, "signature.png"), png);
    const file = join(folder, "profile.json");
    writeFileSync(file, JSON.stringify({ doctor: { signatureImage: "signature.png" } }));
    const profile = loadSiteProfile(file);
    expect(signatureImageFile(profile, file, "/data")).toBe(join(folder, "signature.png"));
    expect(signatureImageFile(sampleProfile, undefined, "/data")).toBeUndefined();
  });

  it("stops the start when the image is missing or is not a PNG or JPEG", () => {
    const missing = fileWith(JSON.stringify({ doctor: { signatureImage: "nowhere.png" } }));
    expect(() => loadSiteProfile(missing)).toThrow(/doctor\.signatureImage .*nowhere\.png could not be read/);
    writeFileSync(join(dir, "signature.txt"), "not an image");
    const text = fileWith(JSON.stringify({ doctor: { signatureImage: "signature.txt" } }));
    expect(() => loadSiteProfile(text)).toThrow(/must be a PNG or JPEG image/);
  });
});
