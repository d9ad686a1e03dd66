// The server's encoders (src/server/codec/encoders) on libvips in WebAssembly: the core's option mappings handed
// to the same libvips savers with exactly the parameters sharp passes them (sharp's pipeline.cc and its defaults),
// so the same pixels give the same bytes. JPEG XL is still the server's (its libjxl build differs).
import {
  avifLosslessOptions,
  avifOptions,
  chooseChromaSubsampling,
  chromaDetail,
  CodecError,
  jpegOptions,
  webpLosslessOptions,
  webpOptions,
  type ChromaSubsampling,
  type ImageFormat,
} from '#codec-core/index';
import { madeOnServersOnly } from '#client/private/sniff.ts';
import { rawOf, fromRaw, type Images, type Vips, type VipsImage } from './vips-ops';
import { encodePng, type Oxipng, type PngSource, type StripPng } from './vips-png';

/**
 * libaom's threads for an AVIF encoding: one on both sides (sharp.concurrency(1) on the server), because its bytes
 * change with the thread count and parity must not depend on a device's cores (docs/decisions/0561).
 */
export const AVIF_THREADS = 1;

/** What an encoder may know of the upload besides the pixels (the server's EncodeSource). */
export interface VipsEncodeSource extends PngSource {
  /** The upload's stored JPEG chroma subsampling ('4:2:0' keeps 4:2:0 without measuring), else null. */
  jpegChroma: string | null;
}

export interface VipsEncodeRequest {
  quality: number;
  lossless: boolean;
  exactQuality: boolean;
  source: VipsEncodeSource;
}

const KEEP_NONE = 0;

/** sharp's jpeg({ mozjpeg: true, quality, chromaSubsampling }) as libvips's jpegsave gets it. */
function jpegsave(image: VipsImage, quality: number, chroma: ChromaSubsampling): Uint8Array {
  const options = jpegOptions(quality, chroma);
  return image.jpegsaveBuffer({
    keep: KEEP_NONE,
    Q: options.quality,
    interlace: true,
    subsample_mode: options.chromaSubsampling === '4:4:4' ? 'off' : 'on',
    trellis_quant: true,
    quant_table: 3,
    overshoot_deringing: true,
    optimize_scans: true,
    optimize_coding: true,
  });
}

/** The server's JPEG encoder: a 4:2:0 JPEG upload stays 4:2:0, anything else by its measured colour detail. */
function encodeJpeg(images: Images, image: VipsImage, quality: number, source: VipsEncodeSource): Uint8Array {
  if (source.jpegChroma === '4:2:0') return jpegsave(image, quality, '4:2:0');
  const raw = rawOf(image);
  const chroma = chooseChromaSubsampling(chromaDetail({ ...raw, channels: raw.channels as 1 | 2 | 3 | 4 }));
  return jpegsave(fromRaw(images, raw.data, raw.width, raw.height, raw.channels), quality, chroma);
}

/** sharp's webp() with its defaults for everything the core does not set. */
function encodeWebp(image: VipsImage, quality: number, lossless: boolean): Uint8Array {
  const options = lossless ? webpLosslessOptions() : webpOptions(quality);
  return image.webpsaveBuffer({
    keep: KEEP_NONE,
    Q: options.quality ?? 80,
    lossless: options.lossless === true,
    near_lossless: false,
    smart_subsample: false,
    smart_deblock: false,
    preset: 'default',
    effort: options.effort,
    min_size: false,
    mixed: false,
    exact: options.exact === true,
    alpha_q: options.alphaQuality ?? 100,
  });
}

/** sharp's avif(): libheif's AV1 with sharp's defaults (tune auto, 8 bits, 4:4:4 unless asked), on AVIF_THREADS. */
function encodeAvif(vips: Vips, image: VipsImage, quality: number, lossless: boolean): Uint8Array {
  const options = lossless ? avifLosslessOptions() : avifOptions(quality);
  const threads = vips.concurrency() ?? AVIF_THREADS;
  vips.concurrency(AVIF_THREADS);
  try {
    return image.heifsaveBuffer({
      keep: KEEP_NONE,
      Q: options.quality ?? 50,
      compression: 'av1',
      effort: options.effort,
      bitdepth: options.bitdepth ?? 8,
      tune: 'auto',
      subsample_mode: options.chromaSubsampling === '4:2:0' ? 'on' : 'off',
      lossless: options.lossless === true,
    });
  } finally {
    vips.concurrency(threads);
  }
}

/** One encoding of decoded pixels, as the server's ENCODERS[format].encode makes it. */
export async function encodeVips(
  images: Images,
  image: VipsImage,
  format: ImageFormat,
  request: VipsEncodeRequest,
  png: { oxipng: Oxipng; stripPng: StripPng },
): Promise<Uint8Array> {
  const { quality, lossless, source } = request;
  if (format === 'jpeg') {
    if (lossless) throw new Error('JPEG cannot be encoded losslessly');
    return encodeJpeg(images, image, quality, source);
  }
  if (format === 'webp') return encodeWebp(image, quality, lossless);
  if (format === 'avif') return encodeAvif(images.vips, image, quality, lossless);
  if (format === 'png') return encodePng(images, image, lossless ? 100 : quality, source, png.oxipng, { floor: !request.exactQuality }, png.stripPng);
  throw new CodecError('unsupported-format', madeOnServersOnly(format));
}
