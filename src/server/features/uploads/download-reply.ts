import type { FastifyReply } from "fastify";
import { attachmentDisposition } from "../../http/content-disposition";
import type { DownloadFile } from "./service";

/**
 * Sends a stored report as a download, never as a page: `attachment`, the type found in its content, no sniffing,
 * and a policy that runs nothing should a browser render it anyway. Nothing is cached on the way.
 */
export function sendDownload(reply: FastifyReply, file: DownloadFile): FastifyReply {
  return reply
    .header("content-type", file.contentType)
    .header("content-length", String(file.sizeBytes))
    .header("content-disposition", attachmentDisposition(file.fileName))
    .header("x-content-type-options", "nosniff")
    .header("content-security-policy", "default-src 'none'; sandbox")
    .header("cache-control", "private, no-store")
    .send(file.stream);
}
