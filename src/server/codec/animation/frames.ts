// The frames of an animated upload, whichever format it came in: its header (canvas, frame count, delays, loop
// count, read before any pixel is decoded so a frame bomb is refused undecoded) and its pixels, as one tall libvips
// image of all frames (what the animated encoders take) or one frame at a time (smart mode's sample). GIF and WebP
// are read by libvips itself; APNG, which libvips reads only the default image of, by apng.ts.
import { CodecError, CORRUPT_MESSAGE } from '#codec-core/index';
import type { Deadline } from '#server/codec/deadline';
import { toCodecError } from '#server/codec/errors';
import { animationOverLimit } from '#server/codec/input/animation-header';
import { sniffInputFormat } from '#server/codec/input/sniff';
import { FAIL_ON, sharp, type Metadata, type Sharp } from '#server/codec/sharp-setup';
import { apngHeader } from '#codec-core/index';
import { apngFrames, ApngError, composite, framePng } from './apng';

export type AnimatedFormat = 'gif' | 'webp' | 'png';

export interface AnimationHeader {
  format: AnimatedFormat;
  width: number;
  height: number;
  frames: number;
  /** 0 loops forever. */
  loop: number;
  /** Per frame, in milliseconds; null when the header has none (libvips then writes its default). */
  delay: number[] | null;
  hasAlpha: boolean;
  /** libvips's header for GIF and WebP (metadata kept with the upload); null for APNG. */
  meta: Metadata | null;
}

/**
 * The header of an animated upload (more than one frame), or null for a still image. Reads no pixels: GIF and WebP
 * through libvips's header, APNG from its acTL chunk (delays come with the frames, at decoding).
 */
export async function animationHeader(input: Buffer): Promise<AnimationHeader | null> {
  const format = sniffInputFormat(input);
  if (format === 'png') {
    const apng = apngHeader(input);
    if (!apng || apng.frames < 2) return null;
    return { format, width: apng.width, height: apng.height, frames: apng.frames, loop: apng.loop, delay: null, hasAlpha: true, meta: null };
  }
  if (format !== 'gif' && format !== 'webp') return null;
  let meta: Metadata;
  try {
    meta = await sharp(input, { animated: true, failOn: FAIL_ON, limitInputPixels: false }).metadata();
  } catch (error) {
    throw toCodecError(error, 0);
  }
  // The loader libvips picked must be the one the sniffed format names: never another (the SVG loader is open).
  if (meta.format !== format) throw new CodecError('corrupt', CORRUPT_MESSAGE);
  const frames = meta.pages ?? 1;
  if (frames < 2) return null;
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? (meta.height ?? 0) / frames;
  if (!width || !height) throw new CodecError('corrupt', CORRUPT_MESSAGE);
  return { format, width, height, frames, loop: meta.loop ?? 0, delay: meta.delay ?? null, hasAlpha: meta.hasAlpha === true, meta };
}

/** Width × height × frames bounded like one image's pixels, from the header: a frame bomb is refused undecoded. */
export function animationTooLarge(header: Pick<AnimationHeader, 'width' | 'height' | 'frames'>, maxPixels: number): CodecError | null {
  const message = animationOverLimit(header, maxPixels);
  return message ? new CodecError('too-many-pixels', message) : null;
}

/** Decoded frames of an APNG: every frame composited to the full canvas, RGBA, one after the other. */
export interface DecodedFrames {
  rgba: Buffer;
  delay: number[];
}

/** Decodes and composites an APNG's frames (the header was checked against the pixel limit already). */
export async function decodeApng(input: Buffer, header: AnimationHeader, deadline: Deadline): Promise<DecodedFrames> {
  const frameBytes = header.width * header.height * 4;
  try {
    const { frames, shared, ihdr } = apngFrames(input, { ...header });
    const pixels: Buffer[] = [];
    for (const frame of frames) {
      const png = sharp(framePng(frame, ihdr, shared), { failOn: FAIL_ON, limitInputPixels: false }).timeout({ seconds: deadline.remainingSeconds() });
      pixels.push(await png.toColourspace('srgb').ensureAlpha().raw({ depth: 'uchar' }).toBuffer());
    }
    const rgba = Buffer.alloc(frameBytes * frames.length);
    composite(header.width, header.height, frames, (i) => pixels[i]!, (i, canvas) => canvas.copy(rgba, i * frameBytes));
    return { rgba, delay: frames.map((f) => f.delay) };
  } catch (error) {
    if (error instanceof ApngError) throw new CodecError('corrupt', CORRUPT_MESSAGE);
    throw deadline.signal.aborted ? toCodecError(new Error('timeout'), deadline.seconds) : toCodecError(error, deadline.seconds);
  }
}

/** The whole animation as one tall image of its frames, for the animated encoders. */
export function allFrames(input: Buffer, header: AnimationHeader, decoded: DecodedFrames | null, maxPixels: number): Sharp {
  if (decoded) {
    const raw = { width: header.width, height: header.height * header.frames, channels: 4 as const, pageHeight: header.height };
    return sharp(decoded.rgba, { raw, limitInputPixels: false });
  }
  return sharp(input, { animated: true, failOn: FAIL_ON, limitInputPixels: maxPixels });
}

/** One frame, composited as it is shown. */
export function oneFrame(input: Buffer, header: AnimationHeader, decoded: DecodedFrames | null, index: number): Sharp {
  if (decoded) {
    const bytes = header.width * header.height * 4;
    const raw = { width: header.width, height: header.height, channels: 4 as const };
    return sharp(decoded.rgba.subarray(index * bytes, (index + 1) * bytes), { raw });
  }
  return sharp(input, { page: index, pages: 1, failOn: FAIL_ON, limitInputPixels: header.width * header.height });
}
