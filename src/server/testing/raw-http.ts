import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { connect } from "node:net";

/**
 * HTTP/1.1 over a bare socket, for tests that need to see what a client sees when it stops reading or when an answer
 * is cut off: a reset or a body without its last chunk, which an HTTP client library would hide behind an error.
 */
interface PausedClient {
  /** The first piece of the answer (its status line, headers and maybe some body), read before the client paused. */
  head: Buffer;
  /** Reads at last whatever else the server sent, until the connection ends; answers the whole answer. */
  drain(): Promise<Buffer>;
}

/**
 * Sends `GET path` from the given loopback address, reads the first piece of the answer and then stops reading:
 * what the server sends next piles up in the kernel until the connection's window closes.
 */
export function pausedClient(port: number, address: string, path: string): Promise<PausedClient> {
  return new Promise((resolveClient, reject) => {
    const socket = connect({ port, host: "127.0.0.1", localAddress: address }, () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
    });
    socket.once("error", reject);
    // A short answer's connection can close while the client is paused; drain must still see that it did.
    let closed = false;
    const whenClosed = new Promise<void>((resolveClosed) =>
      socket.once("close", () => {
        closed = true;
        resolveClosed();
      }),
    );
    socket.once("data", (head: Buffer) => {
      socket.pause();
      resolveClient({
        head,
        drain: async () => {
          const chunks: Buffer[] = [head];
          if (!closed) {
            socket.on("data", (chunk: Buffer) => chunks.push(chunk));
            // A reset ends the answer as a close does; what arrived before it is the answer.
            socket.on("error", () => undefined);
            socket.resume();
          }
          await whenClosed;
          return Buffer.concat(chunks);
        },
      });
    });
  });
}

/** The status code of a raw HTTP/1.1 answer. */
export function statusOf(answer: Buffer): number {
  return Number(answer.subarray(9, 12).toString());
}

/** Whether a raw answer sent with chunked encoding arrived whole: it ends with the last, empty chunk. */
export function endsWithLastChunk(answer: Buffer): boolean {
  return answer.subarray(-5).toString() === "0\r\n\r\n";
}

/** The body of a whole raw answer sent with chunked encoding, de-chunked. */
export function chunkedBody(answer: Buffer): Buffer {
  let offset = answer.indexOf("\r\n\r\n") + 4;
  const parts: Buffer[] = [];
  for (;;) {
    const lineEnd = answer.indexOf("\r\n", offset);
    const size = parseInt(answer.subarray(offset, lineEnd).toString(), 16);
    if (!size) return Buffer.concat(parts);
    parts.push(answer.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
}

/**
 * Sends `GET path` and hangs up as soon as the server has the request, before any answer: a parent on a phone that
 * lost its signal. Resolves once the server's side of the connection has closed too.
 */
export function abandonedRequest(server: Server, port: number, path: string): Promise<void> {
  return new Promise((resolveAbandoned, reject) => {
    const socket = connect({ port, host: "127.0.0.1" }, () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    });
    socket.on("error", () => undefined);
    const onRequest = (request: IncomingMessage, response: ServerResponse) => {
      if (request.url !== path || request.socket.remotePort !== socket.localPort) return;
      server.off("request", onRequest);
      response.once("close", () => resolveAbandoned());
      socket.destroy();
    };
    server.on("request", onRequest);
    socket.once("error", reject);
  });
}
