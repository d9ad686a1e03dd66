// The PNG palette climb, the one rule both engines encode PNG by: quantise from the requested quality up until a
// palette passes the floor (a larger palette file still beats a truecolour one), store it with the optimiser, and
// weigh it against the lossless file. The engines fill the hooks: their quantiser, decoder and optimiser.
import { flatColourError, similarity, type RawImage } from '#codec-core/metrics/similarity';
import { moreColoursThan } from '#codec-core/pixels';
import { FEW_COLOURS_MIN_SAVING, LOSSLESS_WORTH_TRYING, PALETTE_LIMIT, paletteFloor, paletteRungs } from './png';

/** What an engine does for the climb; `Q` is its quantised image (a palette PNG, or quantised pixels). */
export interface PaletteHooks<Q> {
  /** The pixels quantised at libimagequant quality `rung`. */
  quantise(rung: number): Promise<Q>;
  /** A quantised image decoded as the reference pixels are laid out, for the floor. */
  decode(quantised: Q): Promise<RawImage>;
  /** The palette's final file. */
  optimisePalette(quantised: Q): Promise<Uint8Array>;
  /** The lossless file. */
  optimiseLossless(): Promise<Uint8Array>;
  /** What fast deflate makes of the pixels: the measure of whether lossless can still win. */
  plainSize(): Promise<number>;
}

export interface PaletteRequest {
  /** Our 1-100 scale; 100 asks for every pixel as it is (lossless). */
  quality: number;
  /**
   * Hold quantised palettes to the quality floor, climbing the rungs until one passes. Off in `size` mode, which
   * searches the quality itself: the palette is quantised at exactly `quality` and taken as it comes.
   */
  floor: boolean;
  /** The upload is already a palette image (colour type 3): no need to count its colours. */
  knownPalette?: boolean;
}

/** Whether the image has at most `PALETTE_LIMIT` distinct colours (counting stops past it). */
export const fitsInPalette = ({ data, channels }: RawImage): boolean => !moreColoursThan(data, channels, PALETTE_LIMIT);

async function passesFloor(pixels: RawImage, decoded: RawImage, floor: ReturnType<typeof paletteFloor>): Promise<boolean> {
  const score = await similarity(pixels, decoded);
  if (score.mean < floor.mean || score.worst < floor.worst) return false;
  const flat = await flatColourError(pixels, decoded);
  return flat.shift <= floor.flatShift && flat.noise <= floor.flatNoise;
}

/**
 * The PNG for `pixels`. Images that already fit in a palette are stored losslessly (the optimiser turns them into a
 * palette itself), and quantised further only when that saves a lot (FEW_COLOURS_MIN_SAVING).
 */
export async function encodePalettePng<Q>(pixels: RawImage, request: PaletteRequest, hooks: PaletteHooks<Q>): Promise<Uint8Array> {
  const { quality, floor } = request;
  const fewColours = request.knownPalette === true || fitsInPalette(pixels);
  let palette: Uint8Array | undefined;
  if (quality < 100) {
    const bounds = floor ? paletteFloor(quality) : null;
    for (const rung of bounds ? paletteRungs(quality) : [quality]) {
      const quantised = await hooks.quantise(rung);
      if (!bounds || (await passesFloor(pixels, await hooks.decode(quantised), bounds))) {
        palette = await hooks.optimisePalette(quantised);
        break;
      }
    }
  }
  // The lossless optimiser is the slowest step; it cannot win when the palette file is far below what fast deflate
  // already achieves (the optimiser rarely saves more than a third of that).
  let lossless: Uint8Array | undefined;
  if (!palette || fewColours || palette.length > (await hooks.plainSize()) * LOSSLESS_WORTH_TRYING) lossless = await hooks.optimiseLossless();
  if (!palette) return lossless!;
  if (!lossless) return palette;
  const required = fewColours ? 1 - FEW_COLOURS_MIN_SAVING : 1;
  return palette.length < lossless.length * required ? palette : lossless;
}
