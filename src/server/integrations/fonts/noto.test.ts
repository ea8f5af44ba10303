import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FACES, facesOf, fontFile, runsOf } from "./noto";
import { SCRIPT_SAMPLES } from "./samples";

describe("the faces text is set in", () => {
  it.each(SCRIPT_SAMPLES)("sets $script in its own face", ({ text, face }) => {
    const runs = runsOf(text);
    // The space between the words is Latin; every letter and sign is the script's.
    expect(runs.filter((run) => run.text.trim() !== "").map((run) => run.face)).toEqual(
      runs.filter((run) => run.text.trim() !== "").map(() => face),
    );
    expect(runs.map((run) => run.text).join("")).toBe(text);
  });

  it("prints the rupee sign, the minus sign and digits from faces that have them", () => {
    expect(runsOf("−₹2,500")).toEqual([
      { face: "latin", text: "−" },
      { face: "latinExt", text: "₹" },
      { face: "latin", text: "2,500" },
    ]);
    expect(runsOf("Patient: ಸುಮಾ (6)")).toEqual([
      { face: "latin", text: "Patient: " },
      { face: "kannada", text: "ಸುಮಾ" },
      { face: "latin", text: " (6)" },
    ]);
  });

  it("keeps joiners, combining marks and the dandas with the text they belong to", () => {
    expect(runsOf("र्\u200Dय")).toEqual([{ face: "devanagari", text: "र्\u200Dय" }]);
    expect(runsOf("ನಮಸ್ಕಾರ।")).toEqual([{ face: "kannada", text: "ನಮಸ್ಕಾರ।" }]);
    expect(runsOf("Zoe\u0308")).toEqual([{ face: "latin", text: "Zoe\u0308" }]);
    expect(runsOf("Śrīnivās").map((run) => run.face)).toEqual([
      "latinExt",
      "latin",
      "latinExt",
      "latin",
      "latinExt",
      "latin",
    ]);
  });

  it("names only the faces a text needs", () => {
    expect([...facesOf("Asha Rao")]).toEqual(["latin"]);
    expect([...facesOf("आरव and ಸುಮಾ")].sort()).toEqual(["devanagari", "kannada", "latin"]);
  });

  it("finds every face's file in both weights", () => {
    for (const face of FACES) {
      expect(existsSync(fontFile(face, 400)), face).toBe(true);
      expect(existsSync(fontFile(face, 700)), face).toBe(true);
    }
  });
});
