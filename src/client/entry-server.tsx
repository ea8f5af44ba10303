import type { PageRenderInput, RenderedApp } from "@shared/page-data";
import { dehydrate, type DehydratedState } from "@tanstack/react-query";
import { type ReactNode, StrictMode } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { Writable } from "node:stream";
import { Router } from "wouter";
import { I18nProvider } from "@lingui/react";
import { languagePrefix } from "@shared/i18n/languages";
import { pageMessages, pageTranslator } from "@shared/i18n/chunk-messages";
import { App } from "./app";
import { publishedArticlesQuery, articleQuery } from "./features/articles/api";
import { dataRightsQuery, manageQuery } from "./features/manage/api";
import { parentPrescriptionsQuery } from "./features/manage/prescriptions-api";
import { reportUploadsQuery } from "./features/manage/uploads-api";
import { publicConfigQuery } from "./lib/public-config";
import { createQueryClient } from "./lib/query-client";
import { provideSiteProfile } from "./lib/site-profile";

/** How long a render may take before it is abandoned (a component that never resolves must not hold a request). */
const RENDER_TIMEOUT_MS = 5_000;

/** When this server began rendering: the time stamp of every read in the page data. */
const stampedAt = Date.now();

/**
 * The page data carries its reads with the time stamps of the server's start, not of the render. A page rendered
 * again with the same content (kept pages, the 404 pages too, are renewed every 10 minutes and after a change of
 * public content) is then the same bytes and keeps its ETag, so a returning visitor gets a 304. The browser never
 * fetches these reads again (their staleTime is Infinity), so the stamps decide nothing there.
 */
function withStableStamps(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) => ({
      ...query,
      dehydratedAt: stampedAt,
      state: { ...query.state, dataUpdatedAt: stampedAt },
    })),
  };
}

/**
 * The server's entry of the browser app: renders a public page to HTML with the reads the server already made, and
 * answers the page data the browser hydrates from. It waits for the whole page (lazy page chunks included) before it
 * answers, because the server keeps the finished page in memory and every read is in hand before the render starts.
 */
export async function render(input: PageRenderInput): Promise<RenderedApp> {
  provideSiteProfile(input.profile, input.clinicTimeZone, input.sampleProfile);
  const queryClient = createQueryClient();
  const { reads } = input;
  if (reads.articles)
    queryClient.setQueryData(publishedArticlesQuery().queryKey, { articles: reads.articles });
  if (reads.article)
    queryClient.setQueryData(articleQuery(reads.article.slug).queryKey, { article: reads.article.article });
  if (reads.config) queryClient.setQueryData(publicConfigQuery().queryKey, reads.config);
  if (reads.manage) {
    const { token, view, uploads, prescriptions, dataRights } = reads.manage;
    queryClient.setQueryData(manageQuery(token).queryKey, view);
    if (uploads)
      queryClient.setQueryData(reportUploadsQuery(token, view.appointment.status).queryKey, uploads);
    if (prescriptions) queryClient.setQueryData(parentPrescriptionsQuery(token).queryKey, prescriptions);
    if (dataRights) queryClient.setQueryData(dataRightsQuery(token).queryKey, dataRights);
  }
  const queries = withStableStamps(dehydrate(queryClient));
  const data = {
    language: input.language,
    messages: pageMessages(input.language, input.chunks),
    ...(input.chunks?.length ? { chunks: input.chunks } : {}),
    profile: input.profile,
    ...(input.sampleProfile ? { sampleProfile: true as const } : {}),
    clinicTimeZone: input.clinicTimeZone,
    queries,
    ...(reads.article && !reads.article.article ? { articleNotFound: true } : {}),
  };
  if (!input.html) return { html: "", data: { ...data, rendered: false } };

  const [path = "/", search = ""] = input.url.split("?");
  // Each render has its own translator in context: pages of the three languages may render at the same time.
  const page = (
    <StrictMode>
      <I18nProvider i18n={pageTranslator(input.language, input.chunks)}>
        <Router ssrPath={path} ssrSearch={search} base={languagePrefix(input.language)}>
          <App queryClient={queryClient} queries={queries} />
        </Router>
      </I18nProvider>
    </StrictMode>
  );
  const html = await renderToHtml(page);
  queryClient.clear();
  return { html, data: { ...data, rendered: true } };
}

function renderToHtml(element: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, callback) {
        chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
        callback();
      },
      final(callback) {
        resolve(Buffer.concat(chunks).toString("utf8"));
        callback();
      },
    });
    let failed = false;
    const timer = setTimeout(() => {
      if (!failed) stream.abort(new Error(`The page did not render within ${RENDER_TIMEOUT_MS} ms`));
    }, RENDER_TIMEOUT_MS);
    const stream = renderToPipeableStream(element, {
      // Past this many bytes React would send later Suspense boundaries as a fallback plus an inline script that
      // swaps the content in, to show the top sooner. The whole page is sent at once here, so it is plain HTML: no
      // script, no nonce, nothing to wait for.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        clearTimeout(timer);
        if (!failed) stream.pipe(sink);
      },
      onShellError(error) {
        clearTimeout(timer);
        failed = true;
        reject(error instanceof Error ? error : new Error(String(error)));
      },
      onError(error) {
        failed = true;
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    });
  });
}
