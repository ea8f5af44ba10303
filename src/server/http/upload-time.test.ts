import { EventEmitter, once } from "node:events";
import { PassThrough } from "node:stream";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { discardUnreadBody, grantUploadTime, hasOwnTimeAllowance } from "./upload-time";

/** A request and a response as far as the allowance sees them: events, and the request's socket. */
function exchange() {
  const socket = new EventEmitter() as unknown as Socket;
  const request = Object.assign(new EventEmitter(), { socket }) as unknown as IncomingMessage;
  const response = new EventEmitter() as unknown as ServerResponse;
  return { socket, request, response };
}

describe("an upload's own time allowance", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  // Bytes arrive `every` ms, `chunks` times, within a total allowance of `totalMs` (idle limit 1 s); the time runs
  // out `expiresAfter` ms after the last of them, and not before.
  it.each([
    {
      name: "lasts while bytes keep arriving, and ends after the idle time without any",
      totalMs: 60_000,
      chunks: 10,
      every: 900,
      expiresAfter: 1_000,
    },
    {
      name: "ends at the total time however steadily bytes arrive",
      totalMs: 5_000,
      chunks: 9,
      every: 500,
      expiresAfter: 600,
    },
  ])("$name", ({ totalMs, chunks, every, expiresAfter }) => {
    const { request, response } = exchange();
    const expired = vi.fn();
    grantUploadTime(request, response, { totalMs, idleMs: 1_000 }, expired).watchProgress();
    for (let n = 0; n < chunks; n++) {
      vi.advanceTimersByTime(every);
      request.emit("data", Buffer.alloc(10));
    }
    expect(expired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(expiresAfter);
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it("is given back once the answer is out and the body has ended, and then never expires", () => {
    const { socket, request, response } = exchange();
    const expired = vi.fn();
    grantUploadTime(request, response, { totalMs: 5_000, idleMs: 1_000 }, expired);
    response.emit("close");
    // The answer went out before the body ended: Node's own check must still leave the socket alone.
    expect(hasOwnTimeAllowance(socket)).toBe(true);
    request.emit("end");
    expect(hasOwnTimeAllowance(socket)).toBe(false);
    vi.advanceTimersByTime(10_000);
    expect(expired).not.toHaveBeenCalled();
  });
});

describe("the rest of a refused body", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** A request body still arriving, with the socket Node gives it. */
  function arriving() {
    const body = Object.assign(new PassThrough({ autoDestroy: false }), { socket: new EventEmitter() });
    const response = new EventEmitter();
    discardUnreadBody(body as unknown as IncomingMessage, response as unknown as ServerResponse, 5_000);
    return { body, response };
  }

  it("is read and thrown away after the answer, and the connection stays when it ends in time", async () => {
    const { body, response } = arriving();
    body.write(Buffer.alloc(100_000));
    response.emit("close");
    body.write(Buffer.alloc(100_000));
    body.end();
    await once(body, "end");
    vi.advanceTimersByTime(10_000);
    expect(body.destroyed).toBe(false);
  });

  it("closes the connection when it has not ended a few seconds after the answer", () => {
    const { body, response } = arriving();
    response.emit("close");
    body.write(Buffer.alloc(10));
    vi.advanceTimersByTime(4_900);
    expect(body.destroyed).toBe(false);
    vi.advanceTimersByTime(200);
    expect(body.destroyed).toBe(true);
  });
});
