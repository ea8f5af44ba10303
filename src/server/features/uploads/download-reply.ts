import type { FastifyReply } from "fastify";
import { attachmentDisposition } from "../../http/content-disposition";
import { releaseWhenClosed } from "../../http/in-flight";
import { endWhenReaderStalls } from "../../http/stalled-reader";
import type { DownloadFile } from "./service";

/**
 * The doctor's view of a report in place, framed by the consultation workspace of this site only. An image keeps
 * the sandbox; a PDF cannot have it (the browser's PDF viewer does not run in a sandboxed document), and its viewer
 * runs no script of the file with this site's rights.
 */
function inlineViewHeaders(contentType: string): Record<string, string> {
  const sandbox = contentType === "application/pdf" ? "" : "; sandbox";
  return {
    "content-security-policy": `default-src 'none'; frame-ancestors 'self'${sandbox}`,
    "x-frame-options": "SAMEORIGIN",
  };
}

/**
 * Sends a stored report as a download, never as a page: `attachment`, the type found in its content, no sniffing,
 * and a policy that runs nothing should a browser render it anyway. Nothing is cached on the way. A download whose
 * reader takes nothing for `stallMs` is ended and its file closed, as a data export is: otherwise readers that never
 * read would each hold an open file and a connection for as long as they like.
 */
export function sendDownload(
  reply: FastifyReply,
  file: DownloadFile,
  stallMs: number,
  view: "download" | "inline" = "download",
): FastifyReply {
  if (file.release) releaseWhenClosed(reply.raw, file.release);
  endWhenReaderStalls(reply.raw, file.stream, stallMs, () =>
    reply.log.info({ stallMs }, "a report download was ended: its reader took nothing for too long"),
  );
  return reply
    .header("content-type", file.contentType)
    .header("content-length", String(file.sizeBytes))
    .header(
      "content-disposition",
      attachmentDisposition(file.fileName, view === "inline" ? "inline" : "attachment"),
    )
    .header("x-content-type-options", "nosniff")
    .headers(
      view === "inline"
        ? inlineViewHeaders(file.contentType)
        : { "content-security-policy": "default-src 'none'; sandbox" },
    )
    .header("cache-control", "private, no-store")
    .send(file.stream);
}
