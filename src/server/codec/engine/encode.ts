// One encoding of the upload: decoded upright, resized when asked, flattened for formats without alpha, encoded,
// and given the metadata its policy keeps. Every mode (quality, size, lossless) and Auto build on this.
import type { Sharp } from '#server/codec/sharp-setup';
import { basePolicy, withWebpMetadata, type EncodeParams, type Encoded, type Fit, type ImageFormat, type Pixels, type Size } from '#codec-core/index';
import { openSrgb8 } from '#server/codec/colour/colour';
import { ENCODERS, type EncodedImage } from '#server/codec/encoders/index';
import { toCodecError } from '#server/codec/errors';
import { keepsProfile, keptBlocks } from '#server/codec/metadata/metadata-policy';
import { withHeifMetadata } from '#server/codec/metadata/heif-metadata';
import { hasBlocks, withJpegMetadata, withPngMetadata } from '#server/codec/metadata/metadata-write';
import { preservedBlocks } from '#server/codec/metadata/preserve';
import { FAIL_ON, sharp } from '#server/codec/sharp-setup';
import type { SharpImage } from './open';

/** Transparent padding for `contain` in formats with alpha. */
const TRANSPARENT = { r: 255, g: 255, b: 255, alpha: 0 };

/**
 * Resamples to exactly `size` with lanczos3, by the settings' fit: `inside` (the default: `size` already has the
 * image's shape), `cover` (cropped around the most interesting part) or `contain` (padded with `padding`).
 * Shrink-on-load (JPEG's and WebP's decoding at 1/2, 1/4, 1/8) is off: it can leave moiré, and the pipeline decodes
 * the whole image anyway. sharp flattens before it resizes whatever the call order, so padding for a format without
 * alpha must be the background itself, or the margins would come out black.
 */
export function resizedTo(pipeline: Sharp, size: Size, fit: Fit = 'inside', padding: string | typeof TRANSPARENT = TRANSPARENT): Sharp {
  const common = { kernel: 'lanczos3', fastShrinkOnLoad: false } as const;
  if (fit === 'cover') return pipeline.resize(size.width, size.height, { ...common, fit: 'cover', position: sharp.strategy.attention });
  if (fit === 'contain') return pipeline.resize(size.width, size.height, { ...common, fit: 'contain', background: padding });
  return pipeline.resize(size.width, size.height, { ...common, fit: 'fill' });
}

/**
 * The stored pixels, upright and in 8-bit sRGB, or in the upload's own colour space when its profile is kept.
 * Orientation is applied here because the pixels are written upright (orientation 1) in every policy.
 */
function openUpright(job: SharpImage, ownSpace: boolean): Promise<Sharp> {
  const options = { failOn: job.failOn, limitInputPixels: job.maxPixels, autoOrient: true };
  return openSrgb8(job.input, job.meta, options, job.deadline.remainingSeconds(), ownSpace);
}

/**
 * A JPEG whose scan meets the end-of-image marker early is not "truncated" to libvips (the file ends properly):
 * libjpeg only warns ("premature end of data segment") and fills the missing rows with flat grey, so with FAIL_ON
 * it "completed" as grey blocks. JPEGs are therefore decoded with 'warning' first; a warning that means missing or
 * undecodable picture data makes the file damaged. Any other warning (stray bytes before a marker, an odd JFIF
 * version: what browsers show fine) switches the job to the lenient decode, so a good photo still costs one decode.
 */
const JPEG_DAMAGE_WARNING = /premature end of data segment|found marker 0x[0-9a-f]+ instead of RST|bad (huffman|arithmetic) code/i;

const isHarmlessJpegWarning = (error: unknown): boolean =>
  error instanceof Error && /VipsJpeg: /.test(error.message) && !JPEG_DAMAGE_WARNING.test(error.message);

/**
 * The pixels every encoding starts from, as sRGB without alpha (transparency flattened onto the background): upright,
 * at the size the bounds ask for. What smart mode's metric compares results with.
 */
