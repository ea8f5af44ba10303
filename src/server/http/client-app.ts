import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { SiteProfile } from "@shared/site-profile";
import type { Config } from "../config";
import { clientDistDir } from "../paths";
import { sendApiNotFound } from "./errors";
import { builtTemplate, type HtmlTemplateSource, viteTemplate } from "./html-template";
import { type PageHead, renderPage } from "./page-head";

/** The browser routes of the app (spec section 2); each answers the page shell, which the client then renders. */
export const clientRoutes = [
  "/",
  "/admin",
  "/admin/cashfree-test",
  "/contact-us",
  "/terms-conditions",
  "/refunds-cancellations",
  "/payment/callback",
  "/video-consultation/:roomId",
] as const;

export const notFoundTitle = "404 Page Not Found";

declare module "fastify" {
  interface FastifyReply {
    /** Answers the app's page shell with the given <head> and status. */
    sendPage(head: Partial<PageHead>, statusCode?: number): Promise<FastifyReply>;
  }
}

export interface ClientAppOptions {
  config: Config;
  profile: SiteProfile;
  /** Tests of the API alone run without a built client. */
  serveClient: boolean;
}

/** The site's address without a trailing slash: PUBLIC_BASE_URL, else the address the request came to. */
export function siteUrl(config: Config, request: FastifyRequest): string {
  return config.publicBaseUrl ?? `${request.protocol}://${request.host}`;
}

export function absoluteUrl(config: Config, request: FastifyRequest, path: string): string {
  const base = config.publicBaseUrl ?? `${request.protocol}://${request.host}`;
  return new URL(path, base + "/").toString();
}

export async function registerClientApp(app: FastifyInstance, options: ClientAppOptions): Promise<void> {
  const { config, profile } = options;
  const source: HtmlTemplateSource | undefined = !options.serveClient
    ? undefined
    : config.devServer
      ? await viteTemplate(app)
      : await builtTemplate();

  app.decorateReply(
    "sendPage",
    async function (this: FastifyReply, head: Partial<PageHead>, statusCode = 200) {
      const request = this.request;
      const fullHead: PageHead = {
        title: head.title ?? profile.seo.title,
        description: head.description ?? profile.seo.description,
        url: head.url ?? absoluteUrl(config, request, request.url.split("?")[0] ?? "/"),
        image: head.image ?? null,
        type: head.type ?? "website",
      };
      if (!source) return this.status(statusCode).type("application/json").send({ page: fullHead });
      const html = renderPage(await source.template(request.url), fullHead, profile);
      return this.status(statusCode)
        .type("text/html; charset=utf-8")
        .header("cache-control", "no-cache")
        .send(html);
    },
  );

  if (options.serveClient && !config.devServer) {
    await app.register(fastifyStatic, {
      root: clientDistDir,
      wildcard: false,
      index: false,
      // The page shell is always rendered by sendPage, never served raw.
      allowedPath: (pathName) => pathName !== "/index.html" && !pathName.startsWith("/.vite"),
      cacheControl: false,
      setHeaders(reply, path) {
        const hashed = path.includes("/assets/");
        reply.header(
          "cache-control",
          hashed ? "public, max-age=31536000, immutable" : "public, max-age=3600",
        );
      },
    });
  }

  for (const url of clientRoutes) {
    app.get(url, (_request, reply) => reply.sendPage({}));
  }

  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      (request.method === "GET" || request.method === "HEAD") &&
      !request.url.startsWith("/api/") &&
      request.url !== "/api";
    if (!wantsPage) return sendApiNotFound(request, reply);
    return reply.sendPage(
      { title: notFoundTitle, description: "The page you are looking for does not exist." },
      404,
    );
  });
}
