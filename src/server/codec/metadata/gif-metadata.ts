// A GIF passed on as it came (never larger, animation/kept-upload.ts) with only the metadata the policy keeps. A GIF
// holds metadata in extension blocks: comments, and application extensions (XMP, ICC profiles, others' private
// data). The loop count (NETSCAPE2.0 or ANIMEXTS1.0) and the ICC profile (ICCRGBG1) change how it plays and looks and
// always stay; under `strip` comments and every other application block go, under `keep` the XMP goes too (its
// location fields are not rewritten inside a GIF), under `keep-all` everything stays. Walked by the block sizes; a
// GIF that cannot be walked gives null (re-encoded instead, privacy before size).
import type { MetadataPolicy } from '#contract/settings';

const KEPT_APPLICATIONS = new Set(['NETSCAPE2.0', 'ANIMEXTS1.0', 'ICCRGBG1012']);

/** Offset just past the sub-blocks starting at `at` (each a length byte and that many bytes; a zero length ends them). */
function afterSubBlocks(gif: Uint8Array, at: number): number {
  while (at < gif.length) {
    const n = gif[at]!;
    at += 1 + n;
    if (n === 0) return at;
  }
  throw new RangeError('sub-blocks run past the end');
}

export function gifWithPolicy(gif: Buffer, policy: MetadataPolicy): Buffer | null {
  if (policy === 'keep-all') return gif;
  try {
    const parts: Buffer[] = [];
    const flags = gif[10]!;
    let at = 13 + (flags & 0x80 ? 3 * 2 ** ((flags & 7) + 1) : 0);
    parts.push(gif.subarray(0, at));
    while (at < gif.length) {
      const introducer = gif[at]!;
      if (introducer === 0x3b) {
        parts.push(gif.subarray(at, at + 1));
        return Buffer.concat(parts);
      }
      if (introducer === 0x2c) {
        const local = gif[at + 9]!;
        const data = at + 10 + (local & 0x80 ? 3 * 2 ** ((local & 7) + 1) : 0) + 1; // + the LZW minimum code size
        const end = afterSubBlocks(gif, data);
        parts.push(gif.subarray(at, end));
        at = end;
        continue;
      }
      if (introducer !== 0x21) return null;
      const label = gif[at + 1]!;
      const end = afterSubBlocks(gif, at + 2);
      let kept = label !== 0xfe || policy === 'keep';
      if (label === 0xff) kept = KEPT_APPLICATIONS.has(gif.toString('latin1', at + 3, at + 14));
      if (kept) parts.push(gif.subarray(at, end));
      at = end;
    }
    return null; // no trailer: not a GIF we can vouch for
  } catch {
    return null;
  }
}
