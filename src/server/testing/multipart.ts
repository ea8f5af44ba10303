import type { FastifyInstance } from "fastify";
import { expect } from "vitest";

/** The boundary of every upload body the tests send. */
export const MULTIPART_BOUNDARY = "----clinic-test-boundary";

/** One file part as a browser's form sends it, with the headers of the request that carries it. */
export function multipartFile(name: string, bytes: Buffer, claimedType = "application/pdf") {
  const head =
    `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
    `Content-Type: ${claimedType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${MULTIPART_BOUNDARY}--\r\n`)]),
    headers: { "content-type": `multipart/form-data; boundary=${MULTIPART_BOUNDARY}` },
  };
}

/**
 * The parent sends a report as a PDF on the manage link of `token` (from `remoteAddress` when given), and the site
 * takes it; answers the upload's id.
 */
export async function uploadReport(
  app: FastifyInstance,
  token: string,
  name: string,
  bytes: Buffer,
  remoteAddress?: string,
): Promise<string> {
  const uploaded = await app.inject({
    method: "POST",
    url: `/api/manage/${token}/uploads`,
    ...(remoteAddress ? { remoteAddress } : {}),
    ...multipartFile(name, bytes),
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  return uploaded.json<{ id: string }>().id;
}
