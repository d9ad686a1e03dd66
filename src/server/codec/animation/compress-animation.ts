// Animated GIF, WebP, PNG and JPEG XL uploads: every frame, its timing and the loop count kept, written as animated
// WebP. The core's one pipeline runs them, with every mode, through the animation engine (animation-engine.ts;
// docs/decisions/0402-animation.md, 0409-animation-modes.md, 0513-animated-jpeg-xl.md).
import {
  animationUploadKept,
  animationUploadRule,
  basePolicy,
  compress as compressWith,
  estimate as estimateWith,
  givenLargerNote,
  meetsTarget,
  stripForPassOn,
  type CodecLimits,
  type CodecSettings,
  type Estimate,
  type Region,
} from '#codec-core/index';
import { gifWithPolicy } from '#server/codec/metadata/gif-metadata';
import { keepOriginalWith } from '#server/codec/metadata/keep-original';
import { sharp } from '#server/codec/sharp-setup';
import type { CompressResult, ResultFormat } from '#server/codec/types';
import { limitsAfter, type AnimationDoor } from './animation-door';
import type { AnimationHeader } from './frames';

export { ANIMATED_AVIF_MESSAGE, ANIMATION_FORMATS_MESSAGE } from './animation-engine';
export { animationHeader, animationTooLarge } from './frames';

/** The upload compressed as an animation, through the animation door (engine-for.ts). */
export async function compressAnimation(input: Buffer, door: AnimationDoor, settings: CodecSettings, limits: CodecLimits): Promise<CompressResult> {
  const { frames, header, jxl } = door;
  const result = await compressWith(door.engine, frames, settings, limitsAfter(door, limits));
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
  const format = uploadFormat(door);
  const kept = await keptInstead(input, format, header, settings, compressed.data.length);
  if (kept) {
    return {
      ...compressed,
      ...(kept.note && { notes: [...(compressed.notes ?? []), kept.note] }),
      data: kept.data,
      output: { format: format as Exclude<ResultFormat, 'svg'>, bytes: kept.data.length, width: header.width, height: header.height },
      keptOriginal: true,
      decision: compressed.decision && { ...compressed.decision, keptOriginal: true },
      chosenQuality: null,
      perceptualScore: null,
      targetMet: meetsTarget(settings, kept.data.length),
    };
  }
  // Larger and still given (an animated JPEG XL made WebP to be shown, formats the viewer named): said (0585).
  if (compressed.data.length <= input.length) return compressed;
  const note = givenLargerNote({ made: 'webp', bytes: compressed.data.length, upload: format, uploadBytes: input.length });
  return { ...compressed, notes: [...(compressed.notes ?? []), note] };
}

/** The live estimate of an animation: the core's, over the animation engine, with the same upload kept as compress. */
export async function estimateAnimation(input: Buffer, door: AnimationDoor, settings: CodecSettings, limits: CodecLimits, region?: Region): Promise<AnimationEstimate> {
  const format = uploadFormat(door);
  let kept = false;
  const estimated = await estimateWith(door.engine, door.frames, settings, limitsAfter(door, limits), region, undefined, async ({ bytes }) => {
    const instead = await keptInstead(input, format, door.header, settings, bytes);
    kept = Boolean(instead);
    return instead && { bytes: instead.data.length };
  });
  return kept ? { ...estimated, format } : estimated;
}

export type AnimationEstimate = Omit<Estimate, 'format'> & { format: Estimate['format'] | AnimationHeader['format'] | 'jxl' };

const uploadFormat = (door: AnimationDoor): AnimationHeader['format'] | 'jxl' => (door.jxl ? 'jxl' : door.header.format);

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

/** The upload passed on in place of the animated WebP of `webpBytes`, by the core's rule, with its note; or null. */
async function keptInstead(
  input: Buffer,
  format: AnimationHeader['format'] | 'jxl',
  header: AnimationHeader,
  settings: CodecSettings,
  webpBytes: number,
): Promise<{ data: Buffer; note: string | null } | null> {
  // A WebP upload is the pipeline's own upload candidate.
  if (format === 'webp') return null;
  const rule = animationUploadRule({ format, size: header }, settings);
  const kept = rule && (await passedOn(input, format, settings));
  if (!rule || !kept) return null;
  const verdict = animationUploadKept(rule, { asked: settings.format, webpBytes, upload: format, uploadBytes: kept.length });
  return verdict && { data: kept, note: verdict.note };
}
