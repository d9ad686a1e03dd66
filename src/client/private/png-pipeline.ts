// PNG in the browser, by the server's rules (src/codec-core/formats/png.ts): a palette when it is both smaller and
// good enough, climbing the same quality rungs against the same floor, else lossless; oxipng stores either. Only
// the quantiser differs (png-quantise.ts). Platform-neutral apart from the oxipng it is given.
import { FEW_COLOURS_MIN_SAVING, LOSSLESS_WORTH_TRYING, PALETTE_LIMIT, paletteFloor, paletteRungs } from '#codec-core/index';
import { flatColourError, similarity, type RawImage } from '#codec-core/index';
import { quantise, type Rgba } from './png-quantise';

/** oxipng on RGBA pixels (it stores them as a palette, greyscale or truecolour, whichever is smallest). */
export type Optimise = (rgba: Rgba) => Promise<Uint8Array>;

export interface PngRequest {
  quality: number;
  lossless: boolean;
  /** `size` mode searches the quality itself: the palette is made at exactly that quality and taken as it comes. */
  exactQuality: boolean;
}

const raw = (rgba: Rgba): RawImage => ({ data: new Uint8Array(rgba.data.buffer, rgba.data.byteOffset, rgba.data.byteLength), width: rgba.width, height: rgba.height, channels: 4 });

function fitsInPalette(rgba: Rgba): boolean {
  const seen = new Set<number>();
  const words = new Uint32Array(rgba.data.buffer, rgba.data.byteOffset, rgba.width * rgba.height);
  for (let p = 0; p < words.length; p++) {
    seen.add(words[p]!);
    if (seen.size > PALETTE_LIMIT) return false;
  }
  return true;
}

/** What fast deflate makes of the pixels: the server's measure of whether lossless can still win. */
async function deflatedSize(rgba: Rgba): Promise<number> {
  const stream = new Blob([rgba.data as BlobPart]).stream().pipeThrough(new CompressionStream('deflate'));
  return (await new Response(stream).arrayBuffer()).byteLength;
}

async function passesFloor(pixels: RawImage, quantised: Uint8Array, floor: ReturnType<typeof paletteFloor>): Promise<boolean> {
  const candidate = { ...pixels, data: quantised };
  const score = await similarity(pixels, candidate);
  if (score.mean < floor.mean || score.worst < floor.worst) return false;
  const flat = await flatColourError(pixels, candidate);
  return flat.shift <= floor.flatShift && flat.noise <= floor.flatNoise;
}

export async function encodePng(rgba: Rgba, { quality, lossless: exact, exactQuality }: PngRequest, optimise: Optimise): Promise<Uint8Array> {
  const target = exact ? 100 : quality;
  const pixels = raw(rgba);
  const fewColours = fitsInPalette(rgba);
  let palette: Uint8Array | undefined;
  if (target < 100) {
    const floor = exactQuality ? null : paletteFloor(target);
    for (const rung of floor ? paletteRungs(target) : [target]) {
      const quantised = quantise(rgba, rung);
      if (!floor || (await passesFloor(pixels, quantised.data, floor))) {
        palette = await optimise({ data: quantised.data, width: rgba.width, height: rgba.height });
        break;
      }
      // A full palette that failed: a higher rung asks for no fewer colours, so it would be the same palette.
      if (quantised.colours === 256) break;
    }
  }
  let losslessFile: Uint8Array | undefined;
  if (!palette || fewColours || palette.length > (await deflatedSize(rgba)) * LOSSLESS_WORTH_TRYING) losslessFile = await optimise(rgba);
  if (!palette) return losslessFile!;
  if (!losslessFile) return palette;
  const required = fewColours ? 1 - FEW_COLOURS_MIN_SAVING : 1;
  return palette.length < losslessFile.length * required ? palette : losslessFile;
}
