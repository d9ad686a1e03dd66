// Animated GIF, WebP and PNG uploads: every frame, its timing and the loop count kept, written as animated WebP.
// The core's one pipeline runs them, with every mode, through the animation engine (animation-engine.ts;
// docs/decisions/0402-animation.md, 0409-animation-modes.md).
import { compress as compressWith, type CodecLimits, type CodecSettings } from '#codec-core/index';
import type { CompressResult } from '#server/codec/types';
import { animationEngine } from './animation-engine';
import { animationHeader } from './frames';

export { ANIMATED_AVIF_MESSAGE, ANIMATION_FORMATS_MESSAGE } from './animation-engine';
export { animationHeader, animationTooLarge } from './frames';

/** The upload compressed as an animation, or null when it is a still image (one frame, or not an animated format). */
export async function compressAnimation(input: Buffer, settings: CodecSettings, limits: CodecLimits): Promise<CompressResult | null> {
  const header = await animationHeader(input);
  if (!header) return null;
  const result = await compressWith(animationEngine, input, settings, limits);
  return { ...result, data: Buffer.from(result.data.buffer, result.data.byteOffset, result.data.byteLength), frames: header.frames };
}
