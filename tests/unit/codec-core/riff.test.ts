// WebP's RIFF container in the core: the walker, the chunk and file writers, the animation flag and the rebuild with
// metadata (ICCP, EXIF, XMP in the extended format's order, VP8X flags and canvas). Files are built here chunk by
// chunk so that every field the rules read is known.
import { describe, expect, it } from 'vitest';
import { concatBytes, isAnimatedWebp, riffChunk, riffWebp, VP8X_EXIF, VP8X_XMP, walkWebp, withWebpMetadata } from '#codec-core/index';

const bytes = (...values: number[]) => Uint8Array.from(values);
const text = (s: string) => new TextEncoder().encode(s);
/** A lossless (VP8L) image chunk's data for a width × height canvas, with or without alpha. */
function vp8l(width: number, height: number, alpha: boolean): Uint8Array {
  const bits = (width - 1) | ((height - 1) << 14) | ((alpha ? 1 : 0) << 28);
  return bytes(0x2f, bits & 0xff, (bits >>> 8) & 0xff, (bits >>> 16) & 0xff, (bits >>> 24) & 0xff, 0, 0);
}
/** A lossy (VP8) key frame's data for a width × height canvas. */
const vp8 = (width: number, height: number) => bytes(0, 0, 0, 0x9d, 0x01, 0x2a, width & 0xff, width >> 8, height & 0xff, height >> 8, 7, 7);
const u32le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! * 2 ** 24);
const u24le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);

describe('RIFF chunks', () => {
  it('a chunk is its type, little-endian size, data and a pad byte to an even length', () => {
    expect([...riffChunk('ABCD', bytes(1, 2, 3))]).toEqual([65, 66, 67, 68, 3, 0, 0, 0, 1, 2, 3, 0]);
    expect([...riffChunk('ABCD', bytes(1, 2))]).toEqual([65, 66, 67, 68, 2, 0, 0, 0, 1, 2]);
  });

  it('a file is RIFF, its size after the first eight bytes, WEBP and the chunks; the walker reads them back', () => {
    const file = riffWebp([riffChunk('VP8L', vp8l(3, 2, false)), riffChunk('EXIF', bytes(9))]);
    expect(new TextDecoder().decode(file.subarray(0, 4))).toBe('RIFF');
    expect(u32le(file, 4)).toBe(file.length - 8);
    expect(new TextDecoder().decode(file.subarray(8, 12))).toBe('WEBP');
    const walked = walkWebp(file)!;
    expect(walked.map((c) => c.type)).toEqual(['VP8L', 'EXIF']);
    expect([...walked[1]!.data]).toEqual([9]);
  });

  it('refuses what is not a walkable WebP: too short, another RIFF, a chunk past the end', () => {
    const file = riffWebp([riffChunk('VP8L', vp8l(3, 2, false))]);
    expect(walkWebp(file.subarray(0, 19))).toBeNull();
    const wave = file.slice();
    wave.set(text('WAVE'), 8);
    expect(walkWebp(wave)).toBeNull();
    const notRiff = file.slice();
    notRiff.set(text('RIFX'), 0);
    expect(walkWebp(notRiff)).toBeNull();
    expect(walkWebp(file.subarray(0, file.length - 2))).toBeNull();
    // A trailing partial chunk header is not a chunk.
    expect(walkWebp(concatBytes([file, bytes(1, 2, 3)]))!.map((c) => c.type)).toEqual(['VP8L']);
  });

  it('the animation flag is VP8X’s bit, read from the head', () => {
    const flags = (value: number) => riffWebp([riffChunk('VP8X', bytes(value, 0, 0, 0, 0, 0, 0, 0, 0, 0))]);
    expect(isAnimatedWebp(flags(0x02))).toBe(true);
    expect(isAnimatedWebp(flags(0x10))).toBe(false);
    expect(isAnimatedWebp(flags(0x02).subarray(0, 20))).toBe(false);
    expect(isAnimatedWebp(riffWebp([riffChunk('VP8L', vp8l(3, 2, false))]))).toBe(false);
  });
});

