import type { ServerResponse } from "node:http";
import { HttpError } from "./errors";

/**
 * How many long downloads of each booking are running in this process. A booking's files can be large (five 10 MB
 * reports), so one manage link may not hold many downloads open at once; a download that is refused (429, with
 * `busyMessage`) can be tried again when one has finished. Kept in memory: with several instances the cap applies
 * per instance.
 */
export class InFlightLimit {
  private readonly running = new Map<string, number>();

  constructor(
    private readonly perKey: number,
    private readonly busyMessage: string,
  ) {}

  /** Counts a new download for the key, or refuses it (429); answers the function that ends it (once). */
  start(key: string): () => void {
    const count = this.running.get(key) ?? 0;
    if (count >= this.perKey) throw new HttpError(429, this.busyMessage);
    this.running.set(key, count + 1);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      const left = (this.running.get(key) ?? 1) - 1;
      if (left > 0) this.running.set(key, left);
      else this.running.delete(key);
    };
  }
}

/**
 * Calls `release` once the answer's connection has closed, whichever way. A client that hung up while the request
 * was still waiting (on the database, say) closed it before anyone listened: then `release` is called at once, or
 * the place it holds would stay taken until the process ends.
 */
export function releaseWhenClosed(response: ServerResponse, release: () => void): void {
  if (response.destroyed || !response.socket || response.socket.destroyed) return release();
  response.once("close", release);
}
