// PNG in the browser, by the core's palette climb (src/codec-core/formats/png-palette.ts): the same rungs against the
// same floor, the same weighing against lossless; this engine fills its hooks with its quantiser (png-quantise.ts),
// the quantised pixels themselves as their decoding, oxipng, and the browser's deflate as the fast measure.
import { encodePalettePng, type RawImage } from '#codec-core/index';
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

/** What fast deflate makes of the pixels: the measure of whether lossless can still win. */
async function deflatedSize(rgba: Rgba): Promise<number> {
  const stream = new Blob([rgba.data as BlobPart]).stream().pipeThrough(new CompressionStream('deflate'));
  return (await new Response(stream).arrayBuffer()).byteLength;
}

export function encodePng(rgba: Rgba, { quality, lossless, exactQuality }: PngRequest, optimise: Optimise): Promise<Uint8Array> {
  const pixels = raw(rgba);
  const { width, height } = rgba;
  return encodePalettePng<Uint8Array>(pixels, { quality: lossless ? 100 : quality, floor: !exactQuality }, {
    quantise: async (rung) => quantise(rgba, rung).data,
    decode: async (quantised) => ({ ...pixels, data: quantised }),
    optimisePalette: (quantised) => optimise({ data: quantised, width, height }),
    optimiseLossless: () => optimise(rgba),
    plainSize: () => deflatedSize(rgba),
  });
}
