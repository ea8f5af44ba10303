import type { PageRead, PageReads, PageRenderInput, RenderedApp } from "@shared/page-data";
import { type ReactNode, StrictMode } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { Writable } from "node:stream";
import { Router } from "wouter";
import { I18nProvider } from "@lingui/react";
import { languagePrefix } from "@shared/i18n/languages";
import { pageMessages, pageTranslator } from "@shared/i18n/chunk-messages";
import { App } from "./app";
import { articleRead, publishedArticlesRead } from "./features/articles/api";
import { dataRightsQuery, manageQuery } from "./features/manage/api";
import { parentPrescriptionsQuery } from "./features/manage/prescriptions-api";
import { reportUploadsQuery } from "./features/manage/uploads-api";
import { ReadStore } from "./lib/page-reads";
import { publicConfigRead } from "./lib/public-config-read";
import { provideSiteProfile } from "./lib/site-profile";

/** How long a render may take before it is abandoned (a component that never resolves must not hold a request). */
const RENDER_TIMEOUT_MS = 5_000;

/**
 * The server's reads under the keys the browser app asks for them by: the public pages find theirs in the app's own
 * store, the manage page its booking in TanStack Query's cache (lib/query-provider.tsx fills it from the same list).
 */
function keyedReads(reads: PageReads): PageRead[] {
  const keyed: PageRead[] = [];
  const add = (key: readonly unknown[], data: unknown) => keyed.push({ key, data });
  if (reads.articles) add(publishedArticlesRead().key, { articles: reads.articles });
  if (reads.article) add(articleRead(reads.article.slug).key, { article: reads.article.article });
  if (reads.config) add(publicConfigRead.key, reads.config);
  if (reads.manage) {
    const { token, view, uploads, prescriptions, dataRights } = reads.manage;
    add(manageQuery(token).queryKey, view);
    if (uploads) add(reportUploadsQuery(token, view.appointment.status).queryKey, uploads);
    if (prescriptions) add(parentPrescriptionsQuery(token).queryKey, prescriptions);
    if (dataRights) add(dataRightsQuery(token).queryKey, dataRights);
  }
  return keyed;
}

/**
 * The server's entry of the browser app: renders a public page to HTML with the reads the server already made, and
 * answers the page data the browser hydrates from. It waits for the whole page (lazy page chunks included) before it
 * answers, because the server keeps the finished page in memory and every read is in hand before the render starts.
 * The page data holds the reads as they are, with no time stamp: a page rendered again with the same content (kept
 * pages are renewed every 10 minutes and after a change of public content) is the same bytes and keeps its ETag.
 */
export async function render(input: PageRenderInput): Promise<RenderedApp> {
  provideSiteProfile(input.profile, input.clinicTimeZone, input.sampleProfile);
  const reads = keyedReads(input.reads);
  const data = {
    language: input.language,
    messages: pageMessages(input.language, input.chunks),
    ...(input.chunks?.length ? { chunks: input.chunks } : {}),
    profile: input.profile,
    ...(input.sampleProfile ? { sampleProfile: true as const } : {}),
    clinicTimeZone: input.clinicTimeZone,
    reads,
    ...(input.reads.article && !input.reads.article.article ? { articleNotFound: true } : {}),
  };
  if (!input.html) return { html: "", data: { ...data, rendered: false } };

  const [path = "/", search = ""] = input.url.split("?");
  // Each render has its own translator and reads in context: pages of the three languages may render at the same time.
  const page = (
    <StrictMode>
      <I18nProvider i18n={pageTranslator(input.language, input.chunks)}>
        <Router ssrPath={path} ssrSearch={search} base={languagePrefix(input.language)}>
          <App reads={new ReadStore(reads)} />
        </Router>
      </I18nProvider>
    </StrictMode>
  );
  const html = await renderToHtml(page);
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
