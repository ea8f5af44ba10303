import { afterEach, describe, expect, it, vi } from "vitest";
import { containsBrokenText, containsNul, isPlainText, isVisibleName } from "./text";

describe("the input guard's checks of a request's text", () => {
  afterEach(() => vi.restoreAllMocks());

  it("find NUL and half a surrogate pair however deep the string", () => {
    expect(containsNul({ a: [{ b: "x\u0000y" }] })).toBe(true);
    expect(containsBrokenText({ a: ["ok", "Dr \ud800 X"] })).toBe(true);
    expect(containsBrokenText({ name: "ಕನ್ನಡ 😀" })).toBe(false);
  });

  it("do not walk the bytes of an image sent as the body, which would take a pair per byte", () => {
    const entries = vi.spyOn(Object, "entries");
    const photo = Buffer.alloc(8 * 1024 * 1024, 0xff);
    expect(containsNul(photo)).toBe(false);
    expect(containsBrokenText({ photo })).toBe(false);
    expect(entries.mock.calls.some(([value]) => value === photo)).toBe(false);
  });
});

describe("plain text", () => {
  it("refuses the invisible characters that hide or reorder a name, and keeps what Indian scripts need", () => {
    for (const hidden of [
      "\u2060",
      "\u2062",
      "\u00AD",
      "\u034F",
      "\u061C",
      "\u180E",
      "\u3164",
      "\u206A",
      "\uFFF9",
    ])
      expect(isPlainText(`Asha${hidden}Rao`), hidden.codePointAt(0)?.toString(16)).toBe(false);
    expect(isPlainText("ಕನ್ನಡ ಹೆಸರು")).toBe(true);
    expect(isPlainText("क्\u200Dष")).toBe(true);
    expect(isPlainText("ಕ\u200Cನ")).toBe(true);
    expect(isPlainText("line one\nline two", { multiline: true })).toBe(true);
    expect(isPlainText("line one\nline two")).toBe(false);
  });
});

describe("visible names", () => {
  it("refuse names that show nothing, or look like another name", () => {
    for (const name of [
      "\u200D",
      "\u200C",
      "\u2800",
      "\u{E0020}",
      "\uFE0F",
      "\u0301",
      "\u180B",
      "\u{1D173}",
      "\u17B4",
      "Asthma\u200D",
      "Asthma\u200C",
      "Asthma\u2800",
      "Asthma\uFE0F",
      "Asthma\u{E0041}",
      "Bad\uFFFD",
      "   ",
      "--",
    ])
      expect(isVisibleName(name), JSON.stringify(name)).toBe(false);
    for (const name of ["Asthma", "Innocent murmur", "ಹೃದಯ ಶಬ್ದ", "क्\u200Dष", "Café", "VSD 2"])
      expect(isVisibleName(name), name).toBe(true);
  });
});
