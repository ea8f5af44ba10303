import { createHash } from "node:crypto";
import type SharpConstructor from "sharp";
import type { Metadata, Sharp, SharpOptions } from "sharp";

/**
 * sharp (libvips) is loaded on the first image the doctor uploads: it adds about 11 MB to the server's memory, and
 * most starts never process an image.
 */
let sharpModule: Promise<{ default: typeof SharpConstructor }> | undefined;
async function sharp(input: Buffer, options: SharpOptions): Promise<Sharp> {
  sharpModule ??= import("sharp");
  return (await sharpModule).default(input, options);
}

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

/** An upload that is not what it must be; its message is the doctor's to read. */
export class ImageProblem extends Error {}

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
/**
 * The header of an upload, read without the pixel limit so that an image too large is told so rather than "not an
 * image"; refused unless it is one of `formats` within the pixel limit.
 */
async function checkedHeader(
  input: Buffer,
  what: string,
  formats: Record<string, string>,
): Promise<Metadata> {
  const wrongFormat = `The ${what} must be a ${Object.values(formats)
    .join(" or ")
    .replace(/ or (?=.* or )/g, ", ")} image`;
  if (input.length === 0) throw new ImageProblem(wrongFormat);
  let metadata: Metadata;
  try {
    metadata = await (await sharp(input, { limitInputPixels: false })).metadata();
  } catch {
    throw new ImageProblem(wrongFormat);
  }
  if (!(metadata.format && metadata.format in formats)) throw new ImageProblem(wrongFormat);
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_PHOTO_PIXELS)
    throw new ImageProblem(`The ${what} has too many pixels: at most 40 megapixels`);
  return metadata;
}

export async function photoFiles(input: Buffer): Promise<{ version: string; files: PhotoFile[] }> {
  const metadata = await checkedHeader(input, "photo", { jpeg: "JPEG", png: "PNG", webp: "WebP" });
  const source = await sharp(input, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: "error" });
  const upright = (metadata.orientation ?? 1) >= 5 ? metadata.height : metadata.width;
  if ((upright ?? 0) < MIN_PHOTO_WIDTH)
    throw new ImageProblem(`The photo must be at least ${MIN_PHOTO_WIDTH} pixels wide`);
  const version = createHash("sha256").update(input).digest("hex").slice(0, 12);
  const framed = (width: number) =>
    source
      .clone()
      .rotate()
      .resize(width, (width / PHOTO_ASPECT.width) * PHOTO_ASPECT.height, {
        fit: "cover",
        position: "attention",
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
    throw new ImageProblem("The photo could not be read: it may be damaged. Try another file");
  }
}

/** The signature's frame on a prescription, with room to spare: a wider or taller one is scaled down to fit. */
const SIGNATURE_BOX = { width: 1200, height: 400 } as const;

/**
 * The signature as prescriptions print it: decoded and drawn again as a PNG on white, at most 1200 by 400 px, with
 * nothing of the file it came from (a phone's photo of it carries where it was taken). A file that does not decode
 * is refused here rather than breaking every prescription made with it; an image of huge dimensions is made small
 * once here rather than decoded by the PDF maker, in JavaScript, for every prescription.
 */
export async function signatureFile(input: Buffer): Promise<PhotoFile> {
  await checkedHeader(input, "signature", { png: "PNG", jpeg: "JPEG" });
  try {
    const bytes = await (
      await sharp(input, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: "error" })
    )
      .rotate()
      .flatten({ background: "#ffffff" })
      .resize(SIGNATURE_BOX.width, SIGNATURE_BOX.height, { fit: "inside", withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .timeout({ seconds: PROCESSING_SECONDS })
      .toBuffer();
    return { name: "signature", contentType: "image/png", bytes };
  } catch {
    throw new ImageProblem("The signature could not be read: it may be damaged. Try another file");
  }
}