describe('a still WebP rebuilt with metadata', () => {
  it('a simple lossy file gains VP8X with the canvas and flags, then ICCP, the image, EXIF and XMP in that order', () => {
    const file = riffWebp([riffChunk('VP8 ', vp8(640, 480))]);
    const rebuilt = withWebpMetadata(file, { exif: bytes(0x4d, 0x4d), xmp: '<x/>', icc: bytes(1, 2, 3, 4) })!;
    const chunks = walkWebp(rebuilt)!;
    expect(chunks.map((c) => c.type)).toEqual(['VP8X', 'ICCP', 'VP8 ', 'EXIF', 'XMP ']);
    const vp8x = chunks[0]!.data;
    expect(vp8x[0]).toBe(0x20 | VP8X_EXIF | VP8X_XMP);
    expect([u24le(vp8x, 4) + 1, u24le(vp8x, 7) + 1]).toEqual([640, 480]);
    expect(new TextDecoder().decode(chunks[4]!.data)).toBe('<x/>');
    expect([...chunks[1]!.data]).toEqual([1, 2, 3, 4]);
  });

  it('nothing to carry: a simple file stays simple, its image chunk alone', () => {
    const file = riffWebp([riffChunk('VP8L', vp8l(5, 7, false)), riffChunk('EXIF', bytes(1))]);
    expect(walkWebp(withWebpMetadata(file, {})!)!.map((c) => c.type)).toEqual(['VP8L']);
  });

  it('a lossless file with alpha keeps the alpha flag and its canvas from the image chunk', () => {
    const file = riffWebp([riffChunk('VP8L', vp8l(300, 200, true))]);
    const chunks = walkWebp(withWebpMetadata(file, { xmp: '' })!)!;
    expect(chunks.map((c) => c.type)).toEqual(['VP8X', 'VP8L', 'XMP ']);
    expect(chunks[0]!.data[0]).toBe(0x10 | VP8X_XMP);
    expect([u24le(chunks[0]!.data, 4) + 1, u24le(chunks[0]!.data, 7) + 1]).toEqual([300, 200]);
  });

  it('an extended file keeps its canvas and ALPH chunk, drops its old metadata', () => {
    const vp8x = bytes(0x10 | VP8X_EXIF, 0, 0, 0, 99, 0, 0, 49, 0, 0);
    const file = riffWebp([riffChunk('VP8X', vp8x), riffChunk('ALPH', bytes(5, 5)), riffChunk('VP8 ', vp8(100, 50)), riffChunk('EXIF', bytes(1, 1))]);
    const chunks = walkWebp(withWebpMetadata(file, { icc: bytes(7) })!)!;
    expect(chunks.map((c) => c.type)).toEqual(['VP8X', 'ICCP', 'ALPH', 'VP8 ']);
    expect(chunks[0]!.data[0]).toBe(0x20 | 0x10);
    expect([u24le(chunks[0]!.data, 4) + 1, u24le(chunks[0]!.data, 7) + 1]).toEqual([100, 50]);
  });

  it('refuses an animation, a file without an image chunk, and one it cannot walk', () => {
    const anim = riffWebp([riffChunk('VP8X', bytes(2, 0, 0, 0, 0, 0, 0, 0, 0, 0)), riffChunk('ANIM', bytes(0, 0, 0, 0, 0, 0)), riffChunk('ANMF', bytes(0))]);
    expect(withWebpMetadata(anim, {})).toBeNull();
    expect(withWebpMetadata(riffWebp([riffChunk('EXIF', bytes(1))]), {})).toBeNull();
    expect(withWebpMetadata(bytes(1, 2, 3), {})).toBeNull();
    // An image chunk whose header is not a key frame gives no canvas.
    expect(withWebpMetadata(riffWebp([riffChunk('VP8 ', bytes(0, 0, 0, 1, 2, 3, 4, 5, 6, 7))]), { xmp: '' })).toBeNull();
  });
});
