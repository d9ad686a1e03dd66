// Perceptual distance (butteraugli CLI, max-norm; lower is better) and SSIM (ssim.js defaults).
import path from 'node:path';
import { ssim } from 'ssim.js';
import { centreCrop, flatten, writePng, type Pixels } from './images';
import { run } from './tools';

/** Metrics run on the centre 768×768 (the whole image when smaller; Kodak photos are 768×512), the same region for both. */
export const METRIC_SIDE = 768;

export interface Scores {
  butteraugli?: number;
  ssim: number;
}

function ssimOf(a: Pixels, b: Pixels): number {
  const rgba = (img: Pixels) => {
    const out = new Uint8ClampedArray(img.width * img.height * 4);
    for (let i = 0, p = 0; i < img.width * img.height; i++, p += img.channels) {
      out[i * 4] = img.data[p]!;
      out[i * 4 + 1] = img.data[p + 1]!;
      out[i * 4 + 2] = img.data[p + 2]!;
      out[i * 4 + 3] = 255;
    }
    return { data: out, width: img.width, height: img.height };
  };
  return ssim(rgba(a), rgba(b)).mssim;
}

async function butteraugli(a: Pixels, b: Pixels, dir: string, tag: string): Promise<number> {
  const fa = path.join(dir, `${tag}-ref.png`);
  const fb = path.join(dir, `${tag}-dist.png`);
  await Promise.all([writePng(a, fa), writePng(b, fb)]);
  const { stdout, stderr, code } = await run('butteraugli', [fa, fb]);
  const score = Number.parseFloat(stdout.trim());
  if (code !== 0 || !Number.isFinite(score)) throw new Error(`butteraugli failed: ${stderr || stdout}`);
  return score;
}

/**
 * Compares a candidate with the reference. Images with alpha are composited on black and on
 * white, and the worse score of the two is kept, so damage hidden by one background still counts.
 */
export async function compare(reference: Pixels, candidate: Pixels, scratch: string, withButteraugli: boolean, side = METRIC_SIDE): Promise<Scores> {
  if (reference.width !== candidate.width || reference.height !== candidate.height) {
    throw new Error(`size mismatch ${reference.width}x${reference.height} vs ${candidate.width}x${candidate.height}`);
  }
  const ref = centreCrop(reference, side);
  const cand = centreCrop(candidate, side);
  const backgrounds = ref.channels === 4 || cand.channels === 4 ? [0, 255] : [0];
  let worstSsim = 1;
  let worstBa = 0;
  for (const bg of backgrounds) {
    const a = flatten(ref, bg);
    const b = flatten(cand, bg);
    worstSsim = Math.min(worstSsim, ssimOf(a, b));
    if (withButteraugli) worstBa = Math.max(worstBa, await butteraugli(a, b, scratch, `bg${bg}`));
  }
  return withButteraugli ? { butteraugli: worstBa, ssim: worstSsim } : { ssim: worstSsim };
}

/** butteraugli over the whole image (alpha: the worse of black and white backgrounds). Equal pixels score 0 without a run. */
export async function butteraugliWhole(reference: Pixels, candidate: Pixels, scratch: string, tag: string): Promise<number> {
  if (reference.width !== candidate.width || reference.height !== candidate.height) {
    throw new Error(`size mismatch ${reference.width}x${reference.height} vs ${candidate.width}x${candidate.height}`);
  }
  if (reference.channels === candidate.channels && reference.data.equals(candidate.data)) return 0;
  const backgrounds = reference.channels === 4 || candidate.channels === 4 ? [0, 255] : [0];
  let worst = 0;
  for (const bg of backgrounds) {
    worst = Math.max(worst, await butteraugli(flatten(reference, bg), flatten(candidate, bg), scratch, `${tag}-bg${bg}`));
  }
  return worst;
}
