import type { Server } from "node:http";

/**
 * Caps the connections one address holds open at once: thousands of sockets that trickle a body (or sit idle)
 * would otherwise use up the process's file descriptors and lock every other visitor out. A connection over the cap
 * is closed as it arrives. Behind a proxy every connection comes from the proxy, so the proxy's own limits apply.
 */
export function limitConnectionsPerAddress(server: Server, max: number): void {
  const open = new Map<string, number>();
  server.on("connection", (socket) => {
    const address = socket.remoteAddress ?? "";
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once("close", () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}

/** How often Node checks requests against the timeout: often enough that a slow request is cut close to its limit. */
export function timeoutCheckInterval(requestTimeoutMs: number): number {
  return Math.max(250, Math.min(5_000, Math.floor(requestTimeoutMs / 4)));
}
