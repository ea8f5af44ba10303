import type { ServerResponse } from "node:http";
import { PassThrough } from "node:stream";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { endWhenReaderStalls, stallCheckInterval } from "./stalled-reader";

/** A response whose socket has handed `bytesWritten` bytes to the network; the test moves the count. */
function fakeResponse() {
  const closeHandlers: (() => void)[] = [];
  const socket = { bytesWritten: 0 };
  const response = {
    socket,
    writableFinished: false,
    destroyed: false,
    destroy: vi.fn(() => {
      response.destroyed = true;
      for (const handler of closeHandlers) handler();
    }),
    once: (event: string, handler: () => void) => {
      if (event === "close") closeHandlers.push(handler);
      return response;
    },
  };
  return { response, socket, asServerResponse: response as unknown as ServerResponse };
}

describe("a streamed answer whose reader stops taking it", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([1_000, 30_000, 600_000])(
    "is ended no sooner than %i ms after the last byte taken, and at most a second later",
    (stallMs) => {
      const { response, socket, asServerResponse } = fakeResponse();
      const body = new PassThrough();
      const onStalled = vi.fn();
      endWhenReaderStalls(asServerResponse, body, stallMs, onStalled);

      // The reader takes some bytes now and then for a while, each time within the stall time.
      for (let step = 0; step < 5; step += 1) {
        vi.advanceTimersByTime(stallMs - 1);
        socket.bytesWritten += 65_536;
      }
      expect(onStalled).not.toHaveBeenCalled();
      const lastByteAt = Date.now();

      vi.advanceTimersByTime(stallMs - 1);
      expect(onStalled).not.toHaveBeenCalled();
      vi.advanceTimersByTime(Math.min(1_000, 2 * stallCheckInterval(stallMs)) + 1);
      expect(onStalled).toHaveBeenCalledTimes(1);
      expect(Date.now() - lastByteAt).toBeLessThanOrEqual(stallMs + 1_000);
      expect(body.destroyed).toBe(true);
      // The connection goes once the body has let go of its files.
      return new Promise<void>((resolve) => {
        body.once("close", () => {
          expect(response.destroy).toHaveBeenCalled();
          resolve();
        });
        vi.runOnlyPendingTimers();
      });
    },
  );

  it("leaves an answer that has finished alone", () => {
    const { response, asServerResponse } = fakeResponse();
    const body = new PassThrough();
    const onStalled = vi.fn();
    endWhenReaderStalls(asServerResponse, body, 1_000, onStalled);
    response.writableFinished = true;
    vi.advanceTimersByTime(10_000);
    expect(onStalled).not.toHaveBeenCalled();
    expect(body.destroyed).toBe(false);
  });
});
