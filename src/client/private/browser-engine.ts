// The codec core's Engine in the browser (private mode), run inside a Web Worker: decoding by the browser itself
// (createImageBitmap applies the EXIF orientation and converts colour profiles to sRGB, as the server's decode does),
// resizing on an OffscreenCanvas at high quality, encoding by the WebAssembly encoders (wasm-encoders.ts). Encodings
// carry no metadata at all, so only the `strip` policy is offered in private mode (the tool says so).
import { MAX_PNG_PIXELS } from '#contract/limits';
import { DEFAULT_BACKGROUND, parseColour } from '#contract/settings';
import {
  anyTransparent,
  CodecError,
  CORRUPT_MESSAGE,
  countsAsPhoto,
  fitInside,
  jpegIsSubsampled,
  pngTooLargeError,
  stripForPassOn,
  tooManyPixelsError,
  UNSUPPORTED_MESSAGE,
  type Engine,
  type ImageFormat,
  type OpenImage,
  type Pixels,
  type Size,
} from '#codec-core/index';
import { chooseChromaSubsampling } from '#codec-core/index';
import { chromaDetail } from '#codec-core/index';
import { FORMATS } from '#codec-core/index';
import { ENCODED_ON_DEVICE, madeOnServersOnly, needsServer, sniffFormat } from './sniff';
import { encodeRgba } from './wasm-encoders';

export interface BrowserImage extends OpenImage {
  bitmap: ImageBitmap;
  /** RGBA pixels by size, drawn once each: the upright size and the bounded one are asked for again and again. */
  drawn: Map<string, ImageData>;
}

async function decode(data: Uint8Array): Promise<ImageBitmap> {
  try {
    return await createImageBitmap(new Blob([data as BlobPart]), { imageOrientation: 'from-image', premultiplyAlpha: 'none', colorSpaceConversion: 'default' });
  } catch {
    throw new CodecError('corrupt', CORRUPT_MESSAGE);
  }
}

/** The bitmap drawn at `size` (high-quality resampling when it differs), as unpremultiplied sRGB RGBA. */
function draw(bitmap: ImageBitmap, size: Size): ImageData {
  const canvas = new OffscreenCanvas(size.width, size.height);
  const context = canvas.getContext('2d', { colorSpace: 'srgb', willReadFrequently: true });
  if (!context) throw new Error('no 2D canvas in this browser');
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, size.width, size.height);
  return context.getImageData(0, 0, size.width, size.height, { colorSpace: 'srgb' });
}

function rgbaAt(image: BrowserImage, size: Size | null): ImageData {
  const wanted = size ?? image.upright;
  const key = `${wanted.width}x${wanted.height}`;
  let drawn = image.drawn.get(key);
  if (!drawn) image.drawn.set(key, (drawn = draw(image.bitmap, wanted)));
  return drawn;
}

function backgroundOf(image: OpenImage): [number, number, number] {
  const hex = parseColour(image.settings.background) ?? DEFAULT_BACKGROUND;
  return [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)) as [number, number, number];
}

/** RGBA composited onto the background: opaque, as a format without transparency shows it. */
function flattened(rgba: ImageData, background: [number, number, number]): ImageData {
  const out = new Uint8ClampedArray(rgba.data.length);
  const src = rgba.data;
  for (let p = 0; p < src.length; p += 4) {
    const a = src[p + 3]! / 255;
    for (let c = 0; c < 3; c++) out[p + c] = Math.round(src[p + c]! * a + background[c]! * (1 - a));
    out[p + 3] = 255;
  }
  return new ImageData(out, rgba.width, rgba.height);
}

/** Three-channel pixels (alpha dropped) from RGBA. */
function toPixels(rgba: ImageData): Pixels {
  const data = new Uint8Array(rgba.width * rgba.height * 3);
  for (let p = 0, q = 0; q < data.length; p += 4, q += 3) {
    data[q] = rgba.data[p]!;
    data[q + 1] = rgba.data[p + 1]!;
    data[q + 2] = rgba.data[p + 2]!;
  }
  return { data, width: rgba.width, height: rgba.height };
}

