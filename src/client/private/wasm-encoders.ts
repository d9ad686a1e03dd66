// The WebAssembly encoders (Squoosh's mozjpeg, libwebp, libavif and oxipng, repackaged by jSquash), each loaded the
// first time its format is needed. The settings come from the codec core's format descriptors, the same mapping from
// our 1-100 scale the server's sharp encoders use; only the names of the options differ.
import { avifLosslessOptions, avifOptions } from '#codec-core/index';
import { jpegOptions, type ChromaSubsampling } from '#codec-core/index';
import { webpLosslessOptions, webpOptions } from '#codec-core/index';
import type { ImageFormat } from '#contract/settings';
import { CodecError } from '#codec-core/index';
import { madeOnServersOnly } from './sniff';

export interface EncodeRequest {
  quality: number;
  lossless: boolean;
  /** JPEG only: chosen per image by the caller, as the server does. */
  chroma: ChromaSubsampling;
  /** PNG only: the palette at exactly `quality`, without the floor (size mode searches the quality itself). */
  exactQuality?: boolean;
}

/**
 * jSquash's libaom (3.7.0) at sharp's quality gives about 5% worse butteraugli than sharp's newer libaom for 4% fewer
 * bytes; 3 points higher (about 2 quantiser steps) gives better butteraugli at every preset for 1-7% more bytes in
 * the median (`npm run bench -- private`, 8 corpus photos, 0382).
 */
const AVIF_WASM_QUALITY_STEP = 3;

/** jSquash's AVIFTune.ssim (a const enum in its types, so spelled out here). */
const AVIF_TUNE_SSIM = 2;

/** libaom's speed is sharp's effort counted from the other end (libvips's heifsave: speed = 9 - effort). */
const aomSpeed = (effort: number) => 9 - effort;
/** libavif's pixel format as Squoosh numbers it: 1 is 4:2:0, 3 is 4:4:4. */
const avifSubsample = (chroma: string | undefined) => (chroma === '4:2:0' ? 1 : 3);

async function encodeJpeg(image: ImageData, { quality, chroma }: EncodeRequest): Promise<ArrayBuffer> {
  const { default: encode } = await import('@jsquash/jpeg/encode.js');
  const options = jpegOptions(quality, chroma);
  // mozjpeg's own defaults are what sharp's `mozjpeg: true` asks for: progressive, trellis, quantisation table 3.
  return encode(image, { quality: options.quality, auto_subsample: false, chroma_subsample: options.chromaSubsampling === '4:2:0' ? 2 : 1 });
}

async function encodeWebp(image: ImageData, { quality, lossless }: EncodeRequest): Promise<ArrayBuffer> {
  const { default: encode } = await import('@jsquash/webp/encode.js');
  if (lossless) {
    const options = webpLosslessOptions();
    return encode(image, { lossless: 1, exact: options.exact ? 1 : 0, method: options.effort, quality: 100 });
  }
  const options = webpOptions(quality);
  return encode(image, { quality: options.quality, method: options.effort, alpha_quality: options.alphaQuality ?? 100 });
}

async function encodeAvif(image: ImageData, { quality, lossless }: EncodeRequest): Promise<ArrayBuffer> {
  const { default: encode } = await import('@jsquash/avif/encode.js');
  if (lossless) {
    const options = avifLosslessOptions();
    return encode(image, { lossless: true, speed: aomSpeed(options.effort), subsample: 3, bitDepth: 8 });
  }
  const options = avifOptions(quality);
  // libheif's libaom settings as sharp runs them, named as jSquash names them: the same quality to quantiser mapping
  // (cq-level = ((100 - q) * 63 + 50) / 100 in both libheif and libavif), shifted by AVIF_WASM_QUALITY_STEP for
  // jSquash's older libaom (docs/decisions/0382); tune=ssim (libheif's default, said explicitly: jSquash's `auto`
  // measured the same), no denoising, sharpness 0, no chroma delta-q, no tiles, as libheif leaves them.
  return encode(image, {
    quality: Math.min(100, options.quality! + AVIF_WASM_QUALITY_STEP),
    speed: aomSpeed(options.effort),
    subsample: avifSubsample(options.chromaSubsampling),
    bitDepth: 8,
    tune: AVIF_TUNE_SSIM,
    denoiseLevel: 0,
    sharpness: 0,
    chromaDeltaQ: false,
    tileRowsLog2: 0,
    tileColsLog2: 0,
  });
}

/** oxipng on RGBA pixels, loaded with the first PNG. */
async function oxipng(rgba: { data: Uint8Array | Uint8ClampedArray; width: number; height: number }): Promise<Uint8Array> {
  const { default: optimise } = await import('@jsquash/oxipng/optimise.js');
  const pixels = new ImageData(new Uint8ClampedArray(rgba.data.buffer as ArrayBuffer, rgba.data.byteOffset, rgba.data.byteLength), rgba.width, rgba.height);
  return new Uint8Array(await optimise(pixels, { level: 2, interlace: false, optimiseAlpha: false }));
}

/**
 * PNG by the server's rules (a palette when small and good enough, else lossless); the quantiser (image-q) and the
 * pipeline are loaded with the first PNG, as the other encoders are with their format.
 */
async function encodePng(image: ImageData, { quality, lossless, exactQuality = false }: EncodeRequest): Promise<Uint8Array> {
  const { encodePng: pipeline } = await import('./png-pipeline');
  return pipeline(image, { quality, lossless, exactQuality }, oxipng);
}

/** JPEG XL is made by the server only: the core refuses it before any encode (the engines' `encodes`). */
function unsupportedHere(format: ImageFormat): never {
  throw new CodecError('unsupported-format', madeOnServersOnly(format));
}

export async function encodeRgba(image: ImageData, format: ImageFormat, request: EncodeRequest): Promise<Uint8Array> {
  const encoded =
    format === 'jpeg'
      ? await encodeJpeg(image, request)
      : format === 'webp'
        ? await encodeWebp(image, request)
        : format === 'avif'
          ? await encodeAvif(image, request)
          : format === 'png'
            ? await encodePng(image, request)
            : unsupportedHere(format);
  return new Uint8Array(encoded);
}
