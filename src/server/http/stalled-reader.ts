import type { ServerResponse } from "node:http";
import type { Readable } from "node:stream";

/**
 * Ends a long streamed answer whose reader has stopped taking it: no byte has left for the client in `stallMs`.
 * The socket's own inactivity timer measures it: a write completes only as the client reads, so while the client's
 * window is shut nothing is written and the timer runs out (any progress restarts it).
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
  response.setTimeout(stallMs, () => {
    if (response.writableFinished) return;
    onStalled();
    body.once("close", () => response.destroy());
    body.destroy();
  });
}
