import { describe, expect, it } from "vitest";
import {
  existsInEveryLanguage,
  existsUnderLanguagePrefix,
  languageOfPath,
  pathInLanguage,
  pathWithoutLanguage,
  preferredLanguage,
} from "./languages";

describe("language of an address", () => {
  it("reads the prefix, and only a whole path segment", () => {
    expect(languageOfPath("/")).toBe("en");
    expect(languageOfPath("/hi/")).toBe("hi");
    expect(languageOfPath("/hi")).toBe("hi");
    expect(languageOfPath("/kn/articles/heart")).toBe("kn");
    expect(languageOfPath("/kn?contact=sent")).toBe("kn");
    expect(languageOfPath("/hindi-articles")).toBe("en");
    expect(languageOfPath("/knee")).toBe("en");
    expect(languageOfPath("/articles/hi")).toBe("en");
  });

  it("moves a page from one language to another, keeping the rest of the address", () => {
    expect(pathInLanguage("/", "hi")).toBe("/hi/");
    expect(pathInLanguage("/hi/", "en")).toBe("/");
    expect(pathInLanguage("/hi", "kn")).toBe("/kn/");
    expect(pathInLanguage("/kn/contact-us", "hi")).toBe("/hi/contact-us");
    expect(pathInLanguage("/articles/heart", "kn")).toBe("/kn/articles/heart");
    expect(pathWithoutLanguage("/kn?contact=sent")).toBe("/?contact=sent");
  });

  it("knows the pages that exist in every language from those with one address", () => {
    for (const path of [
      "/",
      "/contact-us",
      "/privacy",
      "/articles/heart-murmurs",
      "/contact-us?contact=sent",
    ])
      expect(existsInEveryLanguage(path), path).toBe(true);
    for (const path of [
      "/admin",
      "/appointments/manage/abc",
      "/payment/callback",
      "/video-consultation/x",
      "/articles",
    ])
      expect(existsInEveryLanguage(path), path).toBe(false);
  });

  it("has a booking's pages under each language's prefix too, and not the console or made-up addresses", () => {
    for (const path of [
      "/payment/callback?order_id=bk_1",
      "/contact-us",
      "/appointments/manage/abc",
      "/video-consultation/x",
      "/video-consultation/x?key=y",
    ])
      expect(existsUnderLanguagePrefix(path), path).toBe(true);
    for (const path of [
      "/admin",
      "/admin/appointments",
      "/payment/callback/x",
      "/appointments/manage",
      "/appointments/manage/a/b",
      "/video-consultation/",
      "/video-consultation/x/y",
    ])
      expect(existsUnderLanguagePrefix(path), path).toBe(false);
  });
});

describe("the language a visitor would rather read", () => {
  it("is the one chosen last, else the first of the browser's that the site has", () => {
    expect(preferredLanguage("kn", ["en-IN", "en"])).toBe("kn");
    expect(preferredLanguage(null, ["kn-IN", "kn", "en-US"])).toBe("kn");
    expect(preferredLanguage(null, ["ta-IN", "hi", "en"])).toBe("hi");
    // An English browser that also lists Hindi reads English first: nothing to suggest on an English page.
    expect(preferredLanguage(null, ["en-IN", "en", "hi"])).toBe("en");
    expect(preferredLanguage("fr", ["ta-IN", "fr"])).toBeUndefined();
    expect(preferredLanguage(null, [])).toBeUndefined();
  });
});
