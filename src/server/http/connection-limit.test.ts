import { EventEmitter } from "node:events";
import type { Server } from "node:http";
import type { Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { limitConnectionsPerAddress } from "./connection-limit";

/** A connection as the server sees it: its peer's address, and whether the cap closed it. */
function connection(remoteAddress: string) {
  const socket = new EventEmitter() as EventEmitter & {
    remoteAddress: string;
    destroyed: boolean;
    destroy(): void;
  };
  socket.remoteAddress = remoteAddress;
  socket.destroyed = false;
  socket.destroy = () => {
    socket.destroyed = true;
    socket.emit("close");
  };
  return socket;
}

/** Opens connections that each hold a request in progress (never idle), and answers which the cap left open. */
function openBusy(max: number, addresses: string[]): boolean[] {
  const server = new EventEmitter() as unknown as Server;
  limitConnectionsPerAddress(server, max);
  const sockets = addresses.map((address) => {
    const socket = connection(address);
    server.emit("connection", socket as unknown as Socket);
    // A request that has not been answered yet: the connection is busy, so the cap cannot make room with it.
    server.emit("request", { socket }, { writableFinished: false });
    return socket;
  });
  return sockets.map((socket) => !socket.destroyed);
}

describe("the cap on connections per address", () => {
  it("counts every address of one IPv6 /64 as one visitor", () => {
    const sameNetwork = Array.from({ length: 8 }, (_, index) => `2001:db8:5:1::${(index + 1).toString(16)}`);
    expect(openBusy(5, sameNetwork)).toEqual([true, true, true, true, true, false, false, false]);
  });

  it("counts another /64, and an IPv4 address written as IPv6, on their own", () => {
    const open = openBusy(2, [
      "2001:db8:5:1::1",
      "2001:db8:5:1::2",
      "2001:db8:5:2::1",
      "::ffff:203.0.113.7",
      "203.0.113.7",
      "203.0.113.7",
    ]);
    expect(open).toEqual([true, true, true, true, true, false]);
  });
});
