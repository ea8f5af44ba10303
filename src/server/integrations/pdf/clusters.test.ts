import { describe, expect, it } from "vitest";
import { clustersOf } from "./clusters";

describe("the clusters text is drawn in", () => {
  it("keeps a consonant with its vowel signs and marks", () => {
    expect(clustersOf("आरव")).toEqual(["आ", "र", "व"]);
    expect(clustersOf("ಸುಮಾ")).toEqual(["ಸು", "ಮಾ"]);
    expect(clustersOf("সুমিতা")).toEqual(["সু", "মি", "তা"]);
    expect(clustersOf("Zoe\u0308")).toEqual(["Z", "o", "e\u0308"]);
  });

  it("joins the consonants of a conjunct across the virama, with any joiner", () => {
    expect(clustersOf("शर्मा")).toEqual(["श", "र्मा"]);
    expect(clustersOf("ಲಕ್ಷ್ಮೀ")).toEqual(["ಲ", "ಕ್ಷ್ಮೀ"]);
    expect(clustersOf("ஸ்ரீ")).toEqual(["ஸ்ரீ"]);
    expect(clustersOf("র্\u200Dয")).toEqual(["র্\u200Dয"]);
    expect(clustersOf("क्\u200Cष")).toEqual(["क्\u200Cष"]);
    // Malayalam's dot reph is written before the consonant it stands on.
    expect(clustersOf("ൎക")).toEqual(["ൎക"]);
  });

  it("ends a cluster at a virama that nothing follows, and never joins across a space or a digit", () => {
    expect(clustersOf("ರಾವ್")).toEqual(["ರಾ", "ವ್"]);
    expect(clustersOf("क् ष")).toEqual(["क्", " ", "ष"]);
    expect(clustersOf("क्2")).toEqual(["क्", "2"]);
  });
});
