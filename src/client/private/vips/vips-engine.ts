// The codec core's Engine on libvips in WebAssembly (wasm-vips): the server's sharp engine
// (src/server/codec/engine) step for step, with the same libraries (libvips, mozjpeg, libwebp, libimagequant,
// libheif with libaom), so private mode gives the server's bytes. Platform-neutral: the isolated private page runs
// it in module workers, the tests in Node with the same WebAssembly.
import { MAX_PNG_PIXELS } from '#contract/limits';
import { DEFAULT_BACKGROUND, parseColour } from '#contract/settings';
import {
  anyTransparent,
  boundsOf,
  CodecError,
  CORRUPT_MESSAGE,
  countsAsPhoto,
  FORMATS,
  pngTooLargeError,
  tooManyPixelsError,
  UNSUPPORTED_MESSAGE,
  type CodecSettings,
  type EncodeParams,
  type Encoded,
  type Engine,
  type ImageFormat,
  type OpenImage,
  type Pixels,
} from '#codec-core/index';
import { ENCODED_ON_DEVICE, madeOnServersOnly, needsServer, sniffFormat } from '#client/private/sniff.ts';
import { encodeVips, type VipsEncodeSource } from './vips-encoders';
import { decodeLikeSharp, fromRaw, Images, isGrey, rawOf, readHeader, withImages, type Header, type Vips } from './vips-ops';
import type { Oxipng, StripPng } from './vips-png';

export interface VipsImageOpen extends OpenImage {
  vips: Vips;
  header: Header;
  /** A palette PNG (colour type 3). */
  isPalette: boolean;
  /** Bits per sample as stored. */
  bitsPerSample: number;
}

export interface VipsEngineParts {
  /** libvips, with libheif (AVIF) loaded when `heif` is true. */
  load(needs: { heif: boolean }): Promise<Vips>;
  /** The lossless PNG optimiser (oxipng). */
  oxipng: Oxipng;
  /** The upload with only the metadata the `strip` policy keeps, without re-encoding; null when impossible. */
  passOn(input: Uint8Array, format: ImageFormat): Uint8Array | null;
  /** A PNG upload with its ancillary chunks dropped (oxipng then works on the original). */
  stripPng: StripPng;
}

/** libvips's loader for each format (AVIF is read by the HEIF loader), as the server checks it. */
const LOADER: Record<ImageFormat, string> = { jpeg: 'jpeg', png: 'png', webp: 'webp', avif: 'heif', jxl: 'jxl' };

const ANIMATED_MESSAGE = 'Animated images are not supported; please upload a still image';

/** AVIF is needed when the upload is one or a result may be one: libheif is then loaded with libvips. */
export function needsHeif(format: ImageFormat, settings: Pick<CodecSettings, 'format' | 'formats'>): boolean {
  if (format === 'avif' || settings.format === 'avif') return true;
  return settings.format === 'auto' && (settings.formats ?? ['avif']).includes('avif');
}

function background(settings: CodecSettings): [number, number, number] {
  const hex = parseColour(settings.background) ?? DEFAULT_BACKGROUND;
  return [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)) as [number, number, number];
}

/** The server's toSrgb8: grey without alpha stays grey, everything else leaves as sRGB. */
const spaceOf = (image: VipsImageOpen) => (isGrey(image.header.interpretation) && !image.hasAlpha ? 'b-w' : 'srgb');

function sourceOf(image: VipsImageOpen, resized: boolean): VipsEncodeSource {
  const { header } = image;
  const fromPng = image.format === 'png';
  return {
    input: image.input,
    jpegChroma: image.format === 'jpeg' ? header.chromaSubsampling : null,
    isPalette: fromPng && image.isPalette,
    optimiseOriginal: fromPng && !resized && header.orientation === 1 && !header.hasProfile && image.bitsPerSample <= 8,
  };
}

/**
 * The server's JPEG damage rule (src/server/codec/engine/encode.ts): libjpeg only warns about a scan that ends
 * early and fills the rest with grey, so a JPEG is decoded strictly once; a warning that means missing or
 * undecodable picture data makes the file damaged, any other warning is harmless (the lenient decode then runs).
 */
const JPEG_DAMAGE_WARNING = /premature end of data segment|found marker 0x[0-9a-f]+ instead of RST|bad (huffman|arithmetic) code/i;

function refuseDamagedJpeg(vips: Vips, input: Uint8Array): void {
  try {
    withImages(vips, (images) => images.keep(vips.Image.newFromBuffer(input, '', { fail_on: 'warning' })).avg());
  } catch (error) {
    if (JPEG_DAMAGE_WARNING.test(error instanceof Error ? error.message : String(error))) throw new CodecError('corrupt', CORRUPT_MESSAGE);
  }
}

/** What libvips throws for an upload it was allowed to open is a property of the file, as on the server. */
async function asCodecError<T>(step: () => T | Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    throw error instanceof CodecError ? error : new CodecError('corrupt', CORRUPT_MESSAGE);
  }
}

const toPixels = (raw: { data: Uint8Array; width: number; height: number }): Pixels => ({ data: raw.data.slice(), width: raw.width, height: raw.height });

