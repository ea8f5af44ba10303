import { inflateSync } from "node:zlib";

/**
 * WOFF 1.0 (https://www.w3.org/TR/WOFF/) is an OpenType font whose tables are each compressed with zlib. fontkit,
 * pdfkit's font reader, inflates a WOFF table in JavaScript every time it reads it, and it reads the glyph table
 * again for every glyph a document draws: a prescription spent most of its time there. Unwrapped once into the
 * plain OpenType file (node's zlib, in native code), the font is read directly.
 */
const WOFF_SIGNATURE = 0x774f4646; // "wOFF"
const WOFF_HEADER_SIZE = 44;
const WOFF_ENTRY_SIZE = 20;
const SFNT_HEADER_SIZE = 12;
const SFNT_ENTRY_SIZE = 16;

interface TableEntry {
  tag: number;
  offset: number;
  compressedLength: number;
  length: number;
  checksum: number;
}

const paddedTo4 = (length: number) => (length + 3) & ~3;

function tableEntries(woff: Buffer): TableEntry[] {
  if (woff.length < WOFF_HEADER_SIZE || woff.readUInt32BE(0) !== WOFF_SIGNATURE)
    throw new Error("not a WOFF 1.0 font");
  const count = woff.readUInt16BE(12);
  return Array.from({ length: count }, (_, index) => {
    const at = WOFF_HEADER_SIZE + index * WOFF_ENTRY_SIZE;
    const entry = {
      tag: woff.readUInt32BE(at),
      offset: woff.readUInt32BE(at + 4),
      compressedLength: woff.readUInt32BE(at + 8),
      length: woff.readUInt32BE(at + 12),
      checksum: woff.readUInt32BE(at + 16),
    };
    if (entry.offset + entry.compressedLength > woff.length)
      throw new Error("a WOFF table lies outside the file");
    return entry;
  });
}

function tableData(woff: Buffer, entry: TableEntry): Buffer {
  const stored = woff.subarray(entry.offset, entry.offset + entry.compressedLength);
  // A table that did not get smaller is stored as it is.
  const data = entry.compressedLength < entry.length ? inflateSync(stored) : stored;
  if (data.length !== entry.length) throw new Error("a WOFF table does not have its stated length");
  return data;
}

/** The OpenType font a WOFF 1.0 file wraps, byte for byte as it was before compression. */
export function woffToSfnt(woff: Buffer): Buffer {
  const entries = tableEntries(woff);
  const count = entries.length;
  const directorySize = SFNT_HEADER_SIZE + count * SFNT_ENTRY_SIZE;
  const size = entries.reduce((sum, entry) => sum + paddedTo4(entry.length), directorySize);
  const sfnt = Buffer.alloc(size);
  // The OpenType header: the flavour, then the binary-search fields derived from the table count.
  const power = 2 ** Math.floor(Math.log2(Math.max(count, 1)));
  sfnt.writeUInt32BE(woff.readUInt32BE(4), 0);
  sfnt.writeUInt16BE(count, 4);
  sfnt.writeUInt16BE(power * 16, 6);
  sfnt.writeUInt16BE(Math.log2(power), 8);
  sfnt.writeUInt16BE(count * 16 - power * 16, 10);
  let offset = directorySize;
  entries.forEach((entry, index) => {
    const at = SFNT_HEADER_SIZE + index * SFNT_ENTRY_SIZE;
    sfnt.writeUInt32BE(entry.tag, at);
    sfnt.writeUInt32BE(entry.checksum, at + 4);
    sfnt.writeUInt32BE(offset, at + 8);
    sfnt.writeUInt32BE(entry.length, at + 12);
    tableData(woff, entry).copy(sfnt, offset);
    offset += paddedTo4(entry.length);
  });
  return sfnt;
}
