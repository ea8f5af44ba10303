import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { CSP_NONCE_PLACEHOLDER, type PageReads, type RenderedApp } from "@shared/page-data";
import { servedProfile } from "@shared/sample-profile";
import { profileOnPage } from "@shared/profile-language";
import type { MessageChunk } from "@shared/i18n/chunks";
import { LANGUAGE_LOCALES, languageOfPath } from "@shared/i18n/languages";
import type { ProfileSource } from "@shared/site-profile";
import type { Config } from "../config";
import { clientDistDir } from "../paths";
import { builtClient, type ClientBuild, viteClient } from "./html-template";
import { assemblePage, type PageHead, renderHead, renderScriptLoader } from "./page-head";
import { type PublicCache, sendPrepared } from "./public-cache";
import { prepareResponse, type PreparedResponse } from "./prepared-response";
import type { SecurityHeaders } from "./security";

/** What a page route answers; `load` runs only when the page is not in memory already. */
export interface PageRequest {
  /**
   * Where the page is kept in memory, whatever its status; no key, no keeping. A key made from an address anyone can
   * make up must never name a page that is not found (one page per made-up address would fill memory): such pages
   * share one key.
   */
  cacheKey?: string | undefined;
  /** The address the app renders (path and the query parameters the page reads); the request's by default. */
  url?: string;
  /** Server-rendered (the public pages) or rendered in the browser only (admin, payment result, video room). */
  render: boolean;
  /** A page with one person's data (the manage page): never kept, and no browser or proxy may keep a copy. */
  personal?: boolean;
  /**
   * For a page rendered in the browser: fixed HTML shown until the app has loaded (on a slow phone, seconds), so the
   * page is never blank. The app replaces it.
   */
  placeholder?: string;
  load(): Promise<LoadedPage>;
}

export interface LoadedPage {
  head: Partial<PageHead>;
  status?: number;
  reads: PageReads;
  /**
   * The lazily loaded page modules the browser needs at once: the page's own ("pages/contact-us.tsx"), and what its
   * route loads beside it ("lib/query-provider.tsx" for a page that reads through TanStack Query).
   */
  pageModule?: string | readonly string[];
  /** The message chunks the page speaks as soon as it shows ("legal"): written into its data. */
  chunks?: MessageChunk[];
}

declare module "fastify" {
  interface FastifyReply {
    /** Answers a page of the browser app: from memory when it is there, else loaded, rendered and kept. */
    sendPage(page: PageRequest): Promise<FastifyReply>;
  }
}

interface ClientAppOptions {
  config: Config;
  profile: ProfileSource;
  /** Tests of the API alone run without a built client; pages then answer their head and reads as JSON. */
  serveClient: boolean;
  cache: PublicCache;
  security: SecurityHeaders;
}

/**
 * The site's address without a trailing slash: PUBLIC_BASE_URL, else (only outside production, where the setting is
 * required) the address the request came to, so a site tried on localhost returns payments to itself.
 */
export function siteUrl(config: Config, request: FastifyRequest): string {
  return config.publicBaseUrl ?? `${request.protocol}://${request.host}`;
}

/**
 * An absolute address on this site, built from PUBLIC_BASE_URL only: a Host header sent by anyone must never end
 * up in a page's canonical or preview tags. Without the setting there is none. The path is appended as text, so a
 * path such as "//evil.example" stays on this site.
 */
export function publicUrl(config: Config, path: string): string | undefined {
  if (!config.publicBaseUrl) return undefined;
  return `${config.publicBaseUrl}/${path.replace(/^\/+/, "")}`;
}

