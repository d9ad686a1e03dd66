// @vitest-environment jsdom
// The codec core runs unchanged in the client's environment, with the browser engine's own WebAssembly encoders
// (src/client/private/wasm-encoders.ts: Squoosh's mozjpeg and libwebp) behind a small Engine over decoded pixels.
// Decoding here is jSquash's (the browser engine decodes with createImageBitmap, which jsdom lacks). It checks what
// private mode promises of the core: the pipeline's formats, Auto's decision, never larger; and that the WebAssembly
// encoders, fed the core's settings, give the server's sharp bytes within a few percent on corpus photos.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { compress, FORMATS, type CodecSettings, type Engine, type ImageFormat, type OpenImage, type Pixels } from '#codec-core/index';
import { jpegOptions } from '#codec-core/formats/jpeg';
import { webpOptions } from '#codec-core/formats/webp';
import { encodeRgba } from '#client/private/wasm-encoders.ts';
import { ENCODED_ON_DEVICE, madeOnServersOnly } from '#client/private/sniff.ts';
import { corpusPath } from '../../support/paths';
import { REPO_ROOT } from '../../support/paths';

const wasm = (...parts: string[]) => WebAssembly.compile(fs.readFileSync(path.join(REPO_ROOT, 'node_modules', '@jsquash', ...parts)));

let decodeJpeg: (data: ArrayBuffer) => Promise<ImageData>;
let decodeWebp: (data: ArrayBuffer) => Promise<ImageData>;

beforeAll(async () => {
  // In Node the encoders cannot fetch their WebAssembly by URL: it is compiled from the package and handed over.
  const jpegEnc = await import('@jsquash/jpeg/encode.js');
  await jpegEnc.init(await wasm('jpeg', 'codec', 'enc', 'mozjpeg_enc.wasm'));
  const webpEnc = await import('@jsquash/webp/encode.js');
  await webpEnc.init(await wasm('webp', 'codec', 'enc', 'webp_enc_simd.wasm'));
  const jpegDec = await import('@jsquash/jpeg/decode.js');
  await jpegDec.init(await wasm('jpeg', 'codec', 'dec', 'mozjpeg_dec.wasm'));
  const webpDec = await import('@jsquash/webp/decode.js');
  await webpDec.init(await wasm('webp', 'codec', 'dec', 'webp_dec.wasm'));
  decodeJpeg = (data) => jpegDec.default(data);
  decodeWebp = (data) => webpDec.default(data);
});

const rgbaOf = (data: Uint8ClampedArray | Uint8Array, width: number, height: number) =>
  ({ data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), width, height, colorSpace: 'srgb' }) as ImageData;

const toPixels = (rgba: ImageData): Pixels => {
  const data = new Uint8Array(rgba.width * rgba.height * 3);
  for (let p = 0, q = 0; q < data.length; p += 4, q += 3) data.set(rgba.data.subarray(p, p + 3), q);
  return { data, width: rgba.width, height: rgba.height };
};

interface PixelImage extends OpenImage {
  rgba: ImageData;
}

/** JPEG and WebP uploads, decoded whole; encodings by the browser engine's WebAssembly encoders. No resizing. */
const wasmEngine: Engine<PixelImage> = {
  encodes: ENCODED_ON_DEVICE,
  cannotEncode: madeOnServersOnly,
  async open(input, settings) {
    const format: ImageFormat = input[0] === 0xff ? 'jpeg' : 'webp';
    const rgba = await (format === 'jpeg' ? decodeJpeg : decodeWebp)(input.slice().buffer);
    const upright = { width: rgba.width, height: rgba.height };
    return { input, format, upright, hasAlpha: false, bounded: null, settings, rgba };
  },
  close: () => {},
  traits: async () => ({ transparent: false, photographic: true }),
  async encode(image, source, format, params) {
    if (source !== 'upload') {
      const rgba = new Uint8ClampedArray(source.width * source.height * 4).fill(255);
      for (let p = 0, q = 0; q < source.data.length; p += 4, q += 3) rgba.set(source.data.subarray(q, q + 3), p);
      const data = await encodeRgba(rgbaOf(rgba, source.width, source.height), format, { quality: params.quality, lossless: false, chroma: '4:2:0' });
      return { data, width: source.width, height: source.height };
    }
    const data = await encodeRgba(image.rgba, format, { quality: params.quality, lossless: params.lossless, chroma: '4:2:0' });
    return { data, width: image.rgba.width, height: image.rgba.height };
  },
  passOn: (image) => image.input,
  pixels: async (image) => toPixels(image.rgba),
  decodePixels: async (_image, data) => toPixels(await (data[0] === 0xff ? decodeJpeg : decodeWebp)(data.slice().buffer)),
};

