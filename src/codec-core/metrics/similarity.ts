// A fast structural-similarity score used as the quality floor for palette quantisation.
// SSIM over non-overlapping 8×8 blocks of luma: cheap enough to run on every PNG, and the
// worst blocks reveal local damage (banding, lost detail) that a whole-image average hides.

export interface RawImage {
  data: Uint8Array;
  width: number;
  height: number;
  channels: number;
}

export interface Similarity {
  /** Mean block SSIM over the image (1 = identical). */
  mean: number;
  /** SSIM of the block at the 1st percentile: how bad the worst regions are. */
  worst: number;
}

const BLOCK = 8;
/**
 * Pixels of work between turns of the event loop. The score is computed in JavaScript on the server's main
 * thread; yielding every million pixels (a few milliseconds) keeps polls and downloads answered while a large
 * PNG is being judged.
 */
const YIELD_EVERY = 1 << 20;
// setImmediate is Node's; a browser worker (private mode) has only timers.
const nextTurn = () => new Promise<void>((resolve) => (typeof setImmediate === 'function' ? setImmediate(resolve) : setTimeout(resolve, 0)));
const C1 = (0.01 * 255) ** 2;
const C2 = (0.03 * 255) ** 2;

/** Luma planes to compare: one for opaque images, composited on black and on white with alpha. */
async function lumaPlanes(img: RawImage): Promise<Float32Array[]> {
  const { data, width, height, channels } = img;
  const n = width * height;
  const hasAlpha = channels === 2 || channels === 4;
  const colour = channels >= 3;
  const onBlack = new Float32Array(n);
  const onWhite = hasAlpha ? new Float32Array(n) : onBlack;
  for (let i = 0, p = 0; i < n; i++, p += channels) {
    if (i % YIELD_EVERY === YIELD_EVERY - 1) await nextTurn();
    const y = colour ? 0.299 * data[p]! + 0.587 * data[p + 1]! + 0.114 * data[p + 2]! : data[p]!;
    if (hasAlpha) {
      const a = data[p + channels - 1]! / 255;
      onBlack[i] = y * a;
      onWhite[i] = y * a + 255 * (1 - a);
    } else {
      onBlack[i] = y;
    }
  }
  return hasAlpha ? [onBlack, onWhite] : [onBlack];
}

async function blockSsims(a: Float32Array, b: Float32Array, width: number, height: number): Promise<number[]> {
  const scores: number[] = [];
  const bw = Math.min(BLOCK, width);
  const bh = Math.min(BLOCK, height);
  const bandsPerTurn = Math.max(1, Math.floor(YIELD_EVERY / (width * bh)));
  for (let y0 = 0, band = 0; y0 + bh <= height; y0 += bh, band++) {
    if (band % bandsPerTurn === bandsPerTurn - 1) await nextTurn();
    for (let x0 = 0; x0 + bw <= width; x0 += bw) {
      let sa = 0, sb = 0, saa = 0, sbb = 0, sab = 0;
      for (let y = y0; y < y0 + bh; y++) {
        let i = y * width + x0;
        for (let x = 0; x < bw; x++, i++) {
          const va = a[i]!, vb = b[i]!;
          sa += va; sb += vb; saa += va * va; sbb += vb * vb; sab += va * vb;
        }
      }
      const n = bw * bh;
      const ma = sa / n, mb = sb / n;
      const va = saa / n - ma * ma, vb = sbb / n - mb * mb, cov = sab / n - ma * mb;
      scores.push(((2 * ma * mb + C1) * (2 * cov + C2)) / ((ma * ma + mb * mb + C1) * (va + vb + C2)));
    }
  }
  return scores;
}

export async function similarity(reference: RawImage, candidate: RawImage): Promise<Similarity> {
  if (reference.width !== candidate.width || reference.height !== candidate.height) {
    return { mean: 0, worst: 0 };
  }
  const refPlanes = await lumaPlanes(reference);
  const candPlanes = await lumaPlanes(candidate);
  let mean = 1;
  let worst = 1;
  for (const [k, plane] of refPlanes.entries()) {
    const scores = await blockSsims(plane, candPlanes[k] ?? candPlanes[0]!, reference.width, reference.height);
    if (scores.length === 0) continue;
    mean = Math.min(mean, scores.reduce((s, v) => s + v, 0) / scores.length);
    scores.sort((x, y) => x - y);
    worst = Math.min(worst, scores[Math.floor(scores.length * 0.01)]!);
  }
  return { mean, worst };
}

export interface FlatColourError {
  /** Flat 4×4 blocks found in the reference (every pixel the same colour and opacity). */
  blocks: number;
  /** Largest shift of a flat block's mean colour, in 8-bit levels, over its channels (alpha included). */
  shift: number;
  /** Largest single-pixel deviation inside flat blocks: dithering noise on a surface that was clean. */
  noise: number;
}

const FLAT = 4;

/**
 * Colour fidelity where the eye is least forgiving: flat areas such as buttons, logos and brand
 * colours. Mean SSIM barely notices a uniform area turning a few levels bluer or into a dither of two
 * palette entries, but people do. Colour under full transparency is ignored: it is never shown.
 */
export async function flatColourError(reference: RawImage, candidate: RawImage): Promise<FlatColourError> {
  const { data: a, width, height, channels } = reference;
  const b = candidate.data;
  if (candidate.width !== width || candidate.height !== height || candidate.channels !== channels) {
    return { blocks: 0, shift: 255, noise: 255 };
  }
  const alpha = channels === 2 || channels === 4 ? channels - 1 : -1;
  const rowsPerTurn = Math.max(FLAT, Math.floor(YIELD_EVERY / Math.max(1, width)) & ~(FLAT - 1));
  let blocks = 0, shift = 0, noise = 0;
  const sums = new Float64Array(channels);
  for (let y0 = 0; y0 + FLAT <= height; y0 += FLAT) {
    if (y0 % rowsPerTurn === rowsPerTurn - FLAT) await nextTurn();
    blockLoop: for (let x0 = 0; x0 + FLAT <= width; x0 += FLAT) {
      const first = (y0 * width + x0) * channels;
      for (let y = y0; y < y0 + FLAT; y++) {
        for (let x = x0; x < x0 + FLAT; x++) {
          const p = (y * width + x) * channels;
          for (let c = 0; c < channels; c++) if (a[p + c] !== a[first + c]) continue blockLoop;
        }
      }
      if (alpha >= 0 && a[first + alpha] === 0) continue; // fully transparent: colour unseen
      blocks++;
      sums.fill(0);
      for (let y = y0; y < y0 + FLAT; y++) {
        for (let x = x0; x < x0 + FLAT; x++) {
          const p = (y * width + x) * channels;
          for (let c = 0; c < channels; c++) {
            sums[c] = sums[c]! + b[p + c]!;
            const d = Math.abs(b[p + c]! - a[p + c]!);
            if (d > noise) noise = d;
          }
        }
      }
      for (let c = 0; c < channels; c++) {
        const d = Math.abs(sums[c]! / (FLAT * FLAT) - a[first + c]!);
        if (d > shift) shift = d;
      }
    }
  }
  return { blocks, shift, noise };
}