function toRgba(pixels: Pixels): ImageData {
  const out = new Uint8ClampedArray(pixels.width * pixels.height * 4);
  for (let p = 0, q = 0; q < pixels.data.length; p += 4, q += 3) {
    out[p] = pixels.data[q]!;
    out[p + 1] = pixels.data[q + 1]!;
    out[p + 2] = pixels.data[q + 2]!;
    out[p + 3] = 255;
  }
  return new ImageData(out, pixels.width, pixels.height);
}

/** As the server's JPEG encoder: a 4:2:0 JPEG upload stays 4:2:0, anything else by its measured colour detail. */
function chromaFor(image: BrowserImage, rgba: ImageData) {
  if (image.format === 'jpeg' && jpegIsSubsampled(image.input)) return '4:2:0' as const;
  return chooseChromaSubsampling(chromaDetail({ data: new Uint8Array(rgba.data.buffer), width: rgba.width, height: rgba.height, channels: 4 }));
}

async function encodeImageData(image: BrowserImage, rgba: ImageData, format: ImageFormat, quality: number, lossless: boolean, exactQuality: boolean): Promise<Uint8Array> {
  const opaque = FORMATS[format].supportsAlpha ? rgba : flattened(rgba, backgroundOf(image));
  const chroma = format === 'jpeg' ? chromaFor(image, opaque) : '4:2:0';
  return encodeRgba(opaque, format, { quality, lossless, chroma, exactQuality });
}

export const browserEngine: Engine<BrowserImage> = {
  encodes: ENCODED_ON_DEVICE,
  cannotEncode: madeOnServersOnly,
  async open(input, settings, limits) {
    // Said per file, not guessed at: a first frame of an animation or an error about a corrupt file would be wrong.
    const refused = needsServer(input);
    if (refused) throw new CodecError('unsupported-format', refused);
    const format = sniffFormat(input);
    if (!format) throw new CodecError('unsupported-format', UNSUPPORTED_MESSAGE);
    const bitmap = await decode(input);
    const { width, height } = bitmap;
    const outputsPng = settings.format === 'png' || (settings.format === 'original' && format === 'png');
    try {
      if (width * height > limits.maxPixels) throw tooManyPixelsError(width, height, limits.maxPixels);
      if ((format === 'png' || outputsPng) && width * height > MAX_PNG_PIXELS) throw pngTooLargeError(width, height, MAX_PNG_PIXELS);
    } catch (error) {
      bitmap.close();
      throw error;
    }
    const upright = { width, height };
    // The browser does not say whether a file has an alpha channel; JPEG never has one, the others may.
    return { input, format, upright, hasAlpha: format !== 'jpeg', bounded: fitInside(upright, settings.maxWidth, settings.maxHeight), settings, bitmap, drawn: new Map() };
  },
  close(image) {
    image.bitmap.close();
    image.drawn.clear();
  },
  async traits(image, { colours }) {
    const rgba = rgbaAt(image, null);
    const data = new Uint8Array(rgba.data.buffer);
    return { transparent: image.hasAlpha && anyTransparent(data, 4), photographic: colours ? countsAsPhoto(data, 4) : true };
  },
  async encode(image, source, format, params) {
    // A fast preview of a kept upload: lossless PNG straight from the pixels, without the palette climb.
    if (source !== 'upload' && params.fast && params.lossless && format === 'png') {
      return { data: await encodeRgba(toRgba(source), 'png', { quality: 100, lossless: true, chroma: '4:4:4' }), width: source.width, height: source.height };
    }
    const rgba = source === 'upload' ? rgbaAt(image, params.size) : toRgba(source);
    const data = await encodeImageData(image, rgba, format, params.quality, params.lossless, params.exactQuality);
    return { data, width: rgba.width, height: rgba.height };
  },
  // Encodings carry no metadata, and the upload is passed on by the core's strip policy, the only one offered here
  // (an AVIF with EXIF or XMP items is not: this engine has no item rewriter).
  passOn: (image) => stripForPassOn(image.input, image.format, 'strip'),
  async pixels(image) {
    return toPixels(flattened(rgbaAt(image, image.bounded), backgroundOf(image)));
  },
  async decodePixels(_image, data) {
    const bitmap = await decode(data);
    try {
      return toPixels(draw(bitmap, { width: bitmap.width, height: bitmap.height }));
    } finally {
      bitmap.close();
    }
  },
};
