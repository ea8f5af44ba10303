import { describe, expect, it } from "vitest";
import { reportTypeOfHead } from "@shared/uploads";
import { attachmentDisposition } from "../../http/content-disposition";
import { detectReportType } from "./file-type";

function head(...parts: (number[] | string)[]): Buffer {
  const start = Buffer.concat(
    parts.map((part) => (typeof part === "string" ? Buffer.from(part) : Buffer.from(part))),
  );
  return Buffer.concat([start, Buffer.alloc(5_000, 0x41)]);
}

const samples: [string, Buffer, string | undefined][] = [
  ["a PDF", head("%PDF-1.7\n"), "application/pdf"],
  ["a JPEG", head([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], "JFIF"), "image/jpeg"],
  [
    "a PNG",
    head(
      [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13],
      "IHDR",
      Array(17).fill(1),
      [0, 0, 0, 1],
      "IDAT",
    ),
    "image/png",
  ],
  ["an iPhone photo", head([0, 0, 0, 0x18], "ftypheic", [0, 0, 0, 0], "mif1heic"), "image/heic"],
  ["a HEIF photo", head([0, 0, 0, 0x18], "ftypmif1", [0, 0, 0, 0], "mif1heic"), "image/heif"],
  ["a Windows program", head("MZ", Array(58).fill(0x90), [0x80, 0, 0, 0]), undefined],
  ["a Linux program", head([0x7f], "ELF", [2, 1, 1]), undefined],
  ["a Word file", head("PK", [3, 4, 20, 0, 6, 0]), undefined],
  ["an MP4 video", head([0, 0, 0, 0x18], "ftypisom", [0, 0, 2, 0], "isomiso2"), undefined],
  [
    "an SVG picture",
    Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    undefined,
  ],
  ["text", Buffer.from("Echo: normal study"), undefined],
];

describe("the type of an uploaded file, from its content", () => {
  it.each(samples)("%s is %s on the server, and the page's quick look agrees", async (_name, bytes, type) => {
    expect(await detectReportType(bytes)).toBe(type);
    expect(reportTypeOfHead(bytes)).toBe(type);
  });
});

describe("a download's Content-Disposition", () => {
  it("names the file in ASCII for old clients and exactly in UTF-8 for the rest", () => {
    expect(attachmentDisposition("Echo report.pdf")).toBe(
      `attachment; filename="Echo report.pdf"; filename*=UTF-8''Echo%20report.pdf`,
    );
    expect(attachmentDisposition("रिपोर्ट (1).pdf")).toBe(
      `attachment; filename="_______ (1).pdf"; filename*=UTF-8''%E0%A4%B0%E0%A4%BF%E0%A4%AA%E0%A5%8B%E0%A4%B0%E0%A5%8D%E0%A4%9F%20%281%29.pdf`,
    );
    expect(attachmentDisposition('a\\b"c%d.pdf')).toBe(
      `attachment; filename="a_b_c_d.pdf"; filename*=UTF-8''a%5Cb%22c%25d.pdf`,
    );
  });
});
