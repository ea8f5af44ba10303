import type { IncomingMessage } from "node:http";
import proxyAddr from "@fastify/proxy-addr";
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
