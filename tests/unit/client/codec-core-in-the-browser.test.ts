// @vitest-environment jsdom
// The codec core is the same code in the browser as in the codec processes: imported here in the client's test
// environment (no Node built-ins needed) and run through its one pipeline against a small pure-TypeScript engine
// whose "encodings" have sizes that follow the quality, so the pipeline's decisions can be checked exactly.
import { describe, expect, it } from 'vitest';
import { IMAGE_FORMATS } from '#contract/settings';
import { compress, estimate, type CodecSettings, type Engine, type ImageFormat, type OpenImage } from '#codec-core/index';

interface TestImage extends OpenImage {
  /** Bytes per pixel of each format at quality 100 (they scale linearly with quality). */
  density: Record<ImageFormat, number>;
}

const BASE: CodecSettings = { quality: 80, format: 'auto', mode: 'quality', metadata: 'strip', background: '#ffffff', allowResize: false };

/** Encodings of `pixels × density × quality / 100` bytes, filled with the quality so equal sizes stay distinguishable. */
function engine(upload: { format: ImageFormat; bytes: number; passOnBytes?: number | null }, density: Record<ImageFormat, number>): Engine<TestImage> {
  const size = (image: TestImage, format: ImageFormat, quality: number, area: number) => Math.max(1, Math.round(area * image.density[format] * (quality / 100)));
  return {
    encodes: IMAGE_FORMATS,
    cannotEncode: (format) => `${format} is not made here`,
    async open(input, settings) {
      return { input, format: upload.format, upright: { width: 100, height: 100 }, hasAlpha: false, bounded: null, settings, density };
    },
    close: () => undefined,
    traits: async () => ({ transparent: false, photographic: true }),
    async encode(image, source, format, params) {
      const { width, height } = source === 'upload' ? (params.size ?? image.upright) : source;
      return { data: new Uint8Array(size(image, format, params.lossless ? 100 : params.quality, width * height)).fill(params.quality), width, height };
    },
    passOn: (image) => (upload.passOnBytes === null ? null : image.input.subarray(0, upload.passOnBytes ?? image.input.length)),
    pixels: async (image) => ({ data: new Uint8Array(image.upright.width * image.upright.height * 3), ...image.upright }),
    decodePixels: async (_image, _data) => ({ data: new Uint8Array(30_000), width: 100, height: 100 }),
  };
}

const density = { jpeg: 1, webp: 0.8, avif: 0.6, png: 3, jxl: 0.7 };
const limits = { maxPixels: 1e8, timeoutSeconds: 30 };

describe('the codec core in the browser', () => {
  it('Auto keeps the smallest candidate and records every candidate and the upload', async () => {
    const result = await compress(engine({ format: 'jpeg', bytes: 20_000 }, density), new Uint8Array(20_000), BASE, limits);
    expect(result.output.format).toBe('avif');
    expect(result.output.bytes).toBe(4_800); // 10,000 px × 0.6 × 0.8
    expect(result.decision?.candidates).toEqual([
      { format: 'jpeg', bytes: 20_000, original: true },
      // Likeliest smallest first (docs/decisions/0516-auto-search-budget.md).
      { format: 'avif', bytes: 4_800 },
      { format: 'webp', bytes: 6_400 },
      { format: 'jpeg', bytes: 8_000 },
    ]);
    expect(result.decision?.skipped.map((s) => s.format)).toEqual(['png']);
  });

  it('keeps the upload when no encoding is smaller than it as it would be passed on (ties to the upload)', async () => {
    const result = await compress(engine({ format: 'jpeg', bytes: 8_000 }, density), new Uint8Array(8_000), { ...BASE, format: 'jpeg' }, limits);
    expect(result.keptOriginal).toBe(true);
    expect(result.output.bytes).toBe(8_000);
  });

  it('size mode: the highest quality that fits, across formats', async () => {
    const result = await compress(engine({ format: 'jpeg', bytes: 50_000 }, density), new Uint8Array(50_000), { ...BASE, mode: 'size', targetSize: 5_000 }, limits);
    expect(result.targetMet).toBe(true);
    expect(result.output.bytes).toBeLessThanOrEqual(5_000);
    // AVIF reaches quality 83 within 5,000 bytes (10,000 × 0.6 × 0.83 = 4,980); no other format fits higher.
    expect(result.output.format).toBe('avif');
    expect(result.chosenQuality).toBe(83);
  });

  it('the live estimate makes the same choice on a sample', async () => {
    const est = await estimate(engine({ format: 'jpeg', bytes: 20_000 }, density), new Uint8Array(20_000), BASE, limits);
    expect(est.format).toBe('avif');
    expect(est.estimatedBytes).toBe(4_800);
    expect(est.keepsOriginal).toBe(false);
  });
});
