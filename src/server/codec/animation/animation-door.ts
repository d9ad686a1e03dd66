// An upload that is an animation, recognised once from its bytes (engine-for.ts): the frames the animation engine
// reads, their header and, for an animated JPEG XL, its decoding by the reference decoder into an APNG (0513).
import type { CodecLimits } from '#codec-core/index';
import { animationEngine } from './animation-engine';
import { animationHeader, type AnimationHeader } from './frames';
import { decodedJxlAnimation, type DecodedJxlAnimation } from './jxl-animation';

export interface AnimationDoor {
  kind: 'animation';
  engine: typeof animationEngine;
  /** What the animation engine reads: the upload, or for an animated JPEG XL its frames decoded into an APNG. */
  frames: Buffer;
  header: AnimationHeader;
  /** An animated JPEG XL's decoding, with the time it left the rest of the task. */
  jxl: DecodedJxlAnimation | null;
}

/** The upload as an animation, or null when it is a still image (one frame, or not an animated format). */
export async function animationDoor(input: Buffer, limits: CodecLimits): Promise<AnimationDoor | null> {
  const jxl = await decodedJxlAnimation(input, limits);
  const frames = jxl ? jxl.apng : input;
  const header = await animationHeader(frames);
  return header && { kind: 'animation', engine: animationEngine, frames, header, jxl };
}

/** The limits left for the rest of a task once the door is chosen (an animated JPEG XL's decode took its share). */
export const limitsAfter = (door: AnimationDoor, limits: CodecLimits): CodecLimits => (door.jxl ? { ...limits, timeoutSeconds: door.jxl.secondsLeft } : limits);
