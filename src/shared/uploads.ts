/**
 * Reports a parent uploads before the consultation (echo and ECG reports, discharge summaries, photos of pages):
 * the limits, the accepted types, the texts people read, and the answers of the upload calls. The server decides
 * from the file's content; the page checks the same limits first so a parent on a slow network does not send 10 MB
 * only to be told no.
 */

/** Files one appointment may hold. */
export const MAX_REPORT_FILES = 5;
/** The largest file taken, in bytes (10 MB). */
export const MAX_REPORT_BYTES = 10 * 1024 * 1024;

/** The types taken, as found in the file's first bytes; HEIC is what iPhones save photos as. */
export const REPORT_TYPES = {
  "application/pdf": { label: "PDF", extensions: [".pdf"] },
  "image/jpeg": { label: "JPEG", extensions: [".jpg", ".jpeg"] },
  "image/png": { label: "PNG", extensions: [".png"] },
  "image/heic": { label: "HEIC", extensions: [".heic"] },
  "image/heif": { label: "HEIC", extensions: [".heif", ".heic"] },
} as const;

export type ReportContentType = keyof typeof REPORT_TYPES;

export function isReportContentType(value: string): value is ReportContentType {
  return Object.hasOwn(REPORT_TYPES, value);
}

/** The file input's `accept`: extensions for pickers that go by name, types for those that go by type. */
export const REPORT_ACCEPT = [
  ...new Set(Object.values(REPORT_TYPES).flatMap((type) => type.extensions)),
  ...Object.keys(REPORT_TYPES),
].join(",");

export const UPLOAD_MESSAGES = {
  wrongType:
    "This file is not a PDF, JPEG, PNG or HEIC file. Please choose a report saved as PDF, or a photo of it.",
  tooLarge: "This file is larger than 10 MB. Please choose a smaller file, or a photo of each page.",
  tooMany: `You have uploaded ${MAX_REPORT_FILES} files, the most for one consultation. Remove one to add another.`,
  full: `You have uploaded ${MAX_REPORT_FILES} files, the most for one consultation.`,
  empty: "This file is empty. Please choose another.",
  noFile: "Please choose a file to upload.",
  notMultipart: "Send the file as multipart/form-data, one file per request.",
  unreadable: "The upload was cut off before the end. Please check your connection and try again.",
  tooSlow: "The upload took too long. Please check your connection and try again.",
  notFound: "This file was not found. It may have been removed.",
  removeClosed: "Files can no longer be removed: the consultation has started.",
  awaitingPayment: "Reports can be uploaded once the payment is confirmed.",
  cancelled: "This booking is cancelled, so reports can no longer be uploaded.",
  over: "The consultation is over, so reports can no longer be uploaded.",
  erased: "This booking's personal data was erased, so reports can no longer be uploaded.",
  notConfirmed: "Reports can be uploaded only for a confirmed, paid booking.",
} as const;

/** One uploaded file, as both the parent's page and the dashboard list it. */
export interface ReportUpload {
  id: string;
  /** The original name, cleaned: no folders, control or direction characters, and the extension of its real type. */
  fileName: string;
  /** The type found in the content: one of REPORT_TYPES. */
  contentType: string;
  sizeBytes: number;
  uploadedAt: string;
}

/** GET /api/manage/{token}/uploads, and the answer of an upload's removal. */
export interface ParentReportUploads {
  uploads: ReportUpload[];
  /** Whether a file is taken now; when not, `closedMessage` says why (shown instead of the file input). */
  canUpload: boolean;
  closedMessage: string | null;
  /** Files can be removed until the consultation starts. */
  canRemove: boolean;
}

/** GET /api/admin/appointments/{id}/uploads */
export interface AdminReportUploads {
  uploads: ReportUpload[];
}

/** Bidirectional controls and the byte-order mark: they can make "report‮fdp.exe" read as "reportexe.pdf". */
const DISGUISING_CHARACTERS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;
const CONTROL_CHARACTERS = /\p{Cc}/gu;
/** Characters Windows refuses in file names, and the quote that would end a header's quoted string. */
const RESERVED_CHARACTERS = /["*:<>?|]/g;
const MAX_NAME_LENGTH = 200;

const ALL_REPORT_EXTENSIONS = new Set<string>(
  Object.values(REPORT_TYPES).flatMap((type) => [...type.extensions]),
);

function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot).toLowerCase() : "";
}

/**
 * The name shown and offered at download: the last part of what the browser sent, without characters that hide or
 * break things, at most 200 characters, ending in an extension of the type the content really is (a JPEG named
 * "echo.pdf" becomes "echo.jpg"), so the doctor's computer opens it with the right program.
 */
export function cleanFileName(raw: string, contentType: ReportContentType): string {
  const lastPart = raw.split(/[\\/]/).pop() ?? "";
  const cleaned = lastPart
    .normalize("NFC")
    .replace(CONTROL_CHARACTERS, "")
    .replace(DISGUISING_CHARACTERS, "")
    .replace(RESERVED_CHARACTERS, "_")
    .replace(/\s+/g, " ")
    .replace(/^[\s.]+|[\s.]+$/g, "");
  const wanted: readonly string[] = REPORT_TYPES[contentType].extensions;
  const current = extensionOf(cleaned);
  const fits = wanted.includes(current);
  // The right extension stays as written ("IMG_0042.HEIC"); a report extension that lies is replaced; any other
  // ending ("scan.final") is part of the name, and the right extension is added.
  const cut = fits || ALL_REPORT_EXTENSIONS.has(current) ? current.length : 0;
  const base = cleaned.slice(0, cleaned.length - cut);
  const extension = fits ? cleaned.slice(cleaned.length - cut) : (wanted[0] ?? "");
  const room = MAX_NAME_LENGTH - extension.length;
  // Cut by characters, not UTF-16 units, so a Devanagari or emoji name never ends in half a character.
  const shortBase = Array.from(base.trim() || "report")
    .slice(0, room)
    .join("")
    .trim();
  return `${shortBase || "report"}${extension}`;
}

function startsWith(head: Uint8Array, bytes: readonly number[], offset = 0): boolean {
  return bytes.every((byte, index) => head[offset + index] === byte);
}

function ascii(head: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...head.subarray(from, to));
}

/**
 * The type a file's first 12 bytes show, for the page's own check before sending; the server decides again from the
 * content with a fuller detector. Anything else is undefined.
 */
export function reportTypeOfHead(head: Uint8Array): ReportContentType | undefined {
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46])) return "application/pdf";
  if (startsWith(head, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (head.length >= 12 && ascii(head, 4, 8) === "ftyp") {
    const brand = ascii(head, 8, 12);
    if (brand === "heic" || brand === "heix") return "image/heic";
    if (brand === "mif1") return "image/heif";
  }
  return undefined;
}

/** "820 KB", "2.4 MB": what a parent reads next to a file. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
}
