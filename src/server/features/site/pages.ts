import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { profileOnPage } from "@shared/profile-language";
import { ADMIN_PAGES } from "@shared/admin-pages";
import { z } from "zod";
import type { Article } from "@shared/articles";
import type { PublicConfig } from "@shared/booking";
import type { PageReads } from "@shared/page-data";
import type { ManageView } from "@shared/manage";
import type { DataRightsView } from "@shared/patients";
import type { ParentPrescriptions } from "@shared/prescription";
import type { ProfileSource } from "@shared/site-profile";
import {
  type Language,
  LANGUAGE_LOCALES,
  LANGUAGES,
  languageOfPath,
  languagePrefix,
  pathInLanguage,
} from "@shared/i18n/languages";
import {
  type RoomMessageId,
  type SiteMessageId,
  translate,
  type VisitMessageId,
} from "@shared/i18n/messages";
import { siteTranslator } from "@shared/i18n/site-messages";
import { pageTranslator } from "@shared/i18n/chunk-messages";
import type { ParentReportUploads } from "@shared/uploads";
import type { Config } from "../../config";
import { type LoadedPage, type PageRequest, publicUrl } from "../../http/client-app";
import { HttpError, sendApiNotFound } from "../../http/errors";
import type { PublicCache } from "../../http/public-cache";
import { PREVIEW_FILE_PATTERN, previewCards } from "./preview-cards";
import { articlePageData, homePageData, infoPageData, type SiteFacts } from "./structured-data";

interface PageRouteOptions {
  config: Config;
  profile: ProfileSource;
  /** The pages and reads kept in memory; what is derived from them here is read again when it is emptied. */
  cache: PublicCache;
}

/**
 * The query parameters a public page reads: only the outcome of a contact form posted without script. Anything else
 * in the address (tracking tags) does not change the page, so it is rendered and kept as if absent.
 */
function pageAddress(path: string, query: Record<string, unknown>): string {
  const outcome = query.contact;
  return outcome === "sent" || outcome === "failed" || outcome === "limited"
    ? `${path}?contact=${outcome}`
    : path;
}

/** A page with the contact form, rendered on the server and kept once for each contact outcome its address shows. */
function pageWithContactForm(path: string, query: unknown, load: () => Promise<LoadedPage>) {
  const url = pageAddress(path, query as Record<string, unknown>);
  return { cacheKey: url, url, render: true, load };
}

const slugParams = z.object({ slug: z.string().min(1).max(120) });
/** A manage token as the site makes them (43 characters); anything else is asked about all the same, and refused. */
const tokenParams = z.object({ token: z.string().max(200) });
const previewParams = z.object({ file: z.string().max(160) });
/** An article's slug as the article form makes them: the only ones worth asking the database about. */
const ARTICLE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** What a page rendered in the browser shows while its script loads: words, not a blank screen. */
const loadingPlaceholder = (words: string) =>
  `<main id="main" aria-busy="true" class="mx-auto flex max-w-xl flex-col gap-4 px-4 py-16"><p role="status" class="text-base text-slate-700">${words}</p></main>`;
/** The manage page's code and Query's provider, which its route loads beside it: both start with the page. */
const MANAGE_PAGE_MODULES = ["pages/manage-appointment.tsx", "lib/query-provider.tsx"];
const CONSOLE_PLACEHOLDER = loadingPlaceholder("Opening your console…");
/** The slug the one article-not-found page is rendered for: no article can have it. */
const NO_ARTICLE_SLUG = "-";

/** The key of the one article-not-found page of a language in memory. */
const articleNotFoundKey = (language: Language) => `${languagePrefix(language)}/article-404`;
/** An article address as Fastify routes it to the article page: a slug of at most 100 characters (its limit). */
const PLAIN_ARTICLE_ADDRESS = /^(?:\/(?:hi|kn))?\/articles\/([a-z0-9-]{1,100})$/;

/** A public articles read in a language: "/api/articles?language=kn"; English is the plain address. */
const articlesApi = (path: string, language: Language) =>
  language === "en" ? path : `${path}?language=${language}`;

/** A message of the site's catalogue in a language. */
const say = (language: Language, id: SiteMessageId, values?: Record<string, string>) =>
  translate(siteTranslator(language), id, values);

/**
 * The slugs of the published articles, read from the published list (itself answered from memory) and kept until
 * public content changes: a made-up article address costs no database read.
 */
