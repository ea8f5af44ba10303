import { fileTypeFromBuffer } from "file-type";
import { isReportContentType, type ReportContentType } from "@shared/uploads";

/** How much of a file's start the detector reads: enough for every type it knows (its own figure). */
export const SNIFF_BYTES = 4100;

/**
 * The report type a file's first bytes show, or undefined for anything else (an executable, a Word file, text). The
 * name and the type the browser claims are never consulted: both are whatever the sender wrote.
 */
export async function detectReportType(head: Uint8Array): Promise<ReportContentType | undefined> {
  const detected = await fileTypeFromBuffer(head);
  return detected && isReportContentType(detected.mime) ? detected.mime : undefined;
}
