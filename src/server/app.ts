import compress from "@fastify/compress";
import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { DestinationStream } from "pino";
import type { SiteProfile } from "@shared/site-profile";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { articleRoutes } from "./features/articles/routes";
import { contactRoutes } from "./features/contact/routes";
import { bookingRoutes } from "./features/booking/routes";
import { healthRoutes } from "./features/health/routes";
import { paymentRoutes } from "./features/payments/routes";
import { registerClientApp } from "./http/client-app";
import { registerErrorHandling } from "./http/errors";
import { loggerOptions } from "./http/logging";
import { newRequestId } from "./http/request-id";
import { contentSecurityPolicy } from "./http/security";
import type { PaymentGateway } from "./integrations/payments/gateway";
import { selectPaymentGateway } from "./integrations/payments/select-gateway";
import { simulatorRoutes } from "./integrations/payments/simulator/simulator-routes";

export interface AppDependencies {
  config: Config;
  database: Database;
  profile: SiteProfile;
  /** Serve the browser app (built, or through Vite in development). API tests leave it off. */
  serveClient?: boolean;
  /** Where logs go; standard output by default. Tests capture them to check what is logged. */
  logStream?: DestinationStream;
  /** The payment gateway; by default the one the configuration selects (Cashfree or the simulator). */
  gateway?: PaymentGateway;
  /** The clock every rule reads; tests move it to check holds, notice and late payments. */
  now?: () => Date;
}

export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, database, profile } = deps;
  const now = deps.now ?? (() => new Date());
  const gateway = deps.gateway ?? selectPaymentGateway(config, database.db);
  const app = Fastify({
    logger: loggerOptions(config, deps.logStream),
    genReqId: newRequestId,
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
    forceCloseConnections: "idle",
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
  registerErrorHandling(app);

  await app.register(helmet, {
    contentSecurityPolicy: config.devServer ? false : { directives: contentSecurityPolicy(config) },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compress, { threshold: 1024 });
  // Limits apply only to the routes that ask for one (contact form, later login and coupons).
  await app.register(rateLimit, { global: false });

  await app.register(healthRoutes, { database });
  await app.register(articleRoutes, { db: database.db, config });
  await app.register(contactRoutes, { db: database.db });
  await app.register(bookingRoutes, { db: database.db, config, now });
  await app.register(paymentRoutes, { db: database.db, config, gateway, now });
  if (gateway.name === "simulator") await app.register(simulatorRoutes, { db: database.db, profile });
  await registerClientApp(app, { config, profile, serveClient: deps.serveClient ?? false });

  return app;
}
