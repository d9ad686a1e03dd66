// The one walker of JPEG streams: every reader and writer of JPEG metadata (stripping, writing kept blocks, the Adobe
// marker check, Tinify's preserve, the chroma rule) goes through it, so they agree on what a segment is and where the
// image starts. On Uint8Array: the server's and the browser's engines walk the same bytes the same way.
import { ascii, u16be } from './bytes';

export interface JpegPart {
  /** `segment`: a marker with a length (APPn, DQT, SOF, SOS, ...); `marker`: one without (RSTn, TEM, EOI); `scan`: entropy-coded data. */
  kind: 'segment' | 'marker' | 'scan';
  /** The marker byte (0 for scan data). */
  marker: number;
  /** [start, end) in the stream; a segment's payload starts at start + 4. */
  start: number;
  end: number;
}

/**
 * The stream's parts after SOI, in order. `header` stops at the first scan (or EOI) and accepts a stream that ends
 * there; otherwise the whole stream is walked through its scans and must end with EOI. Null when it cannot be walked
 * safely (bytes where a marker should be, a length past the end).
 */
export function walkJpeg(buf: Uint8Array, { header = false }: { header?: boolean } = {}): JpegPart[] | null {
  if (buf.length < 4 || buf[0] !== 0xff || buf[1] !== 0xd8) return null;
  const parts: JpegPart[] = [];
  let pos = 2;
  while (pos < buf.length) {
    if (buf[pos] !== 0xff) return header ? parts : null;
    while (pos + 1 < buf.length && buf[pos + 1] === 0xff) pos++; // fill bytes
    if (pos + 1 >= buf.length) return null;
    const marker = buf[pos + 1]!;
    if (header && (marker === 0xda || marker === 0xd9)) return parts;
    if (marker === 0xd9) {
      parts.push({ kind: 'marker', marker, start: pos, end: pos + 2 });
      return parts;
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      parts.push({ kind: 'marker', marker, start: pos, end: pos + 2 });
      pos += 2;
      continue;
    }
    if (pos + 4 > buf.length) return null;
    const end = pos + 2 + u16be(buf, pos + 2);
    // A length counts its own two bytes: under 2 the segment would end before its payload starts.
    if (end < pos + 4 || end > buf.length) return null;
    parts.push({ kind: 'segment', marker, start: pos, end });
    pos = end;
    if (marker === 0xda) {
      // Entropy-coded data runs to the next marker that is not a stuffed zero, a restart or fill.
      const start = pos;
      while (pos + 1 < buf.length) {
        if (buf[pos] === 0xff) {
          const next = buf[pos + 1]!;
          if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) {
            pos += 2;
            continue;
          }
          if (next !== 0xff) break;
        }
        pos++;
      }
      if (pos + 1 >= buf.length) return null;
      parts.push({ kind: 'scan', marker: 0, start, end: pos });
    }
  }
  return null; // no EOI
}

/** Where the header ends: the offset of the first scan's (or EOI's) marker, or null when the header cannot be walked. */
export function jpegImageStart(buf: Uint8Array): number | null {
  const parts = walkJpeg(buf, { header: true });
  if (!parts) return null;
  let pos = parts.length > 0 ? parts[parts.length - 1]!.end : 2;
  while (pos < buf.length && buf[pos] === 0xff && buf[pos + 1] === 0xff) pos++;
  return pos + 2 <= buf.length && buf[pos] === 0xff && (buf[pos + 1] === 0xda || buf[pos + 1] === 0xd9) ? pos : null;
}

/** Whether a segment's payload starts with `id` (APPn identifiers such as "Exif\0\0", "ICC_PROFILE\0", "Adobe"). */
export const payloadStartsWith = (buf: Uint8Array, part: JpegPart, id: string): boolean =>
  part.kind === 'segment' && ascii(buf, part.start + 4, part.start + 4 + id.length) === id;

const isFrameHeader = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/**
 * Whether a JPEG stores its chroma at half resolution each way (4:2:0): three components, the first (luma) sampled
 * 2×2, as its frame header (SOF) says. The chroma rule keeps such an upload 4:2:0 (formats/jpeg.ts).
 */
export function jpegIsSubsampled(buf: Uint8Array): boolean {
  const sof = walkJpeg(buf, { header: true })?.find((p) => p.kind === 'segment' && isFrameHeader(p.marker));
  return sof !== undefined && sof.end >= sof.start + 12 && buf[sof.start + 9] === 3 && buf[sof.start + 11] === 0x22;
}
