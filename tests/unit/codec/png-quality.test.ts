// Lossy PNG must behave: a higher quality setting never gives a worse image, and flat areas
// (buttons, logos, brand colours) keep their colour.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { compress } from './unhurried';
import { paletteRungs } from '#codec-core/formats/png';
import { flatColourError, similarity, type RawImage } from '#codec-core/metrics/similarity';
import { readCorpus } from './corpus';

async function decode(png: Buffer, channels: number): Promise<RawImage> {
  let pipeline = sharp(png).toColourspace(channels <= 2 ? 'b-w' : 'srgb');
  pipeline = channels % 2 === 0 ? pipeline.ensureAlpha(1) : pipeline.removeAlpha();
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

interface Fidelity {
  lossless: boolean;
  mean: number;
  worst: number;
  flatShift: number;
}

async function fidelity(original: RawImage, png: Buffer): Promise<Fidelity> {
  const decoded = await decode(png, original.channels);
  if (Buffer.from(decoded.data).equals(Buffer.from(original.data))) return { lossless: true, mean: 1, worst: 1, flatShift: 0 };
  const s = await similarity(original, decoded);
  const flat = await flatColourError(original, decoded);
  return { lossless: false, mean: s.mean, worst: s.worst, flatShift: flat.shift };
}

/** Screenshots, logos, icons and illustrations where the old policy went lossless at one setting and lossy at a higher one. */
const MONOTONIC_SET = [
  'png/squoosh-ui-screenshot1.png',
  'png/squoosh-ui-screenshot4.png',
  'png/squoosh-logo-palette.png',
  'png/squoosh-icon-large-alpha.png',
  'png/squoosh-example-rgba.png',
  'png/jxl-flower-small-grey-alpha.png',
  'png/sharp-test-pattern-alpha.png',
];

describe('PNG quality order', () => {
  it('climbs the same rungs from every setting', () => {
    expect(paletteRungs(70)).toEqual([70, 80, 90, 100]);
    expect(paletteRungs(80)).toEqual([80, 90, 100]);
    expect(paletteRungs(90)).toEqual([90, 100]);
    expect(paletteRungs(75)).toEqual([75, 80, 90, 100]);
    expect(paletteRungs(100)).toEqual([100]);
  });

  it.each(MONOTONIC_SET)('%s: a higher setting is never a worse image', { timeout: 600_000 }, async (file) => {
    const input = readCorpus(file);
    const meta = await sharp(input).metadata();
    const channels = (meta.space === 'b-w' ? 1 : 3) + (meta.hasAlpha ? 1 : 0);
    const original = await decode(input, channels);
    const results: Fidelity[] = [];
    for (const quality of [70, 80, 90]) {
      const result = await compress(input, { quality, timeoutSeconds: 600 });
      results.push(result.keptOriginal ? { lossless: true, mean: 1, worst: 1, flatShift: 0 } : await fidelity(original, result.data));
    }
    for (let i = 1; i < results.length; i++) {
      const lower = results[i - 1]!;
      const higher = results[i]!;
      if (lower.lossless) expect(higher.lossless).toBe(true);
      expect(higher.mean).toBeGreaterThanOrEqual(lower.mean - 1e-3);
      expect(higher.worst).toBeGreaterThanOrEqual(lower.worst - 1e-3);
      expect(higher.flatShift).toBeLessThanOrEqual(Math.max(lower.flatShift, 2));
    }
  });
});

/** A 96×64 button: flat brand blue on a flat white page, with a white label bar. */
function button(blue: number[]): RawImage {
  const width = 96;
  const height = 64;
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const inButton = x >= 8 && x < 88 && y >= 12 && y < 52;
      const label = inButton && y >= 30 && y < 34 && x >= 24 && x < 72;
      const colour = label ? [255, 255, 255] : inButton ? blue : [255, 255, 255];
      data.set(colour, (y * width + x) * 3);
    }
  }
  return { data, width, height, channels: 3 };
}

describe('PNG flat colours', () => {
  it('sees a shifted brand colour that block SSIM lets through', async () => {
    const original = button([29, 161, 242]);
    const shifted = button([29, 155, 250]);
    const ssim = await similarity(original, shifted);
    expect(ssim.mean).toBeGreaterThan(0.95); // passes the old floor
    expect(ssim.worst).toBeGreaterThan(0.8);
    const flat = await flatColourError(original, shifted);
    expect(flat.shift).toBe(8);
    expect(flat.noise).toBe(8);
    // A dither of two palette entries around the true colour: the mean holds, single pixels do not.
    const dithered = { ...original, data: Uint8Array.from(original.data) };
    for (let i = 0; i < dithered.data.length; i += 3) {
      if (dithered.data[i] === 29) dithered.data[i + 1] = 161 + ((i / 3) % 2 ? 30 : -30);
    }
    const noisy = await flatColourError(original, dithered);
    expect(noisy.shift).toBeLessThanOrEqual(0.5);
    expect(noisy.noise).toBe(30);
  });

  /** Files where palettes that passed the SSIM floor moved flat UI colours by 8-10 levels. */
  it.each(['png/squoosh-logo-palette.png', 'png/squoosh-ui-screenshot4.png'])('%s: flat areas keep their colour at every preset', { timeout: 600_000 }, async (file) => {
    const input = readCorpus(file);
    const original = await decode(input, 3);
    for (const quality of [70, 80, 90]) {
      const result = await compress(input, { quality, timeoutSeconds: 600 });
      const flat = await flatColourError(original, await decode(result.data, 3));
      expect(flat.blocks).toBeGreaterThan(100);
      expect(flat.shift, `quality ${quality}`).toBeLessThanOrEqual(2);
    }
  });

  // Smart mode searches without the floor (its probes must follow the quality), then encodes with it.
  it.each(['png/squoosh-logo-palette.png', 'png/squoosh-ui-screenshot4.png'])('%s: flat areas keep their colour in smart mode too', { timeout: 600_000 }, async (file) => {
    const input = readCorpus(file);
    const original = await decode(input, 3);
    const result = await compress(input, { quality: 70, mode: 'smart', timeoutSeconds: 600 });
    const flat = await flatColourError(original, await decode(result.data, 3));
    expect(flat.blocks).toBeGreaterThan(100);
    expect(flat.shift).toBeLessThanOrEqual(2);
  });
});
