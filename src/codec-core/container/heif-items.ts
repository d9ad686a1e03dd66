// Whether a HEIF/AVIF file carries EXIF or XMP items, by walking its boxes (meta → iinf → infe), as the server's item
// rewriter reads them: a box walk, not a text search of the file's head.
import { ascii, u16be, u32be } from './bytes';
import { findBox, isoBoxes } from './iso-boxes';

export const XMP_CONTENT_TYPE = 'application/rdf+xml';

/** An item that is metadata: EXIF, or XMP as a `mime` item (ISO/IEC 23008-12 A.2). */
export const isMetadataItem = (type: string, contentType?: string): boolean => type === 'Exif' || (type === 'mime' && contentType === XMP_CONTENT_TYPE);

/** A NUL-terminated string at `at`, and where it ends; null when the NUL is not within `to`. */
function cstringAt(bytes: Uint8Array, at: number, to: number): { text: string; end: number } | null {
  for (let i = at; i < to; i++) if (bytes[i] === 0) return { text: ascii(bytes, at, i), end: i + 1 };
  return null;
}

/** An `infe` box's item type and content type (versions 2 and 3; older versions name no type). */
function itemType(bytes: Uint8Array, start: number, end: number): { type: string; contentType?: string } | null {
  const version = bytes[start]!;
  if (version < 2) return null;
  const typeAt = start + 4 + (version === 2 ? 2 : 4) + 2;
  if (typeAt + 4 > end) return null;
  const type = ascii(bytes, typeAt, typeAt + 4);
  if (type !== 'mime') return { type };
  const name = cstringAt(bytes, typeAt + 4, end);
  const contentType = name && cstringAt(bytes, name.end, end);
  return contentType ? { type, contentType: contentType.text } : { type };
}

/**
 * True when the file names an EXIF or XMP item, false when it names none, null when its item list cannot be walked
 * (a damaged or truncated `meta`): then nothing may be assumed about it.
 */
export function heifCarriesMetadata(bytes: Uint8Array): boolean | null {
  const meta = findBox(bytes, 'meta');
  if (!meta || meta.end > bytes.length) return null;
  const iinf = findBox(bytes, 'iinf', meta.start + 4, meta.end);
  if (!iinf) return false; // no items at all
  if (iinf.end > meta.end) return null;
  const countSize = bytes[iinf.start] === 0 ? 2 : 4;
  const first = iinf.start + 4 + countSize;
  if (first > iinf.end) return null;
  const count = countSize === 2 ? u16be(bytes, iinf.start + 4) : u32be(bytes, iinf.start + 4);
  let seen = 0;
  for (const infe of isoBoxes(bytes, first, iinf.end)) {
    if (infe.end > iinf.end) return null;
    if (infe.type !== 'infe') continue;
    seen += 1;
    const item = itemType(bytes, infe.start, infe.end);
    if (item && isMetadataItem(item.type, item.contentType)) return true;
  }
  return seen === count ? false : null;
}
