import type { FastifyInstance } from "fastify";
import { HttpError } from "./errors";

export const FORBIDDEN_KEY_MESSAGE =
  "The request body has a __proto__ key, or a constructor key holding prototype, which this site does not accept.";

function isJson(text: string): boolean {
  try {
    // Fastify's parser reads past a byte-order mark; JSON.parse does not.
    JSON.parse(text.replace(/^\uFEFF/, ""));
    return true;
  } catch {
    return false;
  }
}

/**
 * JSON bodies are parsed by Fastify's own parser, which refuses `__proto__` and `constructor.prototype` keys (they
 * could change every object of the server). Its refusal says only "not valid JSON", which is untrue for such a body:
 * that case gets words of its own.
 */
export function registerJsonParser(app: FastifyInstance): void {
  const strict = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    void strict(request, text, (error, value) => {
      if (error && text.length > 0 && isJson(text))
        done(new HttpError(400, FORBIDDEN_KEY_MESSAGE), undefined);
      else done(error, value);
    });
  });
}
