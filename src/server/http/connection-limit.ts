import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { networkOf } from "./proxy-trust";

/**
 * Caps the connections one address holds open at once: thousands of sockets that trickle a body (or sit idle)
 * would otherwise use up the process's file descriptors and lock every other visitor out. Many people can share one
 * address (a mobile carrier's NAT, a hospital's network), and browsers keep their connections open between
 * requests, so a connection over the cap first makes room by closing one of the address's idle connections: one
 * whose last answer has been sent, else one that has not sent a request yet (oldest first). Only when every
 * connection of the address is in the middle of a request is the new one closed as it arrives. An IPv6 address counts
 * by its /64, as in the other per-address limits: one home or phone has a whole /64 to connect from. Behind a proxy
 * every connection comes from the proxy, so the proxy's own limits apply.
 */
export function limitConnectionsPerAddress(server: Server, max: number): void {
  const open = new Map<string, Set<Socket>>();
  const lastResponse = new WeakMap<Socket, ServerResponse>();
  // An observer: it answers nothing, it only notes which request each connection is on.
  server.on("request", (request: IncomingMessage, response: ServerResponse) => {
    lastResponse.set(request.socket, response);
  });
  server.on("connection", (socket: Socket) => {
    const address = networkOf(socket.remoteAddress);
    let sockets = open.get(address);
    if (!sockets) {
      sockets = new Set();
      open.set(address, sockets);
    }
    if (sockets.size >= max) {
      const idle = idleConnection(sockets, lastResponse);
      if (!idle) {
        socket.destroy();
        return;
      }
      sockets.delete(idle);
      idle.destroy();
    }
    const held = sockets;
    held.add(socket);
    socket.once("close", () => {
      held.delete(socket);
      if (held.size === 0 && open.get(address) === held) open.delete(address);
    });
  });
}

/** The connection to close to make room: kept open after its last answer, else never used; undefined if all are busy. */
function idleConnection(
  sockets: Set<Socket>,
  lastResponse: WeakMap<Socket, ServerResponse>,
): Socket | undefined {
  let unused: Socket | undefined;
  for (const socket of sockets) {
    const response = lastResponse.get(socket);
    if (response?.writableFinished) return socket;
    if (!response) unused ??= socket;
  }
  return unused;
}

/** How often Node checks requests against the timeout: often enough that a slow request is cut close to its limit. */
export function timeoutCheckInterval(requestTimeoutMs: number): number {
  return Math.max(250, Math.min(5_000, Math.floor(requestTimeoutMs / 4)));
}
