import { describe, expect, it } from "vitest";
import { cleanFileName, formatFileSize, REPORT_ACCEPT, reportTypeOfHead } from "./uploads";

describe("a report's file name, cleaned for display and download", () => {
  it.each([
    ["C:\\fakepath\\Echo report.pdf", "application/pdf", "Echo report.pdf"],
    ["/home/meera/scans/ecg.PDF", "application/pdf", "ecg.PDF"],
    // A report extension that lies is replaced by the type the content is.
    ["ecg.pdf", "image/jpeg", "ecg.jpg"],
    ["photo.jpeg", "image/jpeg", "photo.jpeg"],
    ["IMG_0042.HEIC", "image/heif", "IMG_0042.HEIC"],
    // Any other ending is part of the name, and the right extension is added.
    ["scan.final", "application/pdf", "scan.final.pdf"],
    ["discharge summary", "application/pdf", "discharge summary.pdf"],
    // Direction marks cannot make "report‮fdp.exe" look like a PDF; controls and reserved characters go.
    ["report\u202efdp.exe", "application/pdf", "reportfdp.exe.pdf"],
    ['a"b<c>\u0000d\r\ne.png', "image/png", "a_b_c_de.png"],
    ["  ..hidden.png  ", "image/png", "hidden.png"],
    ["", "image/png", "report.png"],
    ["...", "application/pdf", "report.pdf"],
    ["एक्स-रे रिपोर्ट.pdf", "application/pdf", "एक्स-रे रिपोर्ट.pdf"],
  ] as const)("%j (%s) is %j", (raw, type, expected) => {
    expect(cleanFileName(raw, type)).toBe(expected);
  });

  it("keeps at most 200 characters, the extension included, and never half a character", () => {
    const long = cleanFileName(`${"😀".repeat(300)}.pdf`, "application/pdf");
    expect(Array.from(long)).toHaveLength(200);
    expect(long.endsWith("😀.pdf")).toBe(true);
  });
});

describe("the page's own look at a file's first bytes", () => {
  const bytes = (...values: (number | string)[]) =>
    Uint8Array.from(
      values.flatMap((value) => (typeof value === "string" ? [...Buffer.from(value)] : [value])),
    );

  it("knows the four report types and nothing else", () => {
    expect(reportTypeOfHead(bytes("%PDF-1.4"))).toBe("application/pdf");
    expect(reportTypeOfHead(bytes(0xff, 0xd8, 0xff, 0xe1))).toBe("image/jpeg");
    expect(reportTypeOfHead(bytes(0x89, "PNG", 0x0d, 0x0a, 0x1a, 0x0a))).toBe("image/png");
    expect(reportTypeOfHead(bytes(0, 0, 0, 0x18, "ftypheic"))).toBe("image/heic");
    expect(reportTypeOfHead(bytes(0, 0, 0, 0x18, "ftypmif1"))).toBe("image/heif");
    expect(reportTypeOfHead(bytes(0, 0, 0, 0x18, "ftypisom"))).toBeUndefined();
    expect(reportTypeOfHead(bytes("MZ", 0x90, 0))).toBeUndefined();
    expect(reportTypeOfHead(bytes("PK", 3, 4))).toBeUndefined();
    expect(reportTypeOfHead(bytes())).toBeUndefined();
  });

  it("offers the picker every extension and type taken", () => {
    expect(REPORT_ACCEPT.split(",")).toEqual(
      expect.arrayContaining([
        ".pdf",
        ".jpg",
        ".jpeg",
        ".png",
        ".heic",
        ".heif",
        "application/pdf",
        "image/heic",
      ]),
    );
  });
});

describe("a file's size, as a parent reads it", () => {
  it.each([
    [1, "1 KB"],
    [820 * 1024, "820 KB"],
    [2.4 * 1024 * 1024, "2.4 MB"],
    [10 * 1024 * 1024, "10 MB"],
  ])("%d bytes is %s", (size, text) => expect(formatFileSize(size)).toBe(text));
});
