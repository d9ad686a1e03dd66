// A JPEG XL file's picture size from its SizeHeader, without decoding: the codestream's first field after its
// 0xFF 0x0A signature, found directly or, in the container, at the start of the `jxlc` box or of the first `jxlp`
// box (after its 4-byte part index; its parts joined). ISO/IEC 18181-1 (SizeHeader) and 18181-2 (the container). Damaged: null.
import type { Dimensions } from './heic-header';
import { isoBoxes } from '#codec-core/index';

/** Reads the codestream's bits as the format writes them: least significant bit of each byte first. */
export class Bits {
  private at = 0;
  constructor(private readonly bytes: Uint8Array) {}
  read(n: number): number {
    let value = 0;
    for (let i = 0; i < n; i++, this.at++) {
      const byte = this.bytes[this.at >> 3];
      if (byte === undefined) throw new RangeError('the size header runs past the bytes given');
      value += ((byte >> (this.at & 7)) & 1) * 2 ** i;
    }
    return value;
  }
}

/** U32(1 + u(9), 1 + u(13), 1 + u(18), 1 + u(30)): a two-bit selector, then that many bits. */
const dimension = (bits: Bits) => 1 + bits.read([9, 13, 18, 30][bits.read(2)]!);

/** The width a non-zero `ratio` gives for `height` (the format's fixed aspect ratios). */
const RATIOS: Record<number, [number, number]> = { 1: [1, 1], 2: [12, 10], 3: [4, 3], 4: [3, 2], 5: [16, 9], 6: [5, 4], 7: [2, 1] };

/** A SizeHeader read from `bits` (also the layout of the intrinsic size in the image metadata). */
export function readSizeHeader(bits: Bits): Dimensions {
  const small = bits.read(1) === 1;
  const height = small ? (bits.read(5) + 1) * 8 : dimension(bits);
  const ratio = bits.read(3);
  const [num, den] = RATIOS[ratio] ?? [0, 0];
  const width = ratio !== 0 ? Math.floor((height * num) / den) : small ? (bits.read(5) + 1) * 8 : dimension(bits);
  return { width, height };
}

function sizeHeader(codestream: Uint8Array): Dimensions | null {
  if (codestream[0] !== 0xff || codestream[1] !== 0x0a) return null;
  try {
    return readSizeHeader(new Bits(codestream.subarray(2)));
  } catch {
    return null;
  }
}

/**
 * The start of the codestream in the head of a JPEG XL file (bare, or in the container's `jxlc` box or its `jxlp`
 * parts, joined: a part may split a header), or null when the head holds none.
 */
export function codestreamHead(head: Uint8Array): Uint8Array | null {
  if (head[0] === 0xff && head[1] === 0x0a) return head;
  if (Buffer.from(head.buffer, head.byteOffset, head.byteLength).toString('latin1', 4, 8) !== 'JXL ') return null;
  const parts: Uint8Array[] = [];
  for (const box of isoBoxes(head)) {
    if (box.type === 'jxlc') return head.subarray(box.start, Math.min(box.end, head.length));
    if (box.type === 'jxlp') parts.push(head.subarray(box.start + 4, Math.min(box.end, head.length)));
  }
  return parts.length ? Buffer.concat(parts) : null;
}

/** The picture's width and height from the head of a JPEG XL file (bare codestream or container), or null. */
export function jxlDimensions(head: Uint8Array): Dimensions | null {
  const codestream = codestreamHead(head);
  return codestream && sizeHeader(codestream);
}
