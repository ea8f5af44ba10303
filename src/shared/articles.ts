import { z } from "zod";

/** An article as the public API and the admin API answer it. */
export interface Article {
  id: string;
  slug: string;
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
  updatedAt: string;
}

const httpUrl = z
  .string()
  .trim()
  .max(2000, "Image URL must be at most 2000 characters")
  .refine(isImageAddress, "Image URL must start with http://, https:// or / (an image on this site)");

/** An http(s) address, or a path on this site such as the sample articles' "/images/articles/...". */
function isImageAddress(value: string): boolean {
  if (value.startsWith("/") && !value.startsWith("//") && !value.includes("\\")) return true;
  try {
    const { protocol } = new URL(value);
    return protocol === "http:" || protocol === "https:";
  } catch {
    return false;
  }
}

/** Create and update payload of the admin article form. */
export const articleInputSchema = z.object({
  title: z.string().trim().min(1, "Title is required").max(200, "Title must be at most 200 characters"),
  excerpt: z.string().trim().min(1, "Excerpt is required").max(500, "Excerpt must be at most 500 characters"),
  content: z
    .string()
    .trim()
    .min(1, "Content is required")
    .max(100_000, "Content must be at most 100,000 characters"),
  imageUrl: z.union([z.literal(""), httpUrl]).nullish(),
  published: z.boolean().default(true),
});

export type ArticleInput = z.input<typeof articleInputSchema>;
