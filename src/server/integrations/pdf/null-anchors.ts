/**
 * fontkit 2.0.4 (pdfkit's shaper) stops with "Cannot read properties of null (reading 'xCoordinate')" when a font's
 * mark positioning has no anchor for a pair of base and mark, which OpenType allows and Noto Sans Malayalam and
 * Gurmukhi have ("കൃഷ്ണ", "ਗੁਰਪ੍ਰੀਤ" would fail to print): foliojs/fontkit#367, not fixed in a release. HarfBuzz reads
 * such a subtable as not applying and tries the next one; this makes fontkit do the same. The change is made on the
 * GPOS processor class of the fontkit copy the font came from (pdfkit's own), once.
 */
interface AnchorRecord {
  markAnchor?: unknown;
}
interface GposProcessor {
  nullAnchor?: boolean;
  applyAnchor: (
    this: GposProcessor,
    markRecord: AnchorRecord | undefined,
    baseAnchor: unknown,
    baseIndex: number,
  ) => void;
  applyLookup: (this: GposProcessor, lookupType: number, table: unknown) => boolean;
}

const patched = new WeakSet<object>();

/** Given a fontkit font (pdfkit's `font.font`), makes its shaper skip null anchors. */
export function skipNullAnchors(fontkitFont: unknown): void {
  const engine = (fontkitFont as { _layoutEngine?: { engine?: { GPOSProcessor?: GposProcessor | null } } })
    ._layoutEngine?.engine;
  const processor = engine?.GPOSProcessor;
  if (!processor) return;
  const prototype = Object.getPrototypeOf(processor) as GposProcessor;
  if (patched.has(prototype)) return;
  patched.add(prototype);
  const { applyAnchor, applyLookup } = prototype;
  prototype.applyAnchor = function (markRecord, baseAnchor, baseIndex) {
    if (!baseAnchor || !markRecord?.markAnchor) {
      this.nullAnchor = true;
      return;
    }
    applyAnchor.call(this, markRecord, baseAnchor, baseIndex);
  };
  prototype.applyLookup = function (lookupType, table) {
    const outer = this.nullAnchor;
    this.nullAnchor = false;
    const applied = applyLookup.call(this, lookupType, table);
    const skipped = this.nullAnchor;
    this.nullAnchor = outer;
    return applied && !skipped;
  };
}
