import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { SiteProfile } from "@shared/site-profile";
import {
  CARD_LAYOUT,
  PREVIEW_HEIGHT,
  PREVIEW_WIDTH,
  type PreviewCard,
  renderPreviewCard,
} from "../../integrations/preview-card/preview-card";

/** The og:image fields of a page's head. */
interface PreviewImage {
  image: string;
  imageWidth: number;
  imageHeight: number;
  imageAlt: string;
}

/** A card's version: its content's hash, in the file name, so a changed title is a new address for previewers. */
function versionOf(card: PreviewCard): string {
  return createHash("sha256")
    .update(JSON.stringify({ layout: CARD_LAYOUT, ...card }))
    .digest("hex")
    .slice(0, 12);
}

export const PREVIEW_FILE_PATTERN = /^([a-z0-9-]{1,140})-([0-9a-f]{12})\.png$/;

/**
 * Link-preview cards, made once per content and kept on disk (DATA_DIR/preview-cards), so a restart does not make
 * them again; a card whose title changed gets a new file and address.
 */
export function previewCards(
  dataDir: string,
  currentProfile: () => SiteProfile,
  /** The JPEG of the doctor's uploaded photo at this address, or undefined when it cannot be read. */
  photoBytes: (url: string) => Promise<Buffer | undefined>,
) {
  const folder = join(dataDir, "preview-cards");
  const making = new Map<string, Promise<Buffer>>();
  const cardFor = (title: string): PreviewCard => {
    const { doctor } = currentProfile();
    const photoVersion = doctor.photo?.version;
    return {
      title,
      doctorName: doctor.name,
      subtitle: doctor.specialty,
      ...(photoVersion ? { photoVersion } : {}),
    };
  };
  /** The photo a card shows: the doctor's uploaded one, as the JPEG the pages also serve. */
  const photoOf = async (card: PreviewCard) => {
    const url = currentProfile().doctor.photoUrl;
    return card.photoVersion && url ? photoBytes(url) : undefined;
  };

  async function fromDiskOrNew(card: PreviewCard): Promise<Buffer> {
    const file = join(folder, `${versionOf(card)}.png`);
    try {
      return await readFile(file);
    } catch {
      const png = await renderPreviewCard(card, await photoOf(card));
      await mkdir(folder, { recursive: true });
      // Written aside and renamed, so a reader never sees half a file.
      const partial = `${file}.${process.pid}.tmp`;
      await writeFile(partial, png);
      await rename(partial, file);
      return png;
    }
  }

  return {
    /** The head fields for a page named `name` (home, contact-us, article-{slug}...) with this title. */
    imageFor(name: string, title: string, address: (path: string) => string): PreviewImage {
      const card = cardFor(title);
      return {
        image: address(`/preview/${name}-${versionOf(card)}.png`),
        imageWidth: PREVIEW_WIDTH,
        imageHeight: PREVIEW_HEIGHT,
        imageAlt: `${title}: ${card.doctorName}, ${card.subtitle}`,
      };
    },
    /** The version in the address of the card with this title. */
    versionFor(title: string): string {
      return versionOf(cardFor(title));
    },
    /** The PNG of the card with this title; concurrent requests share one rendering. */
    async png(title: string): Promise<Buffer> {
      const card = cardFor(title);
      const key = versionOf(card);
      let pending = making.get(key);
      if (!pending) {
        pending = fromDiskOrNew(card).finally(() => making.delete(key));
        making.set(key, pending);
      }
      return pending;
    },
  };
}
