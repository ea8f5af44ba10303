import { z } from "zod";
import type { Language } from "./i18n/languages";

/** The languages an article may be translated into, beside its English. */
export const TRANSLATION_LANGUAGES = ["hi", "kn"] as const;
export type TranslationLanguage = (typeof TRANSLATION_LANGUAGES)[number];

/** A translation as the doctor wrote it, in the admin API. */
export interface ArticleTranslationView {
  title: string;
  excerpt: string;
  content: string;
  updatedAt: string;
}

/**
 * An article as the public API and the admin API answer it. The public API answers it in the language asked for when
 * the doctor has translated it (`language` says which), else in English.
 */
export interface Article {
  id: string;
  slug: string;
  /** The language of the title, excerpt and content below. */
  language: Language;
  /** The languages the article can be read in: English, and each translation ("en", "kn"). */
  languages: Language[];
  title: string;
  excerpt: string;
  /** Markdown as the doctor wrote it. */
  content: string;
  /** The Markdown rendered to sanitized HTML: safe to put into a page. */
  contentHtml: string;
  imageUrl: string | null;
  published: boolean;
  /** Sample articles created on a fresh install, for the doctor to replace. */
  isSample: boolean;
  createdAt: string;
  /** `createdAt` as a calendar date in the clinic's time zone (YYYY-MM-DD): the date the pages show. */
  createdOn: string;
  updatedAt: string;
}

const httpUrl = z
  .string()
  .trim()
  .max(2000, "Image URL must be at most 2000 characters")
  .refine(isImageAddress, "Image URL must start with http://, https:// or / (an image on this site)");

/** An http(s) address, or a path on this site such as the sample articles' "/images/articles/...". */
export function isImageAddress(value: string): boolean {
  if (value.startsWith("/") && !value.startsWith("//") && !value.includes("\\")) return true;
  try {
    const { protocol } = new URL(value);
    return protocol === "http:" || protocol === "https:";
  } catch {
    return false;
  }
}

/**
 * The longest article content, in characters (the form counts towards it). A long health article is a tenth of it;
 * ordinary Markdown of this length renders in under a tenth of a second. What stops pathological input is the
 * renderer's time limit on the server, not this cap.
 */
export const ARTICLE_CONTENT_MAX_LENGTH = 100_000;
const maxLength = new Intl.NumberFormat("en-US").format(ARTICLE_CONTENT_MAX_LENGTH);
export const ARTICLE_CONTENT_TOO_LONG = `Content must be at most ${maxLength} characters`;

/**
 * Why content was refused with 422: the server could not render it (too slow, or nested too deeply for the
 * renderer). The article form shows these under the content field.
 */
export const CONTENT_NOT_RENDERED = {
  tooComplex:
    "This content could not be rendered: it is too complex. Please simplify the formatting and try again.",
  tooDeep:
    "This content could not be rendered: it is nested too deeply (for example, many > quote markers or list " +
    "indents in a row). Please simplify the formatting and try again.",
  failed: "This content could not be rendered. Please simplify the formatting and try again.",
} as const;

export function isContentNotRenderedMessage(message: string | null): message is string {
  return message !== null && Object.values<string>(CONTENT_NOT_RENDERED).includes(message);
}

/** Create and update payload of the admin article form. */
export const articleInputSchema = z.object({
  title: z.string().trim().min(1, "Title is required").max(200, "Title must be at most 200 characters"),
  excerpt: z.string().trim().min(1, "Excerpt is required").max(500, "Excerpt must be at most 500 characters"),
  content: z
    .string()
    .trim()
    .min(1, "Content is required")
    .max(ARTICLE_CONTENT_MAX_LENGTH, ARTICLE_CONTENT_TOO_LONG),
  imageUrl: z.union([z.literal(""), httpUrl]).nullish(),
  published: z.boolean().default(true),
});

export type ArticleInput = z.input<typeof articleInputSchema>;

/** An article in the admin API: with the doctor's translations, each by its language. */
export interface AdminArticle extends Article {
  translations: Partial<Record<TranslationLanguage, ArticleTranslationView>>;
}

/** Save payload of a translation: its own title, excerpt and Markdown, checked as the English ones are. */
export const articleTranslationSchema = articleInputSchema.pick({
  title: true,
  excerpt: true,
  content: true,
});
export type ArticleTranslationInput = z.input<typeof articleTranslationSchema>;
