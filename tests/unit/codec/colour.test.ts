// Colour conversion: what comes out must look like what a browser shows for the upload.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { compress } from './unhurried';
import { browserCmykToRgb, hasAdobeMarker } from '../../../src/server/codec/colour';
import { readCorpus } from './corpus';

/** Four 64×128 patches side by side (red, green, blue, yellow), with a fine ±8 texture so that
 * re-encoding the quality-100 CMYK original always makes it smaller. */
const PATCHES: [number, number, number][] = [[200, 30, 30], [30, 160, 60], [40, 60, 200], [240, 220, 80]];
const SIDE = 64;
const W = SIDE * PATCHES.length;
const H = 128;

function patchImage(): Buffer {
  const rgb = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const texture = ((x * 7 + y * 13) % 17) - 8;
      PATCHES[Math.floor(x / SIDE)]!.forEach((v, c) => { rgb[(y * W + x) * 3 + c] = Math.min(255, Math.max(0, v + texture)); });
    }
  }
  return rgb;
}

/** Mean colour of the centre 32×32 of patch k in an upright RGB(A) decode. */
function patchMean(data: Buffer, width: number, channels: number, k: number): number[] {
  const sum = [0, 0, 0];
  for (let y = H / 2 - 16; y < H / 2 + 16; y++) {
    for (let x = k * SIDE + 16; x < k * SIDE + 48; x++) {
      for (let c = 0; c < 3; c++) sum[c]! += data[(y * width + x) * channels + c]!;
    }
  }
  return sum.map((s) => s / 1024);
}

describe('profile-less CMYK JPEG', () => {
  it('multiplies the stored (Adobe-inverted) samples as browsers do', () => {
    // Stored samples 255 mean "no ink" in Adobe files; libvips hands them over already inverted back.
    const libvipsValues = Uint8Array.from([
      0, 0, 0, 0, // no ink: white
      0, 0, 0, 255, // full black
      255, 0, 0, 0, // full cyan
      0, 128, 255, 64, // a darkened orange
    ]);
    expect([...browserCmykToRgb(libvipsValues, 4, true)]).toEqual([
      255, 255, 255,
      0, 0, 0,
      0, 255, 255,
      191, 95, 0, // 255·(1-0)·(1-64/255) = 191; 255·(127/255)·(191/255) = 95
    ]);
    // Without the Adobe marker libvips passes the samples through, and browsers still multiply them.
    expect([...browserCmykToRgb(Uint8Array.from([255, 128, 0, 255]), 1, false)]).toEqual([255, 128, 0]);
  });

  it('finds the Adobe marker in the JPEG headers', async () => {
    const cmyk = await sharp(patchImage(), { raw: { width: W, height: H, channels: 3 } }).toColourspace('cmyk').jpeg().toBuffer();
    expect(hasAdobeMarker(cmyk)).toBe(true);
    const rgb = await sharp(patchImage(), { raw: { width: W, height: H, channels: 3 } }).jpeg().toBuffer();
    expect(hasAdobeMarker(rgb)).toBe(false);
  });

  it('keeps the colours of known patches, not a press profile\'s lighter rendering', async () => {
    const input = await sharp(patchImage(), { raw: { width: W, height: H, channels: 3 } })
      .toColourspace('cmyk').jpeg({ quality: 100, chromaSubsampling: '4:4:4' }).toBuffer();
    const meta = await sharp(input).metadata();
    expect([meta.space, meta.hasProfile]).toEqual(['cmyk', false]);
    // The ink amounts stored in the file, and the colour a browser makes of them.
    const inks = await sharp(input).pipelineColourspace('cmyk').toColourspace('cmyk').raw().toBuffer();
    // Per pixel, then averaged over the patch like the output.
    const browser = Buffer.alloc(W * H * 3);
    for (let i = 0; i < W * H; i++) {
      const key = 1 - inks[i * 4 + 3]! / 255;
      for (let c = 0; c < 3; c++) browser[i * 3 + c] = Math.round(255 * (1 - inks[i * 4 + c]! / 255) * key);
    }
    const expected = PATCHES.map((_, k) => patchMean(browser, W, 3, k));
    const profiled = await sharp(input).toColourspace('srgb').raw().toBuffer();

    const result = await compress(input, { quality: 90, timeoutSeconds: 600 });
    expect(result.keptOriginal).toBe(false);
    const out = await sharp(result.data).toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
    for (const [k, want] of expected.entries()) {
      const got = patchMean(out.data, out.info.width, out.info.channels, k);
      for (let c = 0; c < 3; c++) expect(Math.abs(got[c]! - want[c]!)).toBeLessThanOrEqual(4);
    }
    // The press-profile rendering (what libvips does by default) is far from it on at least one patch.
    const worstProfiledError = Math.max(...expected.map((want, k) => {
      const got = patchMean(profiled, W, 3, k);
      return Math.max(...want.map((v, c) => Math.abs(got[c]! - v)));
    }));
    expect(worstProfiledError).toBeGreaterThan(20);
  });

  it('renders the corpus CMYK flower (no profile) like a browser', async () => {
    const input = readCorpus('photos/jxl-flower-small-cmyk.jpg');
    const result = await compress(input, { quality: 90, timeoutSeconds: 600 });
    expect(result.keptOriginal).toBe(false);
    const out = await sharp(result.data).toColourspace('srgb').stats();
    // Channel means of the browser rendering (stored samples multiplied): 173.3, 154.1, 179.7;
    // libvips's press profile gives 172.6, 152.4, 158.9 (a visibly yellower, flatter picture).
    const means = out.channels.slice(0, 3).map((c) => c.mean);
    expect(Math.abs(means[0]! - 173.3)).toBeLessThan(2);
    expect(Math.abs(means[1]! - 154.1)).toBeLessThan(2);
    expect(Math.abs(means[2]! - 179.7)).toBeLessThan(2);
  });
});
