// Opening an upload in the codec process: sniffed, its header read by libvips, and refused before any decoding when
// it is not a format we take, animated, or over the pixel limits.
import type { Metadata } from '#server/codec/sharp-setup';
import { MAX_AVIF_PIXELS, MAX_PNG_PIXELS } from '#contract/limits';
import type { CodecLimits, CodecSettings, ImageFormat, OpenImage } from '#codec-core/index';
import { apngHeader, avifTooLargeError, boundsOf, CodecError, CORRUPT_MESSAGE, pngTooLargeError, tooManyPixelsError, UNSUPPORTED_MESSAGE } from '#codec-core/index';
import { Deadline } from '#server/codec/deadline';
import { toCodecError } from '#server/codec/errors';
import { FAIL_ON, sharp } from '#server/codec/sharp-setup';
import { sniffInputFormat } from '#server/codec/input/sniff';
import { heicAsPng } from './open-heic';
import { jxlAsPng } from './open-jxl';
import { droppedFeatureNotes, refuseUnsupportedFeature } from '#server/codec/input/unsupported-features';
import { svgAsPng } from './open-svg';

export type DecodeStrictness = typeof FAIL_ON | 'warning';

/** An upload opened by the sharp engine. */
export interface SharpImage extends OpenImage {
  input: Buffer;
  meta: Metadata;
  maxPixels: number;
  deadline: Deadline;
  /** The upload's own bytes when `input` is their decoding (decodedFrom): a JPEG XL may still be passed on as the result. */
  upload?: Buffer;
  /** Strict for JPEGs until a harmless warning is met (see encode.ts), then lenient for the rest of the job. */
  failOn: DecodeStrictness;
}

/** libvips's name for each format's loader (AVIF is read by the HEIF loader). */
const LOADER_FORMAT: Record<ImageFormat, string> = { jpeg: 'jpeg', png: 'png', webp: 'webp', avif: 'heif', jxl: 'jxl' };

const ANIMATED_MESSAGE = 'Animated images are not supported; please upload a still image';

async function readHeader(input: Buffer, format: ImageFormat, maxPixels: number, deadline: Deadline): Promise<Metadata> {
  let meta: Metadata;
  try {
    meta = await sharp(input, { failOn: FAIL_ON, limitInputPixels: false }).metadata();
  } catch (error) {
    throw toCodecError(error, deadline.seconds);
  }
  if (meta.format !== LOADER_FORMAT[format]) throw new CodecError('corrupt', CORRUPT_MESSAGE);
  // An AVIF brand in front of HEVC data is a HEIC file: not a format we take.
  if (format === 'avif' && meta.compression !== 'av1') throw new CodecError('unsupported-format', UNSUPPORTED_MESSAGE);
  if ((meta.pages ?? 1) > 1) throw new CodecError('unsupported-format', ANIMATED_MESSAGE);
  if (!meta.width || !meta.height) throw new CodecError('corrupt', CORRUPT_MESSAGE);
  if (meta.width * meta.height > maxPixels) throw tooManyPixelsError(meta.width, meta.height, maxPixels);
  return meta;
}

/** A format libvips does not read for the pipeline, as a lossless PNG of its (first) picture. */
async function decodedAsPng(upload: Buffer, format: 'heic' | 'jxl' | 'gif' | 'svg', maxPixels: number, deadline: Deadline): Promise<Buffer> {
  if (format === 'heic') return heicAsPng(upload, maxPixels);
  if (format === 'jxl') return jxlAsPng(upload, maxPixels, deadline);
  if (format === 'svg') return svgAsPng(upload, maxPixels, deadline);
  try {
    return await sharp(upload, { failOn: FAIL_ON, limitInputPixels: maxPixels }).png({ compressionLevel: 0 }).toBuffer();
  } catch (error) {
    throw toCodecError(error, deadline.seconds);
  }
}

export async function openImage(bytes: Uint8Array, settings: CodecSettings, limits: CodecLimits): Promise<SharpImage> {
  const upload = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const sniffed = sniffInputFormat(upload);
  // A valid file using a feature we cannot keep is named for it, before a decoder calls it damaged.
  refuseUnsupportedFeature(upload);
  if (!sniffed) throw new CodecError('unsupported-format', UNSUPPORTED_MESSAGE);
  // libvips reads only an APNG's default image: an animated PNG is the animation engine's (0408), never a still here.
  if (sniffed === 'png' && (apngHeader(upload)?.frames ?? 1) > 1) throw new CodecError('unsupported-format', ANIMATED_MESSAGE);
  const deadline = new Deadline(limits.timeoutSeconds);
  try {
    // An input-only format is decoded here into a lossless PNG that the rest of the engine reads like any upload.
    const decoded = sniffed === 'heic' || sniffed === 'jxl' || sniffed === 'gif' || sniffed === 'svg';
    const decodedFrom = decoded ? { format: sniffed, bytes: upload.length } : undefined;
    const input = decoded ? await decodedAsPng(upload, sniffed, limits.maxPixels, deadline) : upload;
    const format = decoded ? 'png' : sniffed;
    const meta = await readHeader(input, format, limits.maxPixels, deadline);
    const upright = meta.autoOrient ?? { width: meta.width!, height: meta.height! };
    // The PNG path holds whole images in memory several times over and runs long: over the PNG limit it is
    // refused from the header (the upload already refuses PNG inputs; this covers conversions into PNG too).
    // (A decoded HEIC is a PNG only on the way: its size counts only when PNG is asked for.)
    const outputsPng = settings.format === 'png' || (settings.format === 'original' && format === 'png' && !decodedFrom);
    if (((format === 'png' && !decodedFrom) || outputsPng) && meta.width! * meta.height! > MAX_PNG_PIXELS) {
      throw pngTooLargeError(meta.width!, meta.height!, MAX_PNG_PIXELS);
    }
    // libaom's memory: an AVIF asked for past its limit fails at once, naming it (Auto leaves AVIF out instead).
    const out = boundsOf(upright, settings) ?? upright;
    const outputsAvif = settings.format === 'avif' || (settings.format === 'original' && format === 'avif');
    if (outputsAvif && out.width * out.height > MAX_AVIF_PIXELS) throw avifTooLargeError(out.width, out.height, MAX_AVIF_PIXELS);
    const notes = droppedFeatureNotes(upload);
    return {
      input,
      format,
      ...(decodedFrom && { decodedFrom, upload }),
      ...(notes.length && { notes }),
      upright: { width: upright.width, height: upright.height },
      hasAlpha: meta.hasAlpha === true,
      bounded: boundsOf(upright, settings),
      settings,
      meta,
      maxPixels: limits.maxPixels,
      deadline,
      stop: deadline.signal,
      failOn: format === 'jpeg' ? 'warning' : FAIL_ON,
    };
  } catch (error) {
    deadline.dispose();
    throw error;
  }
}
