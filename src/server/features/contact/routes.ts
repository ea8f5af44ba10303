import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { contactMessageSchema } from "@shared/contact";
import { isLanguage, languagePrefix } from "@shared/i18n/languages";
import type { Db } from "../../db/client";
import { rateLimited } from "../../http/rate-limit";
import { receiveContactMessage } from "./service";

const contactLimit = rateLimited(
  5,
  "1 hour",
  (wait) =>
    `You have sent several messages in a short time. Please try again in ${wait}, or write to us by e-mail.`,
);

type FormOutcome = "sent" | "failed" | "limited";

/**
 * Where a form posted without script returns to: its page, scrolled to the form, with the outcome in the address.
 * The form names its page in its action's query as well as in the body, because a refusal by the rate limit comes
 * before the body is read.
 */
function outcomeAddress(request: { body?: unknown; query?: unknown }, outcome: FormOutcome): string {
  const language = (request.query as { lang?: unknown } | undefined)?.lang;
  const prefix = isLanguage(language) ? languagePrefix(language) : "";
  return formSource(request) === "contact-page"
    ? `${prefix}/contact-us?contact=${outcome}#contact-form`
    : `${prefix}/?contact=${outcome}#contact`;
}

function formSource(request: { body?: unknown; query?: unknown }): unknown {
  return (
    (request.body as { source?: unknown } | undefined)?.source ??
    (request.query as { source?: unknown } | undefined)?.source
  );
}

export const contactRoutes: FastifyPluginAsyncZod<{ db: Db; now: () => Date }> = async (app, { db, now }) => {
  app.post(
    "/api/contact",
    { schema: { body: contactMessageSchema }, config: contactLimit },
    async (request, reply) => {
      await receiveContactMessage(db, request.body, now());
      return reply.status(201).send({ received: true });
    },
  );

  // The same forms posted by a browser without script (application/x-www-form-urlencoded, which only this route
  // reads): the answer is the page again, saying whether the message was sent. The browser checked the required
  // fields before posting.
  await app.register(async (forms) => {
    forms.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 64 * 1024 },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );
    forms.withTypeProvider<ZodTypeProvider>().post(
      "/contact",
      {
        schema: { body: contactMessageSchema },
        config: contactLimit,
        // Invalid fields, too many messages: the visitor is sent back with the failure shown above the form.
        errorHandler: (error, request, reply) => {
          const status = (error as { statusCode?: number }).statusCode ?? 500;
          if (status >= 500) request.log.error({ err: error }, "contact form posted without script failed");
          else request.log.info({ statusCode: status }, "contact form posted without script was refused");
          void reply.redirect(outcomeAddress(request, status === 429 ? "limited" : "failed"), 303);
        },
      },
      async (request, reply) => {
        await receiveContactMessage(db, request.body, now());
        return reply.redirect(outcomeAddress(request, "sent"), 303);
      },
    );
  });
};
