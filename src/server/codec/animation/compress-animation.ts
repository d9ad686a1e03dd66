// Animated GIF, WebP and PNG uploads: every frame, its timing and the loop count kept, written as animated WebP.
// The core's one pipeline runs them, with every mode, through the animation engine (animation-engine.ts;
// docs/decisions/0402-animation.md, 0409-animation-modes.md).
import { basePolicy, boundsOf, compress as compressWith, uploadWins, type CodecLimits, type CodecSettings } from '#codec-core/index';
import { keepOriginalWith } from '#server/codec/metadata/keep-original';
import { sharp } from '#server/codec/sharp-setup';
import type { CompressResult } from '#server/codec/types';
import { animationEngine } from './animation-engine';
import { animationHeader, type AnimationHeader } from './frames';

export { ANIMATED_AVIF_MESSAGE, ANIMATION_FORMATS_MESSAGE } from './animation-engine';
export { animationHeader, animationTooLarge } from './frames';

/** The upload compressed as an animation, or null when it is a still image (one frame, or not an animated format). */
export async function compressAnimation(input: Buffer, settings: CodecSettings, limits: CodecLimits): Promise<CompressResult | null> {
  const header = await animationHeader(input);
  if (!header) return null;
  const result = await compressWith(animationEngine, input, settings, limits);
  const compressed = { ...result, data: Buffer.from(result.data.buffer, result.data.byteOffset, result.data.byteLength), frames: header.frames };
  return (await keptApng(input, header, settings, compressed)) ?? compressed;
}

/**
 * Never larger, for an APNG in `original` format: the upload, with only the metadata the policy keeps (its frames
 * are picture, kept), when the animated WebP is no smaller (0408). The pipeline's own upload candidate covers WebP
 * uploads; an APNG is opened as frames to be written as WebP, so it is weighed here, with the pipeline's rule.
 */
async function keptApng(input: Buffer, header: AnimationHeader, settings: CodecSettings, result: CompressResult): Promise<CompressResult | null> {
  if (header.format !== 'png' || settings.format !== 'original' || boundsOf(header, settings)) return null;
  const meta = await sharp(input, { limitInputPixels: false }).metadata();
  const kept = keepOriginalWith(input, 'png', meta, basePolicy(settings.metadata));
  if (!kept || !uploadWins(kept.length, result.data.length)) return null;
  const target = settings.mode === 'size' ? settings.targetSize : undefined;
  return {
    ...result,
    data: kept,
    output: { format: 'png', bytes: kept.length, width: header.width, height: header.height },
    keptOriginal: true,
    chosenQuality: null,
    perceptualScore: null,
    targetMet: target === undefined ? null : kept.length <= target,
  };
}
