import type { FastifyReply } from "fastify";
import { attachmentDisposition } from "../../http/content-disposition";
import { releaseWhenClosed } from "../../http/in-flight";
import { endWhenReaderStalls } from "../../http/stalled-reader";
import type { DownloadFile } from "./service";

/**
 * Sends a stored report as a download, never as a page: `attachment`, the type found in its content, no sniffing,
 * and a policy that runs nothing should a browser render it anyway. Nothing is cached on the way. A download whose
 * reader takes nothing for `stallMs` is ended and its file closed, as a data export is: otherwise readers that never
 * read would each hold an open file and a connection for as long as they like.
 */
export function sendDownload(reply: FastifyReply, file: DownloadFile, stallMs: number): FastifyReply {
  if (file.release) releaseWhenClosed(reply.raw, file.release);
  endWhenReaderStalls(reply.raw, file.stream, stallMs, () =>
    reply.log.info({ stallMs }, "a report download was ended: its reader took nothing for too long"),
  );
  return reply
    .header("content-type", file.contentType)
    .header("content-length", String(file.sizeBytes))
    .header("content-disposition", attachmentDisposition(file.fileName))
    .header("x-content-type-options", "nosniff")
    .header("content-security-policy", "default-src 'none'; sandbox")
    .header("cache-control", "private, no-store")
    .send(file.stream);
}
