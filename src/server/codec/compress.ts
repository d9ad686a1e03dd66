// compress(): bytes and options in, smaller bytes and image facts out.
import type { Metadata, Sharp } from 'sharp';
import { MAX_INPUT_PIXELS } from '../../contract/limits';
import { toSrgb8 } from './colour';
import { Deadline } from './deadline';
import { CORRUPT_MESSAGE, UNSUPPORTED_MESSAGE, toCodecError, tooManyPixelsError } from './errors';
import { jpegOptions } from './jpeg';
import { stripJpegMetadata, stripPngMetadata } from './metadata-strip';
import { encodePng, type EncodedImage } from './png';
import { sharp } from './sharp-setup';
import { sniffImageFormat } from './sniff';
import { CodecError, type CompressOptions, type CompressResult, type ImageFacts, type ImageFormat } from './types';

export const DEFAULT_TIMEOUT_SECONDS = 30;

/**
 * Truncated or corrupt image data is refused rather than decoded leniently. With failOn 'none'
 * libvips turns a half-downloaded photo into a picture whose lower part is flat grey, and the user
 * would get a "compressed" copy of a broken file with a success message. 'truncated' still lets
 * through what every browser shows fine: files with benign warnings such as a wrong chunk CRC or
 * stray bytes before a marker, which 'warning' (sharp's default) would reject.
 */
const FAIL_ON = 'truncated' as const;

function clampQuality(quality: number): number {
  return Number.isFinite(quality) ? Math.min(100, Math.max(1, Math.round(quality))) : 80;
}

async function readHeader(input: Buffer, format: ImageFormat, maxPixels: number, deadline: Deadline): Promise<Metadata> {
  let meta: Metadata;
  try {
    meta = await sharp(input, { failOn: FAIL_ON, limitInputPixels: false }).metadata();
  } catch (error) {
    throw toCodecError(error, deadline.seconds);
  }
  if (meta.format !== format) throw new CodecError('corrupt', CORRUPT_MESSAGE);
  if (!meta.width || !meta.height) throw new CodecError('corrupt', CORRUPT_MESSAGE);
  if (meta.width * meta.height > maxPixels) throw tooManyPixelsError(meta.width, meta.height, maxPixels);
  return meta;
}

/**
 * The stored pixels, upright and in 8-bit sRGB. Orientation is applied here because every
 * encoder below drops the EXIF block that carried it.
 */
function openUpright(input: Buffer, meta: Metadata, maxPixels: number, deadline: Deadline): Sharp {
  const pipeline = sharp(input, { failOn: FAIL_ON, limitInputPixels: maxPixels, autoOrient: true })
    .timeout({ seconds: deadline.remainingSeconds() });
  return toSrgb8(pipeline, meta);
}

async function encodeJpeg(decoded: Sharp, quality: number): Promise<EncodedImage> {
  const { data, info } = await decoded.jpeg(jpegOptions(quality)).toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * "Never larger" and "no private metadata" can pull apart: when re-encoding does not shrink a file
 * that carries EXIF/GPS, handing back the original bytes would leak them, and re-encoding
 * anyway would break the size promise. We keep the original's pixels byte for byte and drop its
 * private metadata losslessly (metadata-strip.ts), which is always at most the original size.
 * Only what changes how the image looks stays: the ICC profile, and the EXIF orientation as a
 * minimal one-tag block, so the picture still shows upright and in its own colours.
 * If the stream cannot be walked (the decoder accepted it, so this is not expected), the
 * re-encoded file is returned even though it is larger: privacy outranks size.
 */
function keepOriginal(input: Buffer, format: ImageFormat, orientation: number | undefined): Buffer | null {
  const stripped = format === 'jpeg' ? stripJpegMetadata(input, orientation) : stripPngMetadata(input, orientation);
  if (!stripped) return null;
  // Replacing a bare orientation block can cost a few bytes; the original then held nothing private.
  return stripped.data.length <= input.length ? stripped.data : input;
}

export async function compress(input: Buffer, options: CompressOptions): Promise<CompressResult> {
  const format = sniffImageFormat(input);
  if (!format) throw new CodecError('unsupported-format', UNSUPPORTED_MESSAGE);
  const maxPixels = options.maxPixels ?? MAX_INPUT_PIXELS;
  const quality = clampQuality(options.quality);
  const deadline = new Deadline(options.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS);
  try {
    const meta = await readHeader(input, format, maxPixels, deadline);
    const upright = meta.autoOrient ?? { width: meta.width, height: meta.height };
    const inputFacts: ImageFacts = { format, bytes: input.length, width: upright.width, height: upright.height };

    let encoded: EncodedImage;
    try {
      const decoded = openUpright(input, meta, maxPixels, deadline);
      encoded = format === 'jpeg'
        ? await encodeJpeg(decoded, quality)
        : await encodePng(decoded, quality, {
          input,
          isPalette: meta.isPalette,
          optimiseOriginal: !meta.hasProfile && (meta.bitsPerSample ?? 8) <= 8 && (meta.orientation ?? 1) === 1,
        }, deadline);
    } catch (error) {
      throw deadline.signal.aborted ? toCodecError(new Error('timeout'), deadline.seconds) : toCodecError(error, deadline.seconds);
    }

    const kept = encoded.data.length < input.length ? null : keepOriginal(input, format, meta.orientation);
    if (!kept) {
      return {
        data: encoded.data,
        input: inputFacts,
        output: { format, bytes: encoded.data.length, width: encoded.width, height: encoded.height },
        keptOriginal: false,
      };
    }
    return { data: kept, input: inputFacts, output: { ...inputFacts, bytes: kept.length }, keptOriginal: true };
  } finally {
    deadline.dispose();
  }
}
