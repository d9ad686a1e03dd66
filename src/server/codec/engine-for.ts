// The codec's one door: which engine opens an upload, chosen once from its bytes for every task the codec runs
// (compress, the live estimate, and Tinify's transformations, which are compress tasks with Tinify's settings). An
// animation (GIF, WebP or APNG, or a JPEG XL decoded to an APNG) goes to the animation engine with its frames; an SVG
// stays SVG text (svg/svg-result.ts) unless a raster is asked for, which the sharp engine renders after sanitising;
// every other upload is a still picture for the sharp engine. docs/decisions/0603-one-door.md.
import type { CodecLimits, Engine, OpenImage } from '#codec-core/index';
import { animationDoor, type AnimationDoor } from './animation/animation-door';
import { sharpEngineHere } from './engine/sharp-engine';
import { sniffInputFormat } from './input/sniff';

export type Door = AnimationDoor | { kind: 'svg' | 'still'; engine: Engine<OpenImage> };

export async function engineFor(input: Buffer, limits: CodecLimits): Promise<Door> {
  const animation = await animationDoor(input, limits);
  if (animation) return animation;
  return { kind: sniffInputFormat(input) === 'svg' ? 'svg' : 'still', engine: await sharpEngineHere() };
}
