// The WebAssembly encoders (Squoosh's mozjpeg, libwebp, libavif and oxipng, repackaged by jSquash), each loaded the
// first time its format is needed. The settings come from the codec core's format descriptors, the same mapping from
// our 1-100 scale the server's sharp encoders use; only the names of the options differ.
import { avifLosslessOptions, avifOptions } from '#codec-core/index';
import { jpegOptions, type ChromaSubsampling } from '#codec-core/index';
import { webpLosslessOptions, webpOptions } from '#codec-core/index';
import type { ImageFormat } from '#contract/settings';

export interface EncodeRequest {
  quality: number;
  lossless: boolean;
  /** JPEG only: chosen per image by the caller, as the server does. */
  chroma: ChromaSubsampling;
}

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
  return encode(image, { quality: options.quality, speed: aomSpeed(options.effort), subsample: avifSubsample(options.chromaSubsampling), bitDepth: 8 });
}

/**
 * PNG is always lossless here: the server's palette quantisation (libimagequant) has no browser build, so a PNG
 * result is oxipng's lossless file whatever the quality (the tool says so next to the format).
 */
async function encodePng(image: ImageData): Promise<ArrayBuffer> {
  const { default: optimise } = await import('@jsquash/oxipng/optimise.js');
  return optimise(image, { level: 2, interlace: false, optimiseAlpha: false });
}

/** JPEG XL is made by the server only (libjxl's tools, docs/decisions/0401); private mode never plans it. */
function unsupportedHere(format: ImageFormat): never {
  throw new Error(`${format} is not encoded in the browser; it needs the server`);
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
            ? await encodePng(image)
            : unsupportedHere(format);
  return new Uint8Array(encoded);
}