function publishedSlugs(readSlugs: () => Promise<string[]>, cache: PublicCache) {
  let kept: { generation: number; slugs: Promise<Set<string>>; known?: Set<string> } | undefined;
  const current = () => kept !== undefined && kept.generation === cache.generation && cache.active;
  return {
    async has(slug: string): Promise<boolean> {
      // While the cache is off (its change feed is down), nothing is trusted from memory: every check reads again.
      if (!kept || !current()) {
        const reading: NonNullable<typeof kept> = {
          generation: cache.generation,
          slugs: readSlugs().then((list) => new Set(list)),
        };
        kept = reading;
        reading.slugs.then(
          (slugs) => (reading.known = slugs),
          () => {
            if (kept === reading) kept = undefined;
          },
        );
      }
      return (await kept.slugs).has(slug);
    },
    /** The slugs, when they are known for the content as it is now; else undefined. */
    known(): Set<string> | undefined {
      return current() ? kept?.known : undefined;
    },
  };
}

/**
 * Every page of the browser app. The public ones (home, articles, Contact Us, Terms, Refunds, 404) are rendered on
 * the server with the reads they show and kept in memory; the admin, payment result and video room pages are
 * rendered in the browser. Also the sitemap and robots.txt.
 */
export const pageRoutes: FastifyPluginAsyncZod<PageRouteOptions> = async (app, options) => {
  const { config, cache } = options;
  const profiles = options.profile;
  // The photo is read in-process from its own route, as a browser would fetch it.
  const cards = previewCards(
    config.dataDir,
    () => profiles.current(),
    async (url) => {
      const answer = await app.inject({ method: "GET", url });
      return answer.statusCode === 200 ? answer.rawPayload : undefined;
    },
  );
  const absolute = (path: string) => publicUrl(config, path) ?? path;
  /**
   * A page's reads are the public API's own answers, asked in-process (from memory when they are there), so the
   * data a page carries is exactly what the browser would otherwise fetch. Null for a 404.
   */
  const read = async <T>(url: string): Promise<T | null> => {
    const response = await app.inject({ method: "GET", url });
    if (response.statusCode === 404) return null;
    if (response.statusCode !== 200) throw new Error(`GET ${url} answered ${response.statusCode}`);
    return response.json<T>();
  };
  const publicConfig = async () => {
    const answer = await read<PublicConfig>("/api/config");
    if (!answer) throw new Error("GET /api/config answered 404");
    return answer;
  };
  /** The published articles, each in `language` where the doctor has translated it. */
  const publishedArticles = async (language: Language = "en") =>
    (await read<{ articles: Article[] }>(articlesApi("/api/articles", language)))?.articles ?? [];
  const facts = async (language: Language): Promise<SiteFacts> => ({
    // The doctor's words in the page's language where she has translated them (the search result's title).
    profile: profileOnPage(profiles.current(), language),
    config: await publicConfig(),
    baseUrl: config.publicBaseUrl,
    language,
  });
  const withConfig = async (reads: PageReads = {}): Promise<PageReads> => ({
    ...reads,
    config: await publicConfig(),
  });
  const titled = (title: string) => `${title} | ${profiles.current().doctor.name}`;
  const notFoundHead = (language: Language) => ({
    title: say(language, "notFound.title"),
    description: say(language, "notFound.description"),
    noindex: true,
    url: undefined,
  });
  /**
   * The page's address in each language, for its hreflang alternates (English is also the x-default). Only with
   * PUBLIC_BASE_URL: search engines take only absolute addresses there.
   */
  const alternatesOf = (path: string, languages: readonly Language[] = LANGUAGES) => {
    if (!config.publicBaseUrl) return undefined;
    const inEach = languages.map((language) => ({
      hreflang: LANGUAGE_LOCALES[language].split("-")[0] ?? language,
      url: absolute(pathInLanguage(path, language)),
    }));
    return [...inEach, { hreflang: "x-default", url: absolute(pathInLanguage(path, "en")) }];
  };

  const published = publishedSlugs(
    async () => (await publishedArticles()).map((article) => article.slug),
    cache,
  );
  // A plain article address no published article has is answered with the kept not-found page (of its language)
  // before Fastify routes it, like any page in memory; other spellings (encoded, with a query) go through the route.
  cache.shareEntries((url) => {
    const slug = PLAIN_ARTICLE_ADDRESS.exec(url)?.[1];
    const known = published.known();
    if (!slug || !known || !ARTICLE_SLUG.test(slug) || known.has(slug)) return undefined;
    return articleNotFoundKey(languageOfPath(url));
  });

  // The policy pages speak the legal chunk: its words travel in their page data only (in every page's, they would add
  // 15 KB to each English page and over 30 KB to each Hindi or Kannada one).
  const infoPages = [
    {
      path: "/contact-us",
      title: "page.contactUs.title",
      description: "page.contactUs.description",
      type: "ContactPage",
      pageModule: "pages/contact-us.tsx",
    },
    {
      path: "/terms-conditions",
      title: "page.terms.title",
      description: "page.terms.description",
      type: "WebPage",
      pageModule: "pages/terms.tsx",
      chunks: ["legal"],
    },
    {
      path: "/privacy",
      title: "page.privacy.title",
      description: "page.privacy.description",
      type: "WebPage",
      pageModule: "pages/privacy.tsx",
      chunks: ["legal"],
    },
    {
      path: "/refunds-cancellations",
      title: "page.refunds.title",
      description: "page.refunds.description",
      type: "WebPage",
      pageModule: "pages/refunds.tsx",
      chunks: ["legal"],
    },
  ] as const;

  // Every public page in each language: English at its own address, Hindi and Kannada under /hi/ and /kn/.
  for (const language of LANGUAGES) {
    const prefix = languagePrefix(language);
    const home = `${prefix}/`;

    app.get(home, async (request, reply) =>
      reply.sendPage(
        pageWithContactForm(home, request.query, async () => ({
          head: {
            structuredData: homePageData(await facts(language)),
            alternates: alternatesOf("/"),
            ...cards.imageFor("home", profiles.current().seo.title, absolute),
          },
          reads: await withConfig({ articles: await publishedArticles(language) }),
        })),
      ),
    );
    // "/hi" is the Hindi home page's address without its slash: one address per page (its query kept).
    if (prefix)
      app.get(prefix, async (request, reply) => {
        const query = request.url.indexOf("?");
        return reply.redirect(query < 0 ? home : `${home}${request.url.slice(query)}`, 301);
      });

    /**
     * The one page for every article address no published article has, kept once in memory whatever the address:
     * rendered for a slug no article can have, it names none, and the browser takes it as the answer for its own.
     */
    const articleNotFound = async (): Promise<LoadedPage> => ({
      status: 404,
      head: notFoundHead(language),
      reads: await withConfig({ article: { slug: NO_ARTICLE_SLUG, article: null } }),
      pageModule: "pages/article.tsx",
    });
    const articleNotFoundPage: PageRequest = {
      cacheKey: articleNotFoundKey(language),
      url: `${prefix}/articles/${NO_ARTICLE_SLUG}`,
      render: true,
      load: articleNotFound,
    };

    app.get(`${prefix}/articles/:slug`, { schema: { params: slugParams } }, async (request, reply) => {
      const { slug } = request.params;
      if (!ARTICLE_SLUG.test(slug) || !(await published.has(slug)))
        return reply.sendPage(articleNotFoundPage);
      const path = `${prefix}/articles/${slug}`;
      return reply.sendPage({
        cacheKey: path,
        url: path,
        render: true,
        load: async (): Promise<LoadedPage> => {
          const found = await read<{ article: Article }>(
            articlesApi(`/api/articles/${encodeURIComponent(slug)}`, language),
          );
          const article = found?.article ?? null;
          // Unpublished since the check: kept at most until the change that unpublished it empties the cache.
          if (!article) return articleNotFound();
          const reads = await withConfig({ article: { slug, article } });
          // A page in a language the doctor has not translated the article into is her English article in another
          // frame, not a translation: search engines are sent to the English one, and it has no alternates.
          const translated = article.language === language;
          return {
            head: {
              title: article.title,
              description: article.excerpt,
              type: "article",
              ...cards.imageFor(`article-${slug}`, article.title, absolute),
              structuredData: articlePageData(await facts(language), article),
              url: publicUrl(config, translated ? path : `/articles/${slug}`),
              ...(translated && article.languages.length > 1
                ? { alternates: alternatesOf(`/articles/${slug}`, article.languages) }
                : {}),
            },
            reads,
            pageModule: "pages/article.tsx",
          };
        },
      });
    });

    for (const page of infoPages) {
      const path = `${prefix}${page.path}`;
      app.get(path, async (request, reply) =>
        reply.sendPage(
          // Worded when the page is made: the doctor's name is the profile's now, not at start.
          pageWithContactForm(path, request.query, async () => {
            const title = say(language, page.title);
            const description = say(language, page.description, { doctor: profiles.current().doctor.name });
            return {
              head: {
                title: titled(title),
                description,
                structuredData: infoPageData(await facts(language), {
                  type: page.type,
                  name: title,
                  path: page.path,
                  description,
                }),
                alternates: alternatesOf(page.path),
                ...cards.imageFor(page.path.slice(1), say("en", page.title), absolute),
              },
              reads: await withConfig(),
              pageModule: page.pageModule,
              ...("chunks" in page ? { chunks: [...page.chunks] } : {}),
            };
          }),
        ),
      );
    }
  }

  /** The link-preview card of a page; its address carries the card's version, so it may be kept for good. */
  app.get("/preview/:file", { schema: { params: previewParams } }, async (request, reply) => {
    const [, name = "", version = ""] = PREVIEW_FILE_PATTERN.exec(request.params.file) ?? [];
    const title = await previewTitle(name);
    // Only the current card's address is answered: it is cached for good, so an old or made-up version must not be.
    if (!title || cards.versionFor(title) !== version)
      throw new HttpError(404, "No preview card of that name");
    return reply
      .type("image/png")
      .header("cache-control", "public, max-age=31536000, immutable")
      .send(await cards.png(title));
  });

  /** The title a preview card shows for a page name, or null for a name that is no page. */
  async function previewTitle(name: string): Promise<string | null> {
    if (name === "home") return profiles.current().seo.title;
    const info = infoPages.find((page) => page.path.slice(1) === name);
    if (info) return say("en", info.title);
    const slug = name.startsWith("article-") ? name.slice("article-".length) : "";
    if (!ARTICLE_SLUG.test(slug)) return null;
    const found = await read<{ article: Article }>(`/api/articles/${encodeURIComponent(slug)}`);
    return found?.article.title ?? null;
  }

  // Pages for one person (the doctor, a patient after paying, a video call): rendered in the browser, not indexed.
  // The payment result and the video room are in the booking's language: a Kannada booking's payment returns to
  // /kn/payment/callback, and its messages link to /kn/video-consultation/{room}.
  const inEachLanguage = (path: string) => LANGUAGES.map((language) => `${languagePrefix(language)}${path}`);
  const bookingPages = [
    ...inEachLanguage("/payment/callback"),
    ...inEachLanguage("/video-consultation/:roomId"),
  ];
  for (const path of [...Object.keys(ADMIN_PAGES), ...bookingPages]) {
    const language = languageOfPath(path);
    app.get(path, async (request, reply) => {
      // "/kn/video-consultation/" names no room: the 404 page, as any address that is no page.
      if (path.endsWith("/:roomId") && !(request.params as { roomId?: string }).roomId)
        return reply.callNotFound();
      return reply.sendPage({
        cacheKey: path,
        // A booking's page is kept for its route: it is made for the route's address (its language), whatever
        // spelling of it was asked for ("/%6Bn/payment/callback" is the Kannada page, made in Kannada).
        ...(bookingPages.includes(path) ? { url: path } : {}),
        render: false,
        placeholder: path.startsWith("/admin")
          ? CONSOLE_PLACEHOLDER
          : loadingPlaceholder(say(language, "page.loading")),
        load: async () => ({
          head: { ...bookingPageTitle(path, language), noindex: true, url: undefined },
          reads: await withConfig(),
        }),
      });
    });
  }

  /**
   * The video room's own title in its language ("ವೀಡಿಯೊ ಸಮಾಲೋಚನೆ | Dr. …"), which a link's preview in a message
   * shows; the other pages keep the site's.
   */
  function bookingPageTitle(path: string, language: Language): { title?: string } {
    if (!path.endsWith("/video-consultation/:roomId")) return {};
    return { title: titled(pageTranslator(language, ["room"])._("room.title" satisfies RoomMessageId)) };
  }

  /**
   * The parent's manage page, rendered on the server with their booking so that it shows at once on a slow phone.
   * Its reads are the manage API's own answers, asked in-process from the parent's address (so they count against
   * the same limits as the browser's would); the page is personal, never kept and never cached.
   */
  for (const language of LANGUAGES) registerManagePage(language);

  function registerManagePage(language: Language) {
    const prefix = languagePrefix(language);
    const title = titled(pageTranslator(language, ["visit"])._("manage.title" satisfies VisitMessageId));
    app.get(
      `${prefix}/appointments/manage/:token`,
      { schema: { params: tokenParams } },
      async (request, reply) => {
        const { token } = request.params;
        const api = `/api/manage/${encodeURIComponent(token)}`;
        const answerTo = (url: string) => app.inject({ method: "GET", url, remoteAddress: request.ip });
        const asVisitor = async <T>(url: string): Promise<T | null> => {
          const response = await answerTo(url);
          return response.statusCode === 200 ? response.json<T>() : null;
        };
        return reply.sendPage({
          personal: true,
          url: `${prefix}/appointments/manage/${token}`,
          render: true,
          load: async (): Promise<LoadedPage> => {
            const answer = await answerTo(api);
            const view = answer.statusCode === 200 ? answer.json<ManageView>() : null;
            const head = { title, noindex: true, url: undefined };
            // No booking: the browser asks the API itself and shows its message. A link that opens nothing is a 404 (a
            // limit or a failure is not: the page is what the parent reloads).
            if (!view)
              return {
                ...(answer.statusCode === 404 || answer.statusCode === 400 ? { status: 404 } : {}),
                head,
                reads: await withConfig(),
                pageModule: MANAGE_PAGE_MODULES,
                chunks: ["visit"],
              };
            const [uploads, prescriptions, dataRights] = await Promise.all([
              asVisitor<ParentReportUploads>(`${api}/uploads`),
              asVisitor<ParentPrescriptions>(`${api}/prescriptions`),
              asVisitor<DataRightsView>(`${api}/data-rights`),
            ]);
            return {
              head,
              reads: await withConfig({ manage: { token, view, uploads, prescriptions, dataRights } }),
              pageModule: MANAGE_PAGE_MODULES,
              chunks: ["visit"],
            };
          },
        });
      },
    );
  }

  // One 404 page for every unknown address of a language ("/kn/..." is Kannada's): rendered for a path no route
  // has, so it is the same page for all.
  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      (request.method === "GET" || request.method === "HEAD") &&
      !request.url.startsWith("/api/") &&
      request.url !== "/api";
    if (!wantsPage) return sendApiNotFound(request, reply);
    const language = languageOfPath(request.url);
    const prefix = languagePrefix(language);
    return reply.sendPage({
      cacheKey: `${prefix}/404`,
      url: `${prefix}/404`,
      render: true,
      load: async () => ({ status: 404, head: notFoundHead(language), reads: await withConfig() }),
    });
  });

  app.get("/sitemap.xml", async (_request, reply) => {
    if (!config.publicBaseUrl)
      return reply.status(404).type("text/plain; charset=utf-8").send("The sitemap needs PUBLIC_BASE_URL.\n");
    // The articles as each language's pages show them: a translation has its own last change.
    const publishedIn = new Map(
      await Promise.all(
        LANGUAGES.map(async (language) => [language, await publishedArticles(language)] as const),
      ),
    );
    const published = publishedIn.get("en") ?? [];
    const lastChange = (articles: readonly Article[]) =>
      articles.reduce<string | undefined>(
        (latest, article) => (!latest || article.updatedAt > latest ? article.updatedAt : latest),
        undefined,
      );
    const articleIn = (slug: string, language: Language) =>
      publishedIn.get(language)?.find((article) => article.slug === slug);
    // Each page in each language, listing its addresses in the others (Google's hreflang in sitemaps).
    const entries = (
      path: string,
      lastmodIn: (language: Language) => string | undefined = () => undefined,
      languages: readonly Language[] = LANGUAGES,
    ) => {
      const links = (languages.length > 1 ? (alternatesOf(path, languages) ?? []) : [])
        .map(
          (alternate) =>
            `<xhtml:link rel="alternate" hreflang="${alternate.hreflang}" href="${escapeXml(alternate.url)}"/>`,
        )
        .join("");
      return languages.map((language) => {
        const loc = escapeXml(absolute(pathInLanguage(path, language)));
        const lastmod = lastmodIn(language);
        return `  <url><loc>${loc}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}${links}</url>`;
      });
    };
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
      ...entries("/", (language) => lastChange(publishedIn.get(language) ?? [])),
      ...infoPages.flatMap((page) => entries(page.path)),
      // Each article at its address in each language the doctor has written it in (see the article route).
      ...published.flatMap((article) =>
        entries(
          `/articles/${article.slug}`,
          (language) => articleIn(article.slug, language)?.updatedAt,
          article.languages,
        ),
      ),
      "</urlset>",
      "",
    ].join("\n");
    return reply.type("application/xml; charset=utf-8").send(body);
  });

  const robots = [
    "User-agent: *",
    "Disallow: /admin",
    "Disallow: /api/",
    "Disallow: /payment/",
    "Disallow: /hi/payment/",
    "Disallow: /kn/payment/",
    ...LANGUAGES.flatMap((language) => [
      `Disallow: ${languagePrefix(language)}/video-consultation/`,
      `Disallow: ${languagePrefix(language)}/appointments/`,
    ]),
    ...(config.publicBaseUrl ? ["", `Sitemap: ${publicUrl(config, "/sitemap.xml")}`] : []),
    "",
  ].join("\n");
  app.get("/robots.txt", async (_request, reply) =>
    reply.type("text/plain; charset=utf-8").header("cache-control", "public, max-age=3600").send(robots),
  );
};

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}
