import type { Article } from "./articles";
import type { MessageChunk } from "./i18n/chunks";
import type { Language } from "./i18n/languages";
import type { PublicConfig } from "./booking";
import type { ManageView } from "./manage";
import type { DataRightsView } from "./patients";
import type { ParentPrescriptions } from "./prescription";
import type { SiteProfile } from "./site-profile";
import type { ParentReportUploads } from "./uploads";

/**
 * What the server hands the browser app inside a page: the doctor's profile, the clinic's zone (dates are shown in
 * it on both sides, so the server's and the browser's text agree), and the reads the page shows. The server renders
 * the page from it and writes it into the page; the browser starts from it and asks the API for none of it again.
 */
export interface PageReads {
  /** GET /api/articles */
  articles?: Article[];
  /** GET /api/articles/{slug}; `article` is null when no published article has that slug (the page is a 404). */
  article?: { slug: string; article: Article | null };
  /** GET /api/config */
  config?: PublicConfig;
  /**
   * The parent's own booking behind a manage link, with what its page shows below it. Personal: a page carrying it
   * is never kept by the server and is answered `Cache-Control: private, no-store`.
   */
  manage?: {
    token: string;
    view: ManageView;
    uploads: ParentReportUploads | null;
    prescriptions: ParentPrescriptions | null;
    dataRights: DataRightsView | null;
  };
}

/**
 * One read a page carries: the key the browser app's code names it by (TanStack Query's key in the pages that use
 * Query, the same in the public pages' own store) and the API's answer.
 */
export interface PageRead {
  key: readonly unknown[];
  data: unknown;
}

export interface PageRenderInput {
  /** The path and query the page is rendered for. */
  url: string;
  /** The page's language (its address's prefix). */
  language: Language;
  profile: SiteProfile;
  /** True while the site shows the built-in sample doctor (no profile file, none saved in Settings). */
  sampleProfile: boolean;
  clinicTimeZone: string;
  reads: PageReads;
  /** The message chunks the page speaks at once (its words are written into its data): "legal", "visit", "room". */
  chunks?: MessageChunk[];
  /** False for the pages the browser renders alone (admin, payment result, video room): only the data is made. */
  html: boolean;
}

/** The JSON the page carries in `<script id="page-data" type="application/json">`. */
export interface PageData {
  /** The page's language, and its compiled site catalogue (Lingui's): the browser app speaks it from the start. */
  language: Language;
  messages: Record<string, unknown>;
  /** The message chunks whose words are in `messages` too (the browser does not fetch them again). */
  chunks?: MessageChunk[];
  profile: SiteProfile;
  /** Present (true) while the site shows the built-in sample doctor: the footer says so. */
  sampleProfile?: true;
  clinicTimeZone: string;
  /** The page's reads, each under the key the browser app asks for it by (made by its server entry from `reads`). */
  reads: PageRead[];
  /** True when the server rendered the app's HTML, which the browser then hydrates. */
  rendered: boolean;
  /**
   * True on the article-not-found page. The server keeps one such page for every address no published article has,
   * so its reads name no slug; the browser takes it as the answer for the article at its own address.
   */
  articleNotFound?: boolean;
}

/** What the browser app's server entry answers: the app's HTML and the page data to write beside it. */
export interface RenderedApp {
  html: string;
  data: PageData;
}

export const PAGE_DATA_ELEMENT_ID = "page-data";

/**
 * Written by Vite (`html.cspNonce`) into the built page template on its script, preload and style tags; the server
 * puts each response's nonce in its place.
 */
export const CSP_NONCE_PLACEHOLDER = "__clinic_csp_nonce__";
