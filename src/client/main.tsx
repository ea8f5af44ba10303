import { PAGE_DATA_ELEMENT_ID, type PageData } from "@shared/page-data";
import { setNonce } from "get-nonce";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import type { Messages } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { Router } from "wouter";
import { languagePrefix } from "@shared/i18n/languages";
import { translatorFor } from "@shared/i18n/messages";
import { App } from "./app";
import { noteArticleNotFoundAt } from "./features/articles/api";
import { keepEarlyTap } from "./lib/early-tap";
import { noteChunksInPage } from "./lib/message-chunks";
import { ReadStore } from "./lib/page-reads";
import { provideSiteProfile } from "./lib/site-profile";
import { preferZodWithoutEval } from "./lib/zod-without-eval";
import "./styles.css";

/** The page data the server wrote into the page: profile, clinic zone and the reads the page shows. */
function readPageData(): PageData {
  const element = document.getElementById(PAGE_DATA_ELEMENT_ID);
  if (!element?.textContent)
    throw new Error("The page has no page data; it must be served by the app server.");
  return JSON.parse(element.textContent) as PageData;
}

// The page's CSP nonce: style elements that libraries add (the dialogs' scroll lock) carry it.
const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce;
if (nonce) setNonce(nonce);
preferZodWithoutEval();

const data = readPageData();
provideSiteProfile(data.profile, data.clinicTimeZone, data.sampleProfile === true);
if (data.articleNotFound) noteArticleNotFoundAt(window.location.pathname);
noteChunksInPage(data.chunks);
// The reads the page was rendered with: the app hydrates from the same ones.
const reads = new ReadStore(data.reads);
const root = document.getElementById("root");
if (!root) throw new Error("The page has no #root element");
// A tap made before the app ran is replayed by the page's shell once it has hydrated (lib/early-tap.ts).
keepEarlyTap();

// The page's language is its address's, for as long as the page is open: another language is another page.
const translator = translatorFor(data.language, data.messages as Messages);
const app = (
  <StrictMode>
    <I18nProvider i18n={translator}>
      <Router base={languagePrefix(data.language)}>
        <App reads={reads} />
      </Router>
    </I18nProvider>
  </StrictMode>
);
// Hydration starts at once, so a click that comes before it finishes is replayed, not lost. As a transition it is
// done in slices of a few milliseconds that yield to the browser between them, instead of one task that a slow
// phone would feel (a click on a part not yet hydrated makes React hydrate that part at once); the page's sections
// below the first screen hydrate after the rest (see pages/home.tsx).
if (data.rendered)
  startTransition(() => {
    hydrateRoot(root, app);
  });
else createRoot(root).render(app);
