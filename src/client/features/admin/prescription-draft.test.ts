import { describe, expect, it } from "vitest";
import { draftFromStorage } from "./prescription-draft";

describe("draftFromStorage", () => {
  it("reads back the form's own fields, each of its own type", () => {
    expect(
      draftFromStorage({
        patientSex: "female",
        weightKg: 18.5,
        diagnosis: "Small VSD",
        medicines: [{ genericName: "FUROSEMIDE", strength: "10 mg/ml", dose: 1 }],
        advice: "Smaller feeds",
        replaces: "someone-else",
        script: "<img onerror>",
      }),
    ).toEqual({
      patientSex: "female",
      weightKg: 18.5,
      diagnosis: "Small VSD",
      medicines: [
        {
          genericName: "FUROSEMIDE",
          strength: "10 mg/ml",
          dose: "",
          frequency: "",
          duration: "",
          instructions: "",
        },
      ],
      advice: "Smaller feeds",
    });
  });

  it("leaves out a field of another type, and has nothing for what is no draft", () => {
    expect(draftFromStorage({ patientSex: "unknown", weightKg: "18", diagnosis: "Murmur" })).toEqual({
      diagnosis: "Murmur",
    });
    for (const raw of [null, "text", 12, [], {}, { patientSex: 1 }]) expect(draftFromStorage(raw)).toBeNull();
  });
});
