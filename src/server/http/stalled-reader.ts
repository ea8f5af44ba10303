import type { ServerResponse } from "node:http";
import type { Readable } from "node:stream";

/** How often a streamed answer's progress is looked at: a twentieth of the stall time, at most half a second. */
export function stallCheckInterval(stallMs: number): number {
  return Math.max(10, Math.min(500, Math.floor(stallMs / 20)));
}

/**
 * Ends a long streamed answer whose reader has stopped taking it: no byte has left for the client in `stallMs`.
 * Progress is the socket's count of bytes handed to the network: while the client's window is shut, the socket's
 * buffer stays full, nothing more is written and the count stands still. It is looked at every
 * `stallCheckInterval(stallMs)`, so the end comes between `stallMs` and `stallMs` plus two intervals (a second at
 * most) after the last byte taken. (The socket's own inactivity timer was not used: a write still in flight makes
 * it wait a second period, so the end came anywhere up to twice the setting.)
 *
 * The body is destroyed first, and the connection closed once the body has let go of what it holds (open files),
 * so when the client's connection closes nothing of the answer is left open.
 */
export function endWhenReaderStalls(
  response: ServerResponse,
  body: Readable,
  stallMs: number,
  onStalled: () => void,
): void {
  const socket = response.socket;
  if (!socket) return;
  let lastBytes = socket.bytesWritten;
  let lastProgressAt = Date.now();
  const check = setInterval(() => {
    if (response.writableFinished || response.destroyed) return clearInterval(check);
    const now = Date.now();
    if (socket.bytesWritten !== lastBytes) {
      lastBytes = socket.bytesWritten;
      lastProgressAt = now;
      return;
    }
    if (now - lastProgressAt < stallMs) return;
    clearInterval(check);
    onStalled();
    // A body already read to its end holds nothing; its last bytes wait in the socket, which goes at once.
    if (body.closed) return void response.destroy();
    body.once("close", () => response.destroy());
    body.destroy();
  }, stallCheckInterval(stallMs));
  check.unref();
  response.once("close", () => clearInterval(check));
}
