// A HEIC/HEIF file's picture size from its `meta` box, without decoding: the primary item (`pitm`) and the image
// spatial extents property (`ispe`) associated with it in `iprp` (`ipco` holds the properties, `ipma` says which
// item has which). For an iPhone's grid of tiles the primary item is the grid, whose `ispe` is the whole picture.
// ISO/IEC 23008-12 (HEIF) and 14496-12 (the box format). Unknown or damaged: null.
import { findBox, isoBoxes, type IsoBox } from './iso-boxes';

export interface Dimensions {
  width: number;
  height: number;
}

/** The item ID `pitm` names (a full box: version 0 writes it in 16 bits, later versions in 32). */
function primaryItem(b: Buffer, pitm: IsoBox): number | null {
  const version = b[pitm.start];
  const at = pitm.start + 4;
  if (version === 0) return at + 2 <= b.length ? b.readUInt16BE(at) : null;
  return at + 4 <= b.length ? b.readUInt32BE(at) : null;
}

/** The 1-based `ipco` indexes of the properties `ipma` associates with `item`. */
function propertiesOf(b: Buffer, ipma: IsoBox, item: number): number[] | null {
  const end = Math.min(ipma.end, b.length);
  const version = b[ipma.start]!;
  const wideIndex = (b[ipma.start + 3]! & 1) === 1;
  let at = ipma.start + 4;
  if (at + 4 > end) return null;
  const entries = b.readUInt32BE(at);
  at += 4;
  for (let i = 0; i < entries; i++) {
    const idBytes = version < 1 ? 2 : 4;
    if (at + idBytes + 1 > end) return null;
    const id = version < 1 ? b.readUInt16BE(at) : b.readUInt32BE(at);
    const count = b[at + idBytes]!;
    at += idBytes + 1;
    const width = wideIndex ? 2 : 1;
    if (at + count * width > end) return null;
    if (id === item) {
      const indexes: number[] = [];
      for (let k = 0; k < count; k++) indexes.push(wideIndex ? b.readUInt16BE(at + 2 * k) & 0x7fff : b[at + k]! & 0x7f);
      return indexes;
    }
    at += count * width;
  }
  return null;
}

/** The primary picture's width and height from the head of a HEIF file, or null when they cannot be read from it. */
export function heicDimensions(head: Uint8Array): Dimensions | null {
  try {
    return primaryDimensions(Buffer.from(head.buffer, head.byteOffset, head.byteLength));
  } catch {
    // A box declaring more than the head holds: unknown, like any damage.
    return null;
  }
}

function primaryDimensions(b: Buffer): Dimensions | null {
  const ftyp = findBox(b, 'ftyp');
  if (!ftyp || ftyp.start !== 8) return null;
  const meta = findBox(b, 'meta');
  if (!meta || meta.end > b.length) return null;
  const children = meta.start + 4; // meta is a full box: version and flags first
  const pitm = findBox(b, 'pitm', children, meta.end);
  const iprp = findBox(b, 'iprp', children, meta.end);
  if (!pitm || !iprp) return null;
  const item = primaryItem(b, pitm);
  const ipco = findBox(b, 'ipco', iprp.start, iprp.end);
  const ipma = findBox(b, 'ipma', iprp.start, iprp.end);
  if (item === null || !ipco || !ipma) return null;
  const wanted = propertiesOf(b, ipma, item);
  if (!wanted) return null;
  const properties = [...isoBoxes(b, ipco.start, ipco.end)];
  for (const index of wanted) {
    const ispe = properties[index - 1];
    if (ispe?.type !== 'ispe' || ispe.start + 12 > ispe.end) continue;
    const width = b.readUInt32BE(ispe.start + 4);
    const height = b.readUInt32BE(ispe.start + 8);
    return width > 0 && height > 0 ? { width, height } : null;
  }
  return null;
}
