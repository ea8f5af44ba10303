import { createHash } from "node:crypto";
import sharp, { type Metadata } from "sharp";

/** The photo's frame on the pages: 4:3, shown 480 px wide (960 for sharp screens). */
export const PHOTO_SIZES = [480, 960] as const;
export const PHOTO_ASPECT = { width: 4, height: 3 } as const;
export const MAX_PHOTO_BYTES = 8 * 1024 * 1024;
const MIN_PHOTO_WIDTH = 480;
/** A decompression bomb (a small file of huge dimensions) is refused before it is decoded. */
const MAX_PHOTO_PIXELS = 40_000_000;
const PROCESSING_SECONDS = 20;

export interface PhotoFile {
  name: string;
  contentType: string;
  bytes: Buffer;
}

export class PhotoProblem extends Error {}

/** The name of one size and format of the photo of this version: `photo-<version>-480.avif`, `photo-<version>.jpg`. */
export function photoFileName(
  version: string,
  size?: number,
  format: "avif" | "webp" | "jpg" = "jpg",
): string {
  return size === undefined ? `photo-${version}.${format}` : `photo-${version}-${size}.${format}`;
}

/**
 * The doctor's photo in the sizes and formats the pages need: AVIF and WebP at 480 and 960 px wide for the hero and
 * the about section, and a 960 px JPEG for link previews and search engines. Cropped to 4:3 around what the picture
 * is of, turned upright by its EXIF orientation, without its metadata (a phone's photo carries where it was taken).
 */
export async function photoFiles(input: Buffer): Promise<{ version: string; files: PhotoFile[] }> {
  const source = sharp(input, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: "error" });
  let metadata: Metadata;
  try {
    // The header alone, without the pixel limit, so that a photo too large is told so rather than "not an image".
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new PhotoProblem("The photo must be a JPEG, PNG or WebP image");
  }
  if (!["jpeg", "png", "webp"].includes(metadata.format ?? ""))
    throw new PhotoProblem("The photo must be a JPEG, PNG or WebP image");
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_PHOTO_PIXELS)
    throw new PhotoProblem("The photo has too many pixels: at most 40 megapixels");
  const upright = (metadata.orientation ?? 1) >= 5 ? metadata.height : metadata.width;
  if ((upright ?? 0) < MIN_PHOTO_WIDTH)
    throw new PhotoProblem(`The photo must be at least ${MIN_PHOTO_WIDTH} pixels wide`);
  const version = createHash("sha256").update(input).digest("hex").slice(0, 12);
  const framed = (width: number) =>
    source
      .clone()
      .rotate()
      .resize(width, (width / PHOTO_ASPECT.width) * PHOTO_ASPECT.height, {
        fit: "cover",
        position: sharp.strategy.attention,
      })
      .timeout({ seconds: PROCESSING_SECONDS });
  try {
    const files: PhotoFile[] = [];
    for (const size of PHOTO_SIZES) {
      files.push({
        name: photoFileName(version, size, "avif"),
        contentType: "image/avif",
        bytes: await framed(size).avif({ quality: 50 }).toBuffer(),
      });
      files.push({
        name: photoFileName(version, size, "webp"),
        contentType: "image/webp",
        bytes: await framed(size).webp({ quality: 75 }).toBuffer(),
      });
    }
    files.push({
      name: photoFileName(version),
      contentType: "image/jpeg",
      bytes: await framed(960).jpeg({ quality: 80, mozjpeg: true }).toBuffer(),
    });
    return { version, files };
  } catch {
    throw new PhotoProblem("The photo could not be read: it may be damaged. Try another file");
  }
}