export function createVipsEngine(parts: VipsEngineParts): Engine<VipsImageOpen> {
  /** The upload, upright, at the size asked, flattened where the format has no alpha: as the sharp engine's encodeAs. */
  const encodeUpload = (image: VipsImageOpen, format: ImageFormat, params: EncodeParams) =>
    asCodecError(async () => {
      const images = new Images(image.vips);
      try {
        const flatten = !FORMATS[format].supportsAlpha && image.hasAlpha ? background(image.settings) : null;
        const decoded = decodeLikeSharp(images, image.input, { autoOrient: true, size: params.size, flatten, space: spaceOf(image) });
        const request = { quality: params.quality, lossless: params.lossless, exactQuality: params.exactQuality, source: sourceOf(image, params.size !== null) };
        const data = await encodeVips(images, decoded, format, request, parts);
        // A copy in this worker's own memory: a view into WebAssembly's shared memory must not be posted to the page.
        return { data: data.slice(), width: decoded.width, height: decoded.height };
      } finally {
        images.release();
      }
    });

  /** Bare pixels (no metadata); a fast preview in lossless PNG is written without the optimiser. */
  const encodePixels = async (image: VipsImageOpen, pixels: Pixels, format: ImageFormat, params: EncodeParams): Promise<Encoded> => {
    const images = new Images(image.vips);
    try {
      const raw = fromRaw(images, pixels.data, pixels.width, pixels.height, 3);
      const size = { width: pixels.width, height: pixels.height };
      if (params.fast && params.lossless && format === 'png') {
        return { data: raw.pngsaveBuffer({ keep: 0, interlace: false, compression: 6, filter: 'none', palette: false, bitdepth: 8 }).slice(), ...size };
      }
      const request = { quality: params.quality, lossless: params.lossless, exactQuality: params.exactQuality, source: sourceOf(image, true) };
      return { data: (await encodeVips(images, raw, format, request, parts)).slice(), ...size };
    } finally {
      images.release();
    }
  };

  return {
    encodes: ENCODED_ON_DEVICE,
    cannotEncode: madeOnServersOnly,
    async open(input, settings, limits) {
      const refused = needsServer(input);
      if (refused) throw new CodecError('unsupported-format', refused);
      const format = sniffFormat(input);
      if (!format) throw new CodecError('unsupported-format', UNSUPPORTED_MESSAGE);
      const vips = await parts.load({ heif: needsHeif(format, settings) });
      const { header, isPalette, bitsPerSample } = withImages(vips, (images) => {
        try {
          const header = readHeader(images, input);
          const first = images.keep(vips.Image.newFromBuffer(input, '', { fail_on: 'truncated' }));
          const palette = first.getTypeof('palette') ? first.getInt('palette') === 1 : false;
          const bits = first.getTypeof('bits-per-sample') ? first.getInt('bits-per-sample') : 8;
          return { header, isPalette: palette, bitsPerSample: bits };
        } catch {
          throw new CodecError('corrupt', CORRUPT_MESSAGE);
        }
      });
      if (header.loader !== LOADER[format]) throw new CodecError('corrupt', CORRUPT_MESSAGE);
      if (format === 'avif' && header.compression !== 'av1') throw new CodecError('unsupported-format', UNSUPPORTED_MESSAGE);
      if (header.pages > 1) throw new CodecError('unsupported-format', ANIMATED_MESSAGE);
      const { width, height } = header;
      if (width * height > limits.maxPixels) throw tooManyPixelsError(width, height, limits.maxPixels);
      const outputsPng = settings.format === 'png' || (settings.format === 'original' && format === 'png');
      if ((format === 'png' || outputsPng) && width * height > MAX_PNG_PIXELS) throw pngTooLargeError(width, height, MAX_PNG_PIXELS);
      if (format === 'jpeg') refuseDamagedJpeg(vips, input);
      const upright = header.orientation >= 5 ? { width: height, height: width } : { width, height };
      return { input, format, upright, hasAlpha: header.hasAlpha, bounded: boundsOf(upright, settings), settings, vips, header, isPalette, bitsPerSample };
    },
    close() {
      // Nothing is held between steps: every step deletes its own images.
    },
    async traits(image, { colours }) {
      if (!image.hasAlpha && !colours) return { transparent: false, photographic: true };
      return asCodecError(() => withImages(image.vips, (images) => {
        const raw = rawOf(decodeLikeSharp(images, image.input, { autoOrient: false, space: spaceOf(image) }));
        return { transparent: anyTransparent(raw.data, raw.channels), photographic: colours ? countsAsPhoto(raw.data, raw.channels) : true };
      }));
    },
    encode: (image, source, format, params) => (source === 'upload' ? encodeUpload(image, format, params) : encodePixels(image, source, format, params)),
    passOn: (image) => parts.passOn(image.input, image.format),
    pixels: (image) =>
      asCodecError(() =>
        withImages(image.vips, (images) =>
          toPixels(rawOf(decodeLikeSharp(images, image.input, { autoOrient: true, size: image.bounded, flatten: background(image.settings), removeAlpha: true, space: 'srgb' }))),
        ),
      ),
    async decodePixels(image, data) {
      return withImages(image.vips, (images) => {
        try {
          return toPixels(rawOf(decodeLikeSharp(images, data, { autoOrient: false, removeAlpha: true, space: 'srgb' })));
        } catch {
          throw new CodecError('corrupt', CORRUPT_MESSAGE);
        }
      });
    },
  };
}
