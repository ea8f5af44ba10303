import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ProfileStore } from "../../core/site-profile/store";
import { siteUrl } from "../../http/client-app";
import { HttpError } from "../../http/errors";
import { rateLimited } from "../../http/rate-limit";
import { TransportError } from "../../integrations/messaging/types";
import { type MessagingDeps, sendTestEmail } from "../notifications/service";
import { setupFacts } from "./setup";

interface SetupRouteOptions {
  messaging: MessagingDeps;
  profiles: ProfileStore;
}

/** The first-start checklist (admin only, registered in the admin scope). */
export const setupRoutes: FastifyPluginAsyncZod<SetupRouteOptions> = async (app, { messaging, profiles }) => {
  app.get("/api/admin/setup", async () => setupFacts(messaging, profiles));

  app.post(
    "/api/admin/setup/test-email",
    { config: rateLimited(5, "1 minute", (wait) => `Too many test e-mails. Please try again in ${wait}.`) },
    async (request) => {
      try {
        return await sendTestEmail(messaging, siteUrl(messaging.config, request));
      } catch (error) {
        if (error instanceof TransportError)
          throw new HttpError(502, `The mail server refused the test e-mail: ${error.message}`);
        request.log.warn({ err: error }, "the test e-mail could not be sent");
        throw new HttpError(502, "The test e-mail could not be sent. The server's log has the details.");
      }
    },
  );
};
