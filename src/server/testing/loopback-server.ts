import { createServer, type IncomingMessage, type RequestListener } from "node:http";
import type { AddressInfo } from "node:net";

/** An HTTP server on 127.0.0.1 at a port of the system's choosing: what each stand-in for an outside service runs. */
interface LoopbackServer {
  /** http://127.0.0.1:PORT */
  url: string;
  /** Cuts off any client still connected, then stops listening. */
  close: () => Promise<void>;
}

export async function listenOnLoopback(listener: RequestListener): Promise<LoopbackServer> {
  const server = createServer(listener);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The whole body of a request. */
export function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks)));
    request.on("error", reject);
  });
}

/** A request's headers with lower-case names, a header sent more than once joined with `separator`. */
export function flatHeaders(request: IncomingMessage, separator = ", "): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(separator) : value;
  }
  return headers;
}
