import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";

/**
 * A longer time allowance for one request than the server's REQUEST_TIMEOUT_SECONDS, for uploads: 10 MB from a phone
 * on a slow network takes minutes, while every other request must arrive within seconds.
 *
 * Node checks the server-wide limit itself and reports an expired request as a `clientError` on the server; the
 * handler in errors.ts leaves a socket listed here alone, and this allowance applies instead: a total time, and a
 * shorter time without any byte arriving, so a stalled connection is not held for the whole allowance.
 */
const ownAllowance = new WeakSet<Socket>();

/** For the server's clientError handler: whether this socket's request runs on its own allowance. */
export function hasOwnTimeAllowance(socket: Socket): boolean {
  return ownAllowance.has(socket);
}

interface UploadTimeLimits {
  totalMs: number;
  idleMs: number;
}

interface UploadTime {
  /**
   * Starts counting arriving bytes against the idle limit. Call it only once the body is being read (piped): a
   * `data` listener on an unread request would start the flow and lose the bytes.
   */
  watchProgress(): void;
}

/**
 * Grants the allowance to the request. When a limit is reached before the answer is sent, `onExpired` answers or
 * drops the request. The allowance is given back once the answer is sent and the body has ended (or the connection
 * closed): until then Node's own check could still fire, and must not write its 408 after the answer.
 */
export function grantUploadTime(
  request: IncomingMessage,
  response: ServerResponse,
  limits: UploadTimeLimits,
  onExpired: () => void,
): UploadTime {
  const socket = request.socket;
  ownAllowance.add(socket);
  let idle: NodeJS.Timeout | undefined;
  const stopTimers = () => {
    clearTimeout(total);
    clearTimeout(idle);
    request.off("data", resetIdle);
  };
  const expire = () => {
    stopTimers();
    onExpired();
  };
  const total = setTimeout(expire, limits.totalMs);
  function resetIdle() {
    clearTimeout(idle);
    idle = setTimeout(expire, limits.idleMs);
  }
  resetIdle();
  response.once("close", () => {
    stopTimers();
    const release = () => ownAllowance.delete(socket);
    if (request.readableEnded || socket.destroyed) return release();
    request.once("end", release);
    socket.once("close", release);
  });
  return { watchProgress: () => request.on("data", resetIdle) };
}

/** How long the rest of a refused body is read and thrown away before the connection is closed. */
const LINGER_MS = 5_000;

/**
 * For an answer sent before the request's body ended (a refusal: too large, wrong type, one file too many): the
 * rest is read and thrown away for a few seconds, then the connection is closed. Closing at once would leave unread
 * bytes, and the reset that follows can wipe the answer out of the client's buffers before it reads it; reading it
 * all could mean megabytes nobody wants.
 */
export function discardUnreadBody(
  request: IncomingMessage,
  response: ServerResponse,
  lingerMs = LINGER_MS,
): void {
  response.once("close", () => {
    if (request.readableEnded || request.destroyed) return;
    request.unpipe();
    request.resume();
    // Destroying a request whose body has not ended destroys its connection.
    const timer = setTimeout(() => request.destroy(), lingerMs);
    const done = () => clearTimeout(timer);
    request.once("end", done);
    request.socket.once("close", done);
  });
}
