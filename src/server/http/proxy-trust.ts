import type { IncomingMessage } from "node:http";
import { isIP } from "node:net";
import proxyAddr from "@fastify/proxy-addr";
import { normalizeIP } from "@fastify/rate-limit";
import type { FastifyRequest } from "fastify";
import type { TrustProxy } from "../config";

/** Whether the address at `hop` (0: the connection's peer, 1: the right-most X-Forwarded-For entry...) is a proxy. */
export type ProxyTrustFunction = (address: string, hop: number) => boolean;

/**
 * Fastify's `trustProxy` for the setting, which request.ip, request.protocol and request.host (and so the rate
 * limits, the admin lockout and the site's own origin) follow. Never `true`, which trusts every hop and makes the
 * visitor's own left-most X-Forwarded-For entry their address; and a hop count is given as a function, because
 * Fastify 5 reads a bare number as trusting no hop at all.
 */
export function proxyTrust(setting: TrustProxy): ProxyTrustFunction | false {
  if (!setting) return false;
  if ("hops" in setting) return (_address, hop) => hop < setting.hops;
  return proxyAddr.compile(setting.addresses);
}

/**
 * Whether a request arrived over https: on a TLS socket, or from a trusted proxy that says so in X-Forwarded-Proto
 * (its right-most entry, the one the nearest proxy wrote), as Fastify's `request.protocol` decides it.
 */
export function arrivedOverHttps(request: IncomingMessage, trust: ProxyTrustFunction | false): boolean {
  const socket = request.socket as IncomingMessage["socket"] & { encrypted?: boolean };
  if (socket.encrypted === true) return true;
  const header = request.headers["x-forwarded-proto"];
  if (!trust || !header || !trust(socket.remoteAddress ?? "", 0)) return false;
  return String(header).split(",").at(-1)?.trim() === "https";
}

/**
 * The visitor's address as the per-address limits and the admin lockout count it: an IPv6 address by its /64 (one
 * home or phone is given a whole /64, so single addresses would be free for the taking), an IPv4 address mapped into
 * IPv6 as IPv4, and a port a proxy wrote after the address ("203.0.113.7:51234", "[2001:db8::1]:443") left out.
 * What a trusted proxy wrote that is no address at all counts as the proxy's own address: never a fresh key per
 * spelling, and never longer than an address.
 */
export function visitorAddress(request: Pick<FastifyRequest, "ip" | "socket">): string {
  const address = withoutPort(request.ip);
  return isIP(address) ? normalizeIP(address) : networkOf(request.socket.remoteAddress);
}

/** A connection's peer as the limits count it: an IPv6 address by its /64, an IPv4 one mapped into IPv6 as IPv4. */
export function networkOf(peer: string | undefined): string {
  return peer && isIP(peer) ? normalizeIP(peer) : "unknown";
}

function withoutPort(address: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed?.[1]) return bracketed[1];
  const v4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(address);
  return v4WithPort?.[1] ?? address;
}