export async function uprightPixels(job: SharpImage): Promise<Pixels & { data: Buffer }> {
  try {
    let decoded = await openUpright(job, false);
    if (job.bounded) decoded = resizedTo(decoded, job.bounded, job.settings.fit, job.settings.background);
    // Grey images too come out as three channels: every consumer indexes pixels three bytes apart.
    const pipeline = decoded.flatten({ background: job.settings.background }).removeAlpha().toColourspace('srgb');
    const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) throw new Error(`expected 3 channels of upright pixels, got ${info.channels}`);
    return { data, width: info.width, height: info.height };
  } catch (error) {
    throw toCodecError(job.deadline.signal.aborted ? new Error('timeout') : error, job.deadline.seconds);
  }
}

/** One encoding of the upload in `format`; transparency is flattened onto the background when the format has none. */
export async function encodeAs(job: SharpImage, format: ImageFormat, settings: EncodeParams): Promise<EncodedImage> {
  const { deadline } = job;
  try {
    return await encodeOnce(job, format, settings).catch((error: unknown) => {
      if (job.failOn !== 'warning' || deadline.signal.aborted || !isHarmlessJpegWarning(error)) throw error;
      job.failOn = FAIL_ON;
      return encodeOnce(job, format, settings);
    });
  } catch (error) {
    throw deadline.signal.aborted ? toCodecError(new Error('timeout'), deadline.seconds) : toCodecError(error, deadline.seconds);
  }
}

async function encodeOnce(job: SharpImage, format: ImageFormat, settings: EncodeParams): Promise<EncodedImage> {
  const encoder = ENCODERS[format];
  const { metadata, mode, background } = job.settings;
  const policy = basePolicy(metadata);
  const ownSpace = keepsProfile(job.meta, policy, mode, format);
  let decoded = await openUpright(job, ownSpace);
  if (settings.size) decoded = resizedTo(decoded, settings.size, job.settings.fit, encoder.supportsAlpha ? TRANSPARENT : background);
  if (!encoder.supportsAlpha && job.meta.hasAlpha) decoded = decoded.flatten({ background });
  const blocks =
    typeof metadata === 'string'
      ? keptBlocks(job.meta, policy, { orientation: 1, dimensions: settings.size ?? job.upright, icc: ownSpace })
      : await preservedBlocks(job.meta, metadata.preserve, format);
  const request = {
    quality: settings.quality,
    lossless: settings.lossless,
    exactQuality: settings.exactQuality,
    source: { input: job.input, format: job.format, meta: job.meta, resized: settings.size !== null, ownColourSpace: ownSpace },
    deadline: job.deadline,
    metadata: policy,
  };
  // JPEG XL carries no metadata of ours yet: its EXIF and XMP live in container boxes we do not write (0401); a
  // JPEG recompressed losslessly keeps what the policy keeps inside the JPEG it rebuilds.
  if (!hasBlocks(blocks) || format === 'jxl') return encoder.encode(decoded, request);
  const encoded = await encoder.encode(decoded, request);
  const write = { jpeg: withJpegMetadata, png: withPngMetadata, webp: withWebpMetadata, avif: withHeifMetadata }[format];
  // Our encoders' own files always walk; were one not to, it would go out without metadata rather than not at all.
  const written = write(encoded.data, blocks);
  return { ...encoded, data: written ? asBuffer(written) : encoded.data };
}

export const asBuffer = (data: Uint8Array) => (Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength));

export const raw = (pixels: Pixels) => sharp(asBuffer(pixels.data), { raw: { width: pixels.width, height: pixels.height, channels: 3 } });

/**
 * Bare pixels (a sample, a crop) in `format`: no metadata, and never from the uploaded bytes (they are not the upload).
 * A fast preview in lossless PNG skips the PNG optimiser: 40 ms instead of a second for an 800-pixel region.
 */
export async function encodePixels(image: SharpImage, pixels: Pixels, format: ImageFormat, params: EncodeParams): Promise<Encoded> {
  const { quality, lossless, exactQuality, fast } = params;
  const source = { input: image.input, format: image.format, meta: image.meta, resized: true, ownColourSpace: false };
  const size = { width: pixels.width, height: pixels.height };
  try {
    if (fast && lossless && format === 'png') return { data: await raw(pixels).png().toBuffer(), ...size };
    const encoded = await ENCODERS[format].encode(raw(pixels), { quality, lossless, exactQuality, source, deadline: image.deadline });
    return { data: encoded.data, ...size };
  } catch (error) {
    throw toCodecError(image.deadline.signal.aborted ? new Error('timeout') : error, image.deadline.seconds);
  }
}
