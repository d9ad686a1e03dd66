// Animated GIF, WebP, PNG and JPEG XL uploads: every frame, its timing and the loop count kept, written as animated
// WebP. The core's one pipeline runs them, with every mode, through the animation engine (animation-engine.ts;
// docs/decisions/0402-animation.md, 0409-animation-modes.md, 0513-animated-jpeg-xl.md).
import { basePolicy, boundsOf, compress as compressWith, givenLargerNote, largerThanUploadNote, meetsTarget, stripForPassOn, uploadWins, type CodecLimits, type CodecSettings } from '#codec-core/index';
import { BROWSER_SHOWN_FORMATS } from '#contract/settings';
import { gifWithPolicy } from '#server/codec/metadata/gif-metadata';
import { keepOriginalWith } from '#server/codec/metadata/keep-original';
import { sharp } from '#server/codec/sharp-setup';
import type { CompressResult, ResultFormat } from '#server/codec/types';
import { animationEngine } from './animation-engine';
import { decodedJxlAnimation } from './jxl-animation';
import { animationHeader, type AnimationHeader } from './frames';

export { ANIMATED_AVIF_MESSAGE, ANIMATION_FORMATS_MESSAGE } from './animation-engine';
export { animationHeader, animationTooLarge } from './frames';

/** The upload compressed as an animation, or null when it is a still image (one frame, or not an animated format). */
export async function compressAnimation(input: Buffer, settings: CodecSettings, limits: CodecLimits): Promise<CompressResult | null> {
  // An animated JPEG XL is decoded by the reference decoder into an APNG, then compressed as one (0513).
  const jxl = await decodedJxlAnimation(input, limits);
  const frames = jxl ? jxl.apng : input;
  const header = await animationHeader(frames);
  if (!header) return null;
  const result = await compressWith(animationEngine, frames, settings, jxl ? { ...limits, timeoutSeconds: jxl.secondsLeft } : limits);
  // The pipeline saw the frames (an APNG for a JPEG XL) and may have said its WebP is larger than them; whether that
  // holds, and against what, is decided below against the upload itself.
  const framesNote = givenLargerNote({ made: 'webp', bytes: result.data.length, upload: result.input.format, uploadBytes: result.input.bytes });
  const notes = (result.notes ?? []).filter((note) => note !== framesNote);
  const { notes: _frameNotes, ...rest } = result;
  const compressed: CompressResult = {
    ...rest,
    ...(notes.length ? { notes } : {}),
    data: Buffer.from(result.data.buffer, result.data.byteOffset, result.data.byteLength),
    frames: header.frames,
    ...(jxl && { input: { ...result.input, format: 'jxl' as const, bytes: input.length } }),
  };
  const format = jxl ? 'jxl' : header.format;
  const kept = await keptUpload(input, format, header, settings, compressed);
  if (kept) return kept;
  // Larger and still given (an animated JPEG XL made WebP to be shown, formats the viewer named): said (0585).
  if (compressed.data.length <= input.length) return compressed;
  const note = givenLargerNote({ made: 'webp', bytes: compressed.data.length, upload: format, uploadBytes: input.length });
  return { ...compressed, notes: [...(compressed.notes ?? []), note] };
}

/** The upload as it would be passed on, with only the metadata the policy keeps; null when it cannot be. */
async function passedOn(input: Buffer, format: 'gif' | 'png' | 'jxl', settings: CodecSettings): Promise<Buffer | null> {
  const policy = basePolicy(settings.metadata);
  if (format === 'gif') return gifWithPolicy(input, policy);
  if (format === 'jxl') {
    const kept = stripForPassOn(input, 'jxl', settings.metadata === 'keep-all' ? 'keep-all' : 'strip');
    return kept ? Buffer.from(kept.buffer, kept.byteOffset, kept.byteLength) : null;
  }
  const meta = await sharp(input, { limitInputPixels: false }).metadata();
  return keepOriginalWith(input, 'png', meta, policy);
}

/**
 * Never larger, for an animation the pipeline writes as WebP from another format (0408, 0510, 0585): the upload
 * itself, with only the metadata the policy keeps (its frames are picture, kept), when the animated WebP is no smaller
 * in `original` format (and for a GIF in Auto too, since every browser shows GIF), or larger when WebP or Auto was
 * asked for, and then the note says so. The pipeline's own upload candidate covers WebP uploads; these are opened as
 * frames to be written as WebP, so they are weighed here, with its rule.
 */
async function keptUpload(input: Buffer, format: AnimationHeader['format'] | 'jxl', header: AnimationHeader, settings: CodecSettings, result: CompressResult): Promise<CompressResult | null> {
  if (format === 'webp' || boundsOf(header, settings)) return null;
  const asOriginal = settings.format === 'original' || (format === 'gif' && settings.format === 'auto');
  // Asked for as WebP: the upload stands in only where every browser shows it (a GIF or APNG, not a JPEG XL, 0585).
  if (!asOriginal && (settings.formatRequired || !BROWSER_SHOWN_FORMATS.includes(format))) return null;
  // Auto over formats the viewer named without the upload's: the viewer cannot show it (0201).
  if (!asOriginal && settings.format === 'auto' && settings.formats?.length && !(settings.formats as readonly string[]).includes(format)) return null;
  const kept = await passedOn(input, format, settings);
  if (!kept || !(asOriginal ? uploadWins(kept.length, result.data.length) : kept.length < result.data.length)) return null;
  const note = asOriginal ? null : largerThanUploadNote({ asked: settings.format, made: 'webp', bytes: result.data.length, upload: format, uploadBytes: kept.length });
  return {
    ...result,
    ...(note && { notes: [...(result.notes ?? []), note] }),
    data: kept,
    output: { format: format as Exclude<ResultFormat, 'svg'>, bytes: kept.length, width: header.width, height: header.height },
    keptOriginal: true,
    decision: result.decision && { ...result.decision, keptOriginal: true },
    chosenQuality: null,
    perceptualScore: null,
    targetMet: meetsTarget(settings, kept.length),
  };
}