const settings = (changes: Partial<CodecSettings>): CodecSettings => ({
  quality: 80,
  format: 'original',
  background: '#ffffff',
  mode: 'quality',
  allowResize: false,
  metadata: 'strip',
  ...changes,
});
const LIMITS = { maxPixels: 100_000_000, timeoutSeconds: 60 };

/** A corpus photo as RGBA, and as a high-quality JPEG upload made by the WebAssembly encoder. */
async function photo(name: string): Promise<{ rgba: ImageData; upload: Uint8Array }> {
  const { data, info } = await sharp(corpusPath('photos', name)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const rgba = rgbaOf(data, info.width, info.height);
  return { rgba, upload: await encodeRgba(rgba, 'jpeg', { quality: 95, lossless: false, chroma: '4:2:0' }) };
}

describe('the codec core in the client environment, with the WebAssembly encoders', () => {
  it('compresses to WebP and to the original format, smaller than the upload, at the upload size', async () => {
    const { upload, rgba } = await photo('kodim03.png');
    const webp = await compress(wasmEngine, upload, settings({ format: 'webp' }), LIMITS);
    expect(Buffer.from(webp.data).toString('latin1', 8, 12)).toBe('WEBP');
    expect([webp.output.format, webp.output.width, webp.output.height, webp.keptOriginal]).toEqual(['webp', rgba.width, rgba.height, false]);
    expect(webp.output.bytes).toBeLessThan(upload.length);
    const jpeg = await compress(wasmEngine, upload, settings({ quality: 70 }), LIMITS);
    expect([jpeg.output.format, jpeg.data[0], jpeg.data[1]]).toEqual(['jpeg', 0xff, 0xd8]);
    expect(jpeg.output.bytes).toBeLessThan(upload.length);
  });

  it("records Auto's decision over the browser's formats, and keeps the upload when nothing is smaller", async () => {
    const { upload } = await photo('kodim23.png');
    const auto = await compress(wasmEngine, upload, settings({ format: 'auto', formats: ['webp', 'jpeg'] }), LIMITS);
    expect(auto.decision?.candidates.map((c) => c.format).sort()).toEqual(['jpeg', 'jpeg', 'webp']);
    const smallest = Math.min(...auto.decision!.candidates.map((c) => c.bytes));
    expect(auto.output.bytes).toBe(smallest);
    // At 100 the re-encoding is larger than a quality-95 upload: the upload itself is the result.
    const kept = await compress(wasmEngine, upload, settings({ quality: 100 }), LIMITS);
    expect(kept.keptOriginal).toBe(true);
    expect(kept.data.length).toBe(upload.length);
  });

  // Private mode promises the server's bytes at the same settings (the exact figures: `npm run bench -- private`).
  it.each(['kodim03.png', 'kodim05.png', 'kodim23.png'])('gives the sharp encoders’ bytes within 3 percent for JPEG and WebP (%s)', async (name) => {
    const { rgba } = await photo(name);
    const raw = sharp(Buffer.from(rgba.data.buffer, rgba.data.byteOffset, rgba.data.byteLength), { raw: { width: rgba.width, height: rgba.height, channels: 4 } });
    const server = {
      jpeg: (await raw.clone().removeAlpha().jpeg(jpegOptions(80)).toBuffer()).length,
      webp: (await raw.clone().removeAlpha().webp(webpOptions(80)).toBuffer()).length,
    };
    const browser = {
      jpeg: (await encodeRgba(rgba, 'jpeg', { quality: 80, lossless: false, chroma: '4:2:0' })).length,
      webp: (await encodeRgba(rgba, 'webp', { quality: 80, lossless: false, chroma: '4:2:0' })).length,
    };
    expect(FORMATS.jpeg.options(80)).toEqual(jpegOptions(80));
    expect(browser.jpeg / server.jpeg).toBeGreaterThan(0.97);
    expect(browser.jpeg / server.jpeg).toBeLessThan(1.03);
    expect(browser.webp / server.webp).toBeGreaterThan(0.97);
    expect(browser.webp / server.webp).toBeLessThan(1.03);
  });
});
