import { eq, like } from "drizzle-orm";
import type { Db } from "../../db/client";
import { siteImages } from "../../db/schema";

/** The name the doctor's uploaded signature is kept under. */
export const SIGNATURE_IMAGE = "signature";

export interface StoredImage {
  name: string;
  contentType: string;
  bytes: Buffer;
}

export async function readSiteImage(db: Db, name: string): Promise<StoredImage | undefined> {
  const rows = await db.select().from(siteImages).where(eq(siteImages.name, name));
  const row = rows[0];
  return row && { name: row.name, contentType: row.contentType, bytes: Buffer.from(row.data, "base64") };
}

/** Replaces every image whose name starts with `prefix` ("photo-") by these. */
export async function replaceSiteImages(
  db: Db,
  prefix: string,
  images: StoredImage[],
  now: Date,
): Promise<void> {
  await db.delete(siteImages).where(like(siteImages.name, `${prefix}%`));
  if (images.length === 0) return;
  await db.insert(siteImages).values(
    images.map((image) => ({
      name: image.name,
      contentType: image.contentType,
      data: image.bytes.toString("base64"),
      updatedAt: now,
    })),
  );
}
