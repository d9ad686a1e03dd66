// Palette quantisation for lossy PNG in the browser, with image-q (MIT, pure TypeScript): the server's libimagequant
// has no maintained WebAssembly build and is GPL-3.0 (docs/decisions/0381). What is kept from libimagequant is its
// meaning of quality: the palette is as small as it can be while its error stays within what libimagequant allows at
// that quality, then the image is dithered onto it (Floyd-Steinberg, as libvips's `dither: 1`).
import { distance, palette, utils } from 'image-q';

export interface Rgba {
  data: Uint8Array | Uint8ClampedArray;
  width: number;
  height: number;
}

/**
 * libimagequant's error target for a quality (its `quality_to_mse`) turned into our measure: mean squared error per
 * RGBA channel on the 0-255 scale, without dithering. Its own `mse * 65536 / 6` times LIQ_SCALE, calibrated on the
 * corpus photos: at the palette sizes libimagequant chose (kodim01: 57 colours at 60, 157 at 80; kodim12: 108 at 60)
 * our palettes' error is 1.4-1.9 times that figure (its error is weighted and gamma-corrected, ours is plain). 1.35
 * rather than the middle: image-q's palettes need a few more colours than libimagequant's for the same butteraugli.
 */
const LIQ_SCALE = 1.35;

export function targetMse(quality: number): number {
  if (quality >= 100) return 0;
  const q = Math.max(1, quality);
  const fudge = Math.max(0, 0.016 / (0.001 + q) - 0.001);
  return ((0.45 * (fudge + ((2.5 / Math.pow(210 + q, 1.2)) * (100.1 - q)) / 100) * 65536) / 6) * LIQ_SCALE;
}

/** Palette sizes tried below 256, largest first: the smallest whose error is within the target is used. */
const SMALLER = [192, 128, 96, 64, 48, 32, 24, 16, 12, 8, 4, 2];

const calculator = () => new distance.EuclideanBT709();

/** Flat 4x4 blocks' colours, most frequent first, as the floor finds them (the floor lets them move 2 levels). */
function flatColours(source: Rgba, most: number): number[][] {
  const { data, width, height } = source;
  const words = new Uint32Array(data.buffer, data.byteOffset, width * height);
  const counts = new Map<number, number>();
  for (let y0 = 0; y0 + 4 <= height; y0 += 4) {
    blocks: for (let x0 = 0; x0 + 4 <= width; x0 += 4) {
      const first = words[y0 * width + x0]!;
      for (let y = y0; y < y0 + 4; y++) for (let x = x0; x < x0 + 4; x++) if (words[y * width + x] !== first) continue blocks;
      counts.set(first, (counts.get(first) ?? 0) + 1);
    }
  }
  const top = [...counts].sort((a, b) => b[1] - a[1]).slice(0, most);
  return top.map(([word]) => {
    const bytes = new Uint8Array(new Uint32Array([word]).buffer);
    return [bytes[0]!, bytes[1]!, bytes[2]!, bytes[3]!];
  });
}

/**
 * Error diffusion only where the nearest entry is this far off (image-q's normalised distance): like libimagequant's
 * selective dithering, smooth areas near an entry stay clean. Full dithering gave 10-15% larger files than the
 * server's on the corpus photos at quality 80; none at all left banding that butteraugli marks at lower qualities.
 */
const DITHER_FROM = 0.015;

/** Entries kept for flat colours exactly: the places where people see a palette's shift at once. */
const FLAT_ENTRIES = 16;

function buildPalette(source: Rgba, points: utils.PointContainer, colours: number): utils.Palette {
  const flats = colours > 2 * FLAT_ENTRIES ? flatColours(source, FLAT_ENTRIES) : [];
  const quantiser = new palette.WuQuant(calculator(), colours - flats.length);
  quantiser.sample(points);
  const refined = refine(source, quantiser.quantizeSync(), 2);
  for (const [r, g, b, a] of flats) refined.add(utils.Point.createByRGBA(r!, g!, b!, a!));
  return refined;
}

/** Palette entries as RGBA numbers. */
const entries = (pal: utils.Palette) => pal.getPointContainer().getPointArray().map((p) => [p.r, p.g, p.b, p.a]);

/** Index of the nearest entry per distinct colour (squared RGBA distance), memoised: photos repeat colours a lot. */
function mapper(colours: number[][]) {
  const memo = new Map<number, number>();
  return (data: Uint8Array | Uint8ClampedArray, at: number, key: number) => {
    let best = memo.get(key);
    if (best !== undefined) return best;
    let bestDistance = Infinity;
    for (let i = 0; i < colours.length; i++) {
      const c = colours[i]!;
      const dr = c[0]! - data[at]!, dg = c[1]! - data[at + 1]!, db = c[2]! - data[at + 2]!, da = c[3]! - data[at + 3]!;
      const d = 0.2126 * dr * dr + 0.7152 * dg * dg + 0.0722 * db * db + da * da;
      if (d < bestDistance) {
        bestDistance = d;
        best = i;
      }
    }
    memo.set(key, best!);
    return best!;
  };
}

/**
 * k-means refinement, as libimagequant does after its median cut: each entry moves to the mean of the pixels nearest
 * to it. It keeps a flat area's colour exact (the floor allows it to move by 2 levels at most).
 */
