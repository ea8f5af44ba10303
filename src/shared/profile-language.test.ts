import { describe, expect, it } from "vitest";
import { profileOnPage } from "./profile-language";
import { sampleProfile } from "./sample-profile";
import { profileTranslationSchema, type SiteProfile } from "./site-profile";

const translated: SiteProfile = {
  ...sampleProfile,
  translations: {
    kn: {
      specialty: "ಮಕ್ಕಳ ಹೃದ್ರೋಗ ತಜ್ಞೆ",
      tagline: "  ",
      about: ["ಮೊದಲ ಪ್ಯಾರಾ.", "ಎರಡನೆಯದು."],
      expertise: [],
      services: [
        { title: "", description: "" },
        { title: "ಹೃದಯದ ಸ್ಕ್ಯಾನ್", description: "ಮಕ್ಕಳ ಎಕೋ." },
      ],
      hours: [{ days: "ಪ್ರತಿದಿನ", time: "" }],
      emergencyNotice: "ತುರ್ತು ಸಂದರ್ಭದಲ್ಲಿ ಹತ್ತಿರದ ಆಸ್ಪತ್ರೆಗೆ ಹೋಗಿ.",
      experience: "15+ ವರ್ಷಗಳು",
      seoTitle: "ಡಾ. ಅನನ್ಯಾ ರಾವ್ - ಮಕ್ಕಳ ಹೃದ್ರೋಗ ತಜ್ಞೆ",
    },
    hi: { specialty: "बाल हृदय रोग विशेषज्ञ" },
  },
};

describe("the doctor's profile on a page in a language", () => {
  it("shows each part she translated in its place, and her English for the rest, naming the parts translated", () => {
    const kannada = profileOnPage(translated, "kn");
    expect(kannada.doctor.specialty).toBe("ಮಕ್ಕಳ ಹೃದ್ರೋಗ ತಜ್ಞೆ");
    // An empty text or list is not a translation.
    expect(kannada.doctor.tagline).toBe(sampleProfile.doctor.tagline);
    expect(kannada.about.expertise).toEqual(sampleProfile.about.expertise);
    expect(kannada.about.paragraphs).toEqual(["ಮೊದಲ ಪ್ಯಾರಾ.", "ಎರಡನೆಯದು."]);
    // Lists follow the English by place; a row half translated stays English.
    expect(kannada.services[0]?.title).toBe(sampleProfile.services[0]?.title);
    expect(kannada.services[1]).toMatchObject({
      title: "ಹೃದಯದ ಸ್ಕ್ಯಾನ್",
      englishTitle: sampleProfile.services[1]?.title,
      bookable: sampleProfile.services[1]?.bookable,
    });
    expect(kannada.contact.hours).toEqual(sampleProfile.contact.hours);
    expect(kannada.contact.emergencyNotice).toBe("ತುರ್ತು ಸಂದರ್ಭದಲ್ಲಿ ಹತ್ತಿರದ ಆಸ್ಪತ್ರೆಗೆ ಹೋಗಿ.");
    expect(kannada.doctor.experience).toBe("15+ ವರ್ಷಗಳು");
    expect(kannada.seo).toEqual({
      title: "ಡಾ. ಅನನ್ಯಾ ರಾವ್ - ಮಕ್ಕಳ ಹೃದ್ರೋಗ ತಜ್ಞೆ",
      description: sampleProfile.seo.description,
    });
    expect(kannada.translatedParts?.sort()).toEqual([
      "about",
      "emergencyNotice",
      "experience",
      "seoTitle",
      "service.1",
      "specialty",
    ]);
    // The names, numbers and addresses stay the doctor's.
    expect(kannada.doctor.name).toBe(sampleProfile.doctor.name);
    expect(kannada.contact.email).toBe(sampleProfile.contact.email);
  });

  it("carries no language's translations into a page, and leaves English as she wrote it", () => {
    for (const language of ["en", "hi", "kn"] as const)
      expect(profileOnPage(translated, language)).not.toHaveProperty("translations");
    const english = profileOnPage(translated, "en");
    expect(english.doctor.specialty).toBe(sampleProfile.doctor.specialty);
    expect(english.translatedParts).toBeUndefined();
    expect(JSON.stringify(profileOnPage(translated, "hi"))).not.toContain("ಮಕ್ಕಳ");
  });
});

describe("a translation of the profile", () => {
  it("refuses invisible marks that would show the words reversed", () => {
    const parsed = profileTranslationSchema.safeParse({ tagline: "ಹೃದಯ \u202Eline2" });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe("Remove the invisible direction marks from this text");
    expect(profileTranslationSchema.safeParse({ tagline: "ಹೃದಯದ ಆರೈಕೆ\nಮಕ್ಕಳಿಗೆ" }).success).toBe(true);
  });
});
