// A HEIC/HEIF file's picture size from its `meta` box, without decoding: the primary item (`pitm`) and the image
// spatial extents property (`ispe`) associated with it in `iprp` (`ipco` holds the properties, `ipma` says which
// item has which). For an iPhone's grid of tiles the primary item is the grid, whose `ispe` is the whole picture.
// ISO/IEC 23008-12 (HEIF) and 14496-12 (the box format). Unknown or damaged: null.
import { readAssociations, readPrimaryItem } from '#server/codec/metadata/heif-meta';
import { findBox, isoBoxes } from '#codec-core/index';

export interface Dimensions {
  width: number;
  height: number;
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
  const item = readPrimaryItem(b, pitm);
  const ipco = findBox(b, 'ipco', iprp.start, iprp.end);
  const ipma = findBox(b, 'ipma', iprp.start, iprp.end);
  if (!ipco || !ipma) return null;
  const wanted = readAssociations(b, ipma).find((a) => a.id === item)?.properties.map((p) => p.index);
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
