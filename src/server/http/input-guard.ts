import type { FastifyInstance } from "fastify";
import { BROKEN_TEXT_MESSAGE, containsBrokenText, containsNul, NUL_MESSAGE } from "@shared/text";
import { HttpError, isPageRequest } from "./errors";

/**
 * One check for every route, before its schema runs: a NUL character or half a surrogate pair in the path's
 * parameters, the query or the body is a 400. Without it such a value reached PostgreSQL, which refuses it with an error that became a 500.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    // An address that is no page gets the 404 page whatever it holds: the page reads nothing of it. (Refused here, it
    // would ask for the 404 page from inside the 404 handler, and get Fastify's bare text instead.)
    if (request.is404 && isPageRequest(request)) return;
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body))
      throw new HttpError(400, NUL_MESSAGE);
    // PostgreSQL stores text as UTF-8, which half a surrogate pair cannot be written in: refused here, not as a 500.
    if (
      containsBrokenText(request.params) ||
      containsBrokenText(request.query) ||
      containsBrokenText(request.body)
    )
      throw new HttpError(400, BROKEN_TEXT_MESSAGE);
  });
}
