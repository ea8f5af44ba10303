import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { siteUrl } from "./client-app";

/** What a feature's routes are started with, and hand on to each service call. */
export interface RouteDeps {
  db: Db;
  config: Config;
  now: () => Date;
}

/** What every service call of a request is given: the database, the settings, the request's log and moment. */
interface RequestContext {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  now: Date;
  /** The site's own address, for links in answers and messages. */
  siteUrl: string;
}

/** The context of one request for a service, with what else that feature's services need (a gateway, a store). */
export function requestContext<Extras extends object>(
  deps: RouteDeps,
  request: FastifyRequest,
  extras: Extras,
): RequestContext & Extras {
  const { db, config, now } = deps;
  return { db, config, log: request.log, now: now(), siteUrl: siteUrl(config, request), ...extras };
}

/** Makes each request's context for a feature's services from what its routes were started with. */
export function contextPerRequest<Extras extends object>(
  deps: RouteDeps,
  extras: Extras,
): (request: FastifyRequest) => RequestContext & Extras {
  return (request) => requestContext(deps, request, extras);
}
