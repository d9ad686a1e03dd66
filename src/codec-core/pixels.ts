// Pixel samples the searches and the live estimate work on: a mosaic of tiles spread over the image, and a crop.
import type { Pixels } from './engine';

/** Side of a mosaic tile: a multiple of every format's block size (JPEG 16, WebP 16, AVIF 64). */
export const TILE = 128;

/**
 * The pixels a search compares: the image itself when it has at most `budget` pixels, else tiles of it sampled
 * evenly, laid out in a square mosaic of at most `budget` pixels.
 */
export function proxyOf(image: Pixels, budget: number): Pixels {
  if (image.width * image.height <= budget) return image;
  const across = Math.floor(image.width / TILE);
  const down = Math.floor(image.height / TILE);
  const available = across * down;
  const wanted = Math.min(available, Math.floor(budget / (TILE * TILE)));
  if (wanted === 0) return image; // a long thin strip: fewer than one tile fits, so it is small enough as it is
  const columns = Math.ceil(Math.sqrt(wanted));
  const rows = Math.ceil(wanted / columns);
  const width = columns * TILE;
  const height = rows * TILE;
  const data = new Uint8Array(width * height * 3);
  for (let k = 0; k < columns * rows; k++) {
    // Tiles spread evenly over the grid in reading order; a mosaic cell with no tile of its own repeats the last one.
    const index = Math.floor(((Math.min(k, wanted - 1) + 0.5) * available) / wanted);
    const sx = (index % across) * TILE;
    const sy = Math.floor(index / across) * TILE;
    const dx = (k % columns) * TILE;
    const dy = Math.floor(k / columns) * TILE;
    for (let y = 0; y < TILE; y++) {
      const from = ((sy + y) * image.width + sx) * 3;
      data.set(image.data.subarray(from, from + TILE * 3), ((dy + y) * width + dx) * 3);
    }
  }
  return { data, width, height };
}

/** A rectangle in the result's pixels (after orientation and resize). */
export interface Region {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The part of `image` wanted, clamped to the image and to `maxSide`; the centre when nothing is wanted. */
export function clampRegion(image: Pixels, wanted: Partial<Region> | undefined, maxSide: number): Region {
  const width = Math.max(1, Math.min(image.width, maxSide, Math.round(wanted?.width ?? maxSide)));
  const height = Math.max(1, Math.min(image.height, maxSide, Math.round(wanted?.height ?? maxSide)));
  const centreLeft = (image.width - width) / 2;
  const centreTop = (image.height - height) / 2;
  const left = Math.min(image.width - width, Math.max(0, Math.round(wanted?.left ?? centreLeft)));
  const top = Math.min(image.height - height, Math.max(0, Math.round(wanted?.top ?? centreTop)));
  return { left, top, width, height };
}

export function crop(image: Pixels, region: Region): Pixels {
  const data = new Uint8Array(region.width * region.height * 3);
  for (let y = 0; y < region.height; y++) {
    const from = ((region.top + y) * image.width + region.left) * 3;
    data.set(image.data.subarray(from, from + region.width * 3), y * region.width * 3);
  }
  return { data, width: region.width, height: region.height };
}

/** More than `limit` distinct colours among interleaved pixels of `channels` channels (counting stops past it). */
export function moreColoursThan(data: Uint8Array, channels: number, limit: number): boolean {
  const seen = new Set<number>();
  for (let p = 0; p < data.length; p += channels) {
    let key = 0;
    for (let c = 0; c < channels; c++) key = key * 256 + data[p + c]!;
    seen.add(key);
    if (seen.size > limit) return true;
  }
  return false;
}
