// How much colour detail an image has at the finest scale: what 4:2:0 chroma subsampling throws away.
import type { RawImage } from './similarity';

export interface ChromaDetail {
  /** Root mean square, over all 2×2 blocks, of the chroma (Cb, Cr) deviation from the block's mean. */
  rms: number;
  /** The same deviation at the 99th percentile of blocks: the worst small regions. */
  p99: number;
  /** Share of blocks whose deviation exceeds 8 (on the 0-255 chroma scale). */
  share: number;
}

/**
 * Chroma lost by 2×2 subsampling, measured on the 8-bit sRGB pixels (full-range BT.601 Cb/Cr, as JPEG
 * uses). Grey images have none. Every block row is measured; a 12 MP photo takes about 0.1 s.
 */
export function chromaDetail(img: RawImage): ChromaDetail {
  const { data, width, height, channels } = img;
  if (channels < 3) return { rms: 0, p99: 0, share: 0 };
  const histogram = new Uint32Array(256);
  let sum = 0;
  let blocks = 0;
  for (let y = 0; y + 1 < height; y += 2) {
    for (let x = 0; x + 1 < width; x += 2) {
      let mb = 0, mr = 0;
      const cb = [0, 0, 0, 0], cr = [0, 0, 0, 0];
      for (let k = 0; k < 4; k++) {
        const p = ((y + (k >> 1)) * width + x + (k & 1)) * channels;
        const r = data[p]!, g = data[p + 1]!, b = data[p + 2]!;
        cb[k] = -0.168736 * r - 0.331264 * g + 0.5 * b;
        cr[k] = 0.5 * r - 0.418688 * g - 0.081312 * b;
        mb += cb[k]!; mr += cr[k]!;
      }
      mb /= 4; mr /= 4;
      let v = 0;
      for (let k = 0; k < 4; k++) v += (cb[k]! - mb) ** 2 + (cr[k]! - mr) ** 2;
      const dev = Math.sqrt(v / 4);
      sum += v / 4;
      histogram[Math.min(255, Math.floor(dev))]!++;
      blocks++;
    }
  }
  if (blocks === 0) return { rms: 0, p99: 0, share: 0 };
  let seen = 0, p99 = 0;
  for (let i = 0; i < 256; i++) { seen += histogram[i]!; if (seen >= blocks * 0.99) { p99 = i; break; } }
  let above = 0;
  for (let i = 8; i < 256; i++) above += histogram[i]!;
  return { rms: Math.sqrt(sum / blocks), p99, share: above / blocks };
}
