// Our SSIMULACRA 2 against the reference implementation (cloudinary/ssimulacra2, built from source): the expected
// scores below are what the reference binary printed for the same pixels, written as PNG. The distortions are
// computed here, in plain code, so the pixels do not depend on an encoder's version. The bench's `perceptual`
// section repeats the comparison over the corpus photos when the reference binary is installed.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ssimulacra2, type RgbImage } from '#codec-core/metrics/ssimulacra2';
import { corpusPath } from '../../support/paths';

const W = 256;
const H = 192;

/** A 256x192 crop of a Kodak photo (parrots: flat colour, feathers and edges). */
async function crop(): Promise<RgbImage> {
  const { data, info } = await sharp(corpusPath('photos', 'kodim23.png')).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const out = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++) data.copy(out, y * W * 3, ((150 + y) * info.width + 300) * 3, ((150 + y) * info.width + 300 + W) * 3);
  return { data: out, width: W, height: H };
}

const DISTORTIONS: Record<string, { distort: (d: Uint8Array) => Uint8Array; reference: number }> = {
  /** Banding: every channel rounded to a multiple of 24. */
  quantised: { distort: (d) => Uint8Array.from(d, (v) => Math.min(255, Math.round(v / 24) * 24)), reference: 25.10843298 },
  /** Smoothing: a 3x3 box blur (edge pixels average what is inside the image). */
  blurred: {
    distort: (d) => {
      const out = new Uint8Array(d.length);
      for (let y = 0; y < H; y++) {
        for (let x = 0; x < W; x++) {
          for (let c = 0; c < 3; c++) {
            let sum = 0;
            let n = 0;
            for (let yy = Math.max(0, y - 1); yy <= Math.min(H - 1, y + 1); yy++) {
              for (let xx = Math.max(0, x - 1); xx <= Math.min(W - 1, x + 1); xx++) {
                sum += d[(yy * W + xx) * 3 + c]!;
                n++;
              }
            }
            out[(y * W + x) * 3 + c] = Math.round(sum / n);
          }
        }
      }
      return out;
    },
    reference: 64.05333343,
  },
  /** Grain: a fixed pseudo-random offset of -6..6 on every value. */
  noisy: {
    distort: (d) => {
      let seed = 1;
      return Uint8Array.from(d, (v) => {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        return Math.max(0, Math.min(255, v + (seed % 13) - 6));
      });
    },
    reference: 80.13232601,
  },
};

describe('ssimulacra2', () => {
  it.each(Object.keys(DISTORTIONS))('scores the %s crop as the reference implementation does (within 0.05)', async (name) => {
    const original = await crop();
    const { distort, reference } = DISTORTIONS[name]!;
    const score = ssimulacra2(original, { ...original, data: distort(original.data) });
    expect(Math.abs(score - reference)).toBeLessThan(0.05);
  });

  it('gives 100 for identical pixels and ranks the distortions as the reference does', async () => {
    const original = await crop();
    expect(ssimulacra2(original, { ...original, data: Uint8Array.from(original.data) })).toBe(100);
    const scores = Object.values(DISTORTIONS).map(({ distort }) => ssimulacra2(original, { ...original, data: distort(original.data) }));
    const references = Object.values(DISTORTIONS).map((d) => d.reference);
    expect(scores.map((_, i) => i).sort((a, b) => scores[a]! - scores[b]!)).toEqual(references.map((_, i) => i).sort((a, b) => references[a]! - references[b]!));
  });

  it('scores images too small for all six scales, as the reference does, without failing', async () => {
    const original = await crop();
    const small = (image: RgbImage): RgbImage => {
      const data = new Uint8Array(20 * 12 * 3);
      for (let y = 0; y < 12; y++) data.set(image.data.subarray(y * W * 3, y * W * 3 + 60), y * 60);
      return { data, width: 20, height: 12 };
    };
    const score = ssimulacra2(small(original), small({ ...original, data: DISTORTIONS.quantised!.distort(original.data) }));
    expect(Number.isFinite(score)).toBe(true);
    expect(score).toBeLessThan(100);
  });

  it('refuses images of different sizes', async () => {
    const original = await crop();
    expect(() => ssimulacra2(original, { ...original, width: W - 1 })).toThrow(/differ in size/);
  });
});
