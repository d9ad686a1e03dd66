// Colour conversion: what comes out must look like what a browser shows for the upload.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { compress } from './unhurried';
import { browserCmykToRgb, hasAdobeMarker } from '#server/codec/colour/colour';
import { hasIntentTables } from '#server/codec/colour/relative-intent';
import { desaturatedPreference, lutDisplayProfile, srgbColorimetric, withPngProfile } from '../../support/icc-profiles';
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

describe('RGB profiles with rendering-intent tables (ICC v4, like the sRGB v4 preference profile)', () => {
  const plainPng = () => sharp(patchImage(), { raw: { width: W, height: H, channels: 3 } }).png().toBuffer();
  const meansOf = (data: Buffer, channels: number) => PATCHES.map((_, k) => patchMean(data, W, channels, k));
  const srgbEncode = (v: number) => 255 * (v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055);
  const srgbDecode = (v: number) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
  /** The desaturated rendering of one 8-bit sRGB pixel, in plain arithmetic (a quarter of the way to its luminance's grey). */
  const desaturated = (rgb: number[]) => {
    const linear = rgb.map((v) => srgbDecode(v / 255));
    const y = 0.2225045 * linear[0]! + 0.7168786 * linear[1]! + 0.0606169 * linear[2]!;
    return linear.map((c) => srgbEncode(0.75 * c + 0.25 * y));
  };
  // PNG output: the patches' 68 colours fit a palette, so it is exact; the profile is not kept (quality mode, strip).
  const converted = async (png: Buffer) => {
    const result = await compress(png, { quality: 90, format: 'png' });
    expect((await sharp(result.data).metadata()).icc).toBeUndefined();
    return sharp(result.data).raw().toBuffer({ resolveWithObject: true });
  };
  const expectClose = (got: number[][], want: number[][], tolerance: number) =>
    got.forEach((patch, k) => patch.forEach((v, c) => expect(Math.abs(v - want[k]![c]!), `patch ${k} channel ${c}: ${v} vs ${want[k]![c]}`).toBeLessThan(tolerance)));

  it('converts with the colorimetric table, not the perceptual preference rendering', async () => {
    const png = withPngProfile(await plainPng(), lutDisplayProfile());
    const original = meansOf(patchImage(), 3);
    // The fixture tells the intents apart: sharp's own (perceptual) conversion desaturates the red patch by far.
    const perceptual = meansOf(await sharp(png).toColourspace('srgb').raw().toBuffer(), 3);
    expect(original[0]![0]! - perceptual[0]![0]!).toBeGreaterThan(15);
    expectClose(meansOf((await converted(png)).data, 3), original, 1.5);
  });

  it('follows the colorimetric table where that is the one that changes the colours', async () => {
    const profile = lutDisplayProfile({ perceptual: srgbColorimetric, colorimetric: desaturatedPreference });
    const png = withPngProfile(await plainPng(), profile);
    const input = patchImage();
    const expected = Buffer.alloc(input.length);
    for (let p = 0; p < input.length; p += 3) desaturated([input[p]!, input[p + 1]!, input[p + 2]!]).forEach((v, c) => { expected[p + c] = Math.round(v); });
    expectClose(meansOf((await converted(png)).data, 3), meansOf(expected, 3), 2);
  });

  it('keeps transparency while converting', async () => {
    const rgba = await sharp(patchImage(), { raw: { width: W, height: H, channels: 3 } }).ensureAlpha(0.5).png().toBuffer();
    const alpha = (await sharp(rgba).raw().toBuffer())[3]!;
    const out = await converted(withPngProfile(rgba, lutDisplayProfile()));
    expect(out.info.channels).toBe(4);
    expect(out.data[3]).toBe(alpha);
    expectClose(meansOf(out.data, 4), meansOf(patchImage(), 3), 1.5);
  });

  it('falls back to the usual conversion when the profile cannot be read', async () => {
    const broken = lutDisplayProfile().subarray(0, 400); // header and tag table intact, the tables cut off
    expect(hasIntentTables(broken)).toBe(true);
    expectClose(meansOf((await converted(withPngProfile(await plainPng(), broken))).data, 3), meansOf(patchImage(), 3), 1.5);
  });

  it('recognises intent tables only in RGB profiles, reading the tag table defensively', async () => {
    expect(hasIntentTables(lutDisplayProfile())).toBe(true);
    // Matrix/curve profiles (the corpus photo's v2 sRGB, the 16-bit PNG's v4 one) and CMYK profiles stay with sharp.
    expect(hasIntentTables((await sharp(readCorpus('photos/squoosh-demo-large-photo.jpg')).metadata()).icc)).toBe(false);
    expect(hasIntentTables((await sharp(readCorpus('png/jxl-hdr-room-16bit.png')).metadata()).icc)).toBe(false);
    expect(hasIntentTables((await sharp(readCorpus('photos/sharp-cmyk-with-icc.jpg')).metadata()).icc)).toBe(false);
    expect(hasIntentTables(undefined)).toBe(false);
    expect(hasIntentTables(Buffer.alloc(40))).toBe(false);
    const lying = Buffer.from(lutDisplayProfile().subarray(0, 140));
    lying.writeUInt32BE(0xffffffff, 128); // four billion tags claimed, one entry present
    expect(hasIntentTables(lying)).toBe(false);
  });
});