export async function registerClientApp(app: FastifyInstance, options: ClientAppOptions): Promise<void> {
  const { config, profile, cache, security } = options;
  const client: ClientBuild | undefined = !options.serveClient
    ? undefined
    : config.devServer
      ? await viteClient(app)
      : await builtClient();

  /** The page's <head>: the site's title and description unless the page has its own, its canonical address. */
  function headFor(request: FastifyRequest, page: PageRequest, loaded: LoadedPage): PageHead {
    const url = page.url ?? request.url;
    return {
      // The doctor's title and description in the page's language where she has translated them.
      title: profileOnPage(profile.current(), languageOfPath(url)).seo.title,
      description: profileOnPage(profile.current(), languageOfPath(url)).seo.description,
      url: publicUrl(config, url.split("?")[0] ?? "/"),
      image: null,
      type: "website",
      locale: LANGUAGE_LOCALES[languageOfPath(url)].replace("-", "_"),
      ...loaded.head,
    };
  }

  async function buildPage(
    request: FastifyRequest,
    page: PageRequest,
    loaded: LoadedPage,
    build: ClientBuild,
  ) {
    const url = page.url ?? request.url;
    const fullHead: PageHead = headFor(request, page, loaded);
    const modules = typeof loaded.pageModule === "string" ? [loaded.pageModule] : (loaded.pageModule ?? []);
    const scripts = build.scripts(page.render ? modules : []);
    const input = {
      url,
      language: languageOfPath(url),
      // The doctor's texts in the page's language where she has translated them, and no other language's.
      profile: profileOnPage(servedProfile(profile.current(), config.isProduction), languageOfPath(url)),
      // Until a profile file or the doctor's own is shown, the footer says the doctor is a sample.
      sampleProfile: !profile.savedInDashboard() && !config.siteProfileFile,
      clinicTimeZone: config.booking.timeZone,
      reads: loaded.reads,
      ...(loaded.chunks ? { chunks: loaded.chunks } : {}),
    };
    let rendered: RenderedApp | undefined;
    if (page.render) {
      try {
        rendered = await build.render({ ...input, html: true });
      } catch (error) {
        // The browser renders the page itself then; the visitor still gets it.
        request.log.error({ err: error }, "server rendering failed; the page is rendered in the browser");
      }
    }
    const complete = rendered !== undefined || !page.render;
    rendered ??= await build.render({ ...input, html: false });
    const { html: appHtml, data } = rendered;
    const pieces = assemblePage(await build.template(url), CSP_NONCE_PLACEHOLDER, {
      head: renderHead(fullHead),
      appHtml: appHtml || (page.placeholder ?? ""),
      data,
      scripts: scripts ? renderScriptLoader(scripts, { afterPaint: appHtml !== "" }) : [],
    });
    const prepared = await prepareResponse(pieces, {
      status: loaded.status ?? 200,
      headers: {
        "content-type": "text/html; charset=utf-8",
        "cache-control": page.personal ? "private, no-store" : "no-cache",
      },
    });
    // A page the server failed to render is not kept: the next visitor gets another try.
    return { prepared, complete };
  }

  // Visitors who ask for a page that is being rendered wait for that render instead of starting their own.
  const rendering = new Map<string, Promise<PreparedResponse>>();

  app.decorateReply("sendPage", async function (this: FastifyReply, page: PageRequest) {
    const request = this.request;
    const key = client?.fixed && !page.personal ? page.cacheKey : undefined;
    const kept = key ? cache.get(key) : undefined;
    if (kept) return sendPrepared(request, this, kept, security);
    if (!client) {
      const loaded = await page.load();
      return this.status(loaded.status ?? 200)
        .type("application/json")
        .send({ page: headFor(request, page, loaded), reads: loaded.reads, rendered: page.render });
    }
    const inFlight = key ? rendering.get(key) : undefined;
    if (inFlight) return sendPrepared(request, this, await inFlight, security);
    const generation = cache.generation;
    const render = (async () => {
      const { prepared, complete } = await buildPage(request, page, await page.load(), client);
      if (key && complete) cache.set(key, prepared, generation);
      return prepared;
    })();
    if (key) {
      rendering.set(key, render);
      void render.then(
        () => rendering.delete(key),
        () => rendering.delete(key),
      );
    }
    return sendPrepared(request, this, await render, security);
  });

  if (options.serveClient && !config.devServer) {
    await app.register(fastifyStatic, {
      root: clientDistDir,
      wildcard: false,
      index: false,
      // The page template is always filled by sendPage, never served raw.
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
}