function refine(source: Rgba, pal: utils.Palette, iterations: number): utils.Palette {
  let colours = entries(pal);
  const words = new Uint32Array(source.data.buffer, source.data.byteOffset, source.width * source.height);
  for (let round = 0; round < iterations; round++) {
    const nearest = mapper(colours);
    const sums = colours.map(() => [0, 0, 0, 0, 0]);
    for (let p = 0; p < words.length; p++) {
      const s = sums[nearest(source.data, p * 4, words[p]!)]!;
      for (let c = 0; c < 4; c++) s[c]! += source.data[p * 4 + c]!;
      s[4]!++;
    }
    colours = sums.map((s, i) => (s[4]! ? s.slice(0, 4).map((v) => Math.round(v / s[4]!)) : colours[i]!));
  }
  const refined = new utils.Palette();
  for (const [r, g, b, a] of colours) refined.add(utils.Point.createByRGBA(r!, g!, b!, a!));
  return refined;
}

/** Mean squared error per channel (0-255) of the image mapped onto `pal` without dithering (no copy of the image). */
function paletteError(source: Rgba, pal: utils.Palette): number {
  const colours = entries(pal);
  const nearest = mapper(colours);
  const words = new Uint32Array(source.data.buffer, source.data.byteOffset, source.width * source.height);
  let sum = 0;
  for (let p = 0; p < words.length; p++) {
    const c = colours[nearest(source.data, p * 4, words[p]!)]!;
    for (let k = 0; k < 4; k++) {
      const d = c[k]! - source.data[p * 4 + k]!;
      sum += d * d;
    }
  }
  return sum / (words.length * 4);
}

/** Wu's histogram needs no more pixels than this: larger images are sampled evenly (image-q holds an object per pixel). */
const SAMPLE_PIXELS = 300_000;

function sampleOf(source: Rgba): utils.PointContainer {
  const pixels = source.width * source.height;
  const step = Math.max(1, Math.ceil(pixels / SAMPLE_PIXELS));
  const count = Math.ceil(pixels / step);
  const sample = new Uint8Array(count * 4);
  for (let i = 0, p = 0; p < pixels; i++, p += step) sample.set(source.data.subarray(p * 4, p * 4 + 4), i * 4);
  return utils.PointContainer.fromUint8Array(sample, count, 1);
}

/** Normalised like image-q's distance: 0 (same) to 1 (black against white, opaque against transparent). */
const MAX_DISTANCE = Math.sqrt(255 * 255 * 2);

/**
 * Serpentine Floyd-Steinberg onto `colours`, in typed arrays (a few bytes per pixel, where image-q's own dithering
 * holds objects per pixel: too much for a 12-megapixel photo in a worker). Error is passed on only where the nearest
 * entry is DITHER_FROM or further from the pixel.
 */
function dither(source: Rgba, colours: number[][]): Uint8Array {
  const { width, height, data } = source;
  const out = new Uint8Array(width * height * 4);
  const nearest = mapper(colours);
  let current = new Float32Array((width + 2) * 4);
  let next = new Float32Array((width + 2) * 4);
  const pixel = new Uint8ClampedArray(4);
  const key = new Uint32Array(pixel.buffer);
  for (let y = 0; y < height; y++) {
    const forward = y % 2 === 0;
    for (let i = 0; i < width; i++) {
      const x = forward ? i : width - 1 - i;
      const at = (y * width + x) * 4;
      const e = (x + 1) * 4;
      for (let k = 0; k < 4; k++) pixel[k] = data[at + k]! + current[e + k]!;
      const c = colours[nearest(pixel, 0, key[0]!)]!;
      // As image-q's error diffusion: the error passed on is the pixel's own (original minus entry), not the
      // accumulated one, so errors do not run on across flat areas, and a pixel close to its entry passes none.
      let distance = 0;
      for (let k = 0; k < 4; k++) {
        out[at + k] = c[k]!;
        const d = data[at + k]! - c[k]!;
        distance += (k === 3 ? 1 : [0.2126, 0.7152, 0.0722][k]!) * d * d;
      }
      if (Math.sqrt(distance) / MAX_DISTANCE < DITHER_FROM) continue;
      const ahead = forward ? 4 : -4;
      for (let k = 0; k < 4; k++) {
        const d = data[at + k]! - c[k]!;
        current[e + ahead + k] = current[e + ahead + k]! + (d * 7) / 16;
        next[e - ahead + k] = next[e - ahead + k]! + (d * 3) / 16;
        next[e + k] = next[e + k]! + (d * 5) / 16;
        next[e + ahead + k] = next[e + ahead + k]! + d / 16;
      }
    }
    [current, next] = [next, current];
    next.fill(0);
  }
  return out;
}

/**
 * The image on at most 256 colours at libimagequant's `quality`, dithered: RGBA that oxipng stores as a palette,
 * and the palette's size (a higher quality can only give the same palette once it has 256 colours).
 */
export function quantise(source: Rgba, quality: number): { data: Uint8Array; colours: number } {
  const points = sampleOf(source);
  const target = targetMse(quality);
  let chosen = buildPalette(source, points, 256);
  let count = 256;
  if (paletteError(source, chosen) <= target) {
    for (const colours of SMALLER) {
      const smaller = buildPalette(source, points, colours);
      if (paletteError(source, smaller) > target) break;
      chosen = smaller;
      count = colours;
    }
  }
  return { data: dither(source, entries(chosen)), colours: count };
}
