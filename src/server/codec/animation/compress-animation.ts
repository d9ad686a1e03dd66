// Animated GIF and WebP uploads: every frame, its timing and the loop count kept, written as animated WebP (libwebp
// through libvips, frame by frame). The core's pipeline works on one picture, so an animation takes this path from
// the codec's entry instead (docs/decisions/0402-animation.md).
import { webpLosslessOptions, webpOptions } from '#codec-core/formats/webp';
import { clampQuality, CodecError, CORRUPT_MESSAGE, fitInside, type CodecLimits, type CodecSettings } from '#codec-core/index';
import type { InputFormat } from '#contract/settings';
import { animationOverLimit } from '#server/codec/input/animation-header';
import { Deadline } from '#server/codec/deadline';
import { toCodecError } from '#server/codec/errors';
import { FAIL_ON, sharp, type Metadata } from '#server/codec/sharp-setup';
import type { CompressResult } from '#server/codec/types';

export const ANIMATION_FORMATS_MESSAGE = 'Animated images are saved as animated WebP: choose Keep original, WebP or Auto';

/** The header of an animated upload (more than one frame), or null for a still image. Reads no pixels. */
export async function animationHeader(input: Buffer, format: InputFormat): Promise<Metadata | null> {
  if (format !== 'gif' && format !== 'webp') return null;
  let meta: Metadata;
  try {
    meta = await sharp(input, { animated: true, failOn: FAIL_ON, limitInputPixels: false }).metadata();
  } catch (error) {
    throw toCodecError(error, 0);
  }
  // The loader libvips picked must be the one the sniffed format names: never another (the SVG loader is open).
  if (meta.format !== format) throw new CodecError('corrupt', CORRUPT_MESSAGE);
  return (meta.pages ?? 1) > 1 ? meta : null;
}

/** Width × height × frames bounded like one image's pixels, from the header: a frame bomb is refused undecoded. */
export function animationTooLarge(width: number, height: number, frames: number, maxPixels: number): CodecError | null {
  const message = animationOverLimit({ width, height, frames }, maxPixels);
  return message ? new CodecError('too-many-pixels', message) : null;
}

export async function compressAnimation(input: Buffer, format: 'gif' | 'webp', meta: Metadata, settings: CodecSettings, limits: CodecLimits): Promise<CompressResult> {
  const frames = meta.pages!;
  const width = meta.width!;
  const height = meta.pageHeight ?? meta.height! / frames;
  if (!width || !height) throw new CodecError('corrupt', CORRUPT_MESSAGE);
  const tooLarge = animationTooLarge(width, height, frames, limits.maxPixels);
  if (tooLarge) throw tooLarge;
  if (!['original', 'webp', 'auto'].includes(settings.format)) throw new CodecError('unsupported-format', ANIMATION_FORMATS_MESSAGE);
  const deadline = new Deadline(limits.timeoutSeconds);
  try {
    const quality = clampQuality(settings.quality);
    const lossless = settings.mode === 'lossless';
    let pipeline = sharp(input, { animated: true, failOn: FAIL_ON, limitInputPixels: limits.maxPixels }).timeout({ seconds: deadline.remainingSeconds() });
    const bounded = fitInside({ width, height }, settings.maxWidth, settings.maxHeight);
    if (bounded) pipeline = pipeline.resize(bounded.width, bounded.height, { fit: 'fill', kernel: 'lanczos3' });
    const timing = { loop: meta.loop ?? 0, ...(meta.delay && { delay: meta.delay }) };
    const options = lossless ? webpLosslessOptions() : webpOptions(quality);
    const { data, info } = await pipeline.webp({ ...options, ...timing }).toBuffer({ resolveWithObject: true });
    const facts = { format, bytes: input.length, width, height };
    // Never larger: an animated WebP upload whose re-encoding is no smaller is the result itself.
    const keep = format === 'webp' && !bounded && data.length >= input.length;
    const out = keep ? input : data;
    const outHeight = keep ? height : (info.pageHeight ?? info.height / frames);
    return {
      data: out,
      input: facts,
      output: { format: 'webp', bytes: out.length, width: keep ? width : info.width, height: outHeight },
      keptOriginal: keep,
      flattenedOnto: null,
      decision: null,
      chosenQuality: keep || lossless ? null : quality,
      targetMet: settings.mode === 'size' ? out.length <= (settings.targetSize ?? Infinity) : null,
      perceptualScore: null,
      frames,
    };
  } catch (error) {
    throw deadline.signal.aborted ? toCodecError(new Error('timeout'), deadline.seconds) : toCodecError(error, deadline.seconds);
  } finally {
    deadline.dispose();
  }
}
