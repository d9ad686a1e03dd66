// Our SSIMULACRA 2 (src/server/codec/perceptual.ts) against the reference implementation, over the corpus photos:
// each photo (at most 1024 px on its long side, to keep the run short) against mozjpeg encodes of it at several
// qualities, scored by both on the same PNG files. The reference is not packaged by Debian: build it from
// github.com/cloudinary/ssimulacra2 (`build_ssimulacra`) and point SSIMULACRA2 at the binary. Without it the
// section says so and measures only our own speed.
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { ssimulacra2 } from '#codec-core/metrics/ssimulacra2';
import { table } from '../lib/markdown';
import { percentile } from '../lib/stats';
import { run } from '../lib/tools';
import type { BenchSection } from '../types';

const QUALITIES = [30, 60, 85] as const;
const LONG_SIDE = 1024;

async function referenceScore(binary: string, a: string, b: string): Promise<number> {
  const { stdout, stderr, code } = await run(binary, [a, b]);
  const score = Number.parseFloat(stdout.trim());
  if (code !== 0 || !Number.isFinite(score)) throw new Error(`ssimulacra2 failed: ${stderr || stdout}`);
  return score;
}

export const perceptual: BenchSection = {
  name: 'perceptual',
  async run(ctx) {
    const binary = process.env.SSIMULACRA2 ?? '';
    const hasReference = binary !== '' && (await fs.access(binary).then(() => true, () => false));
    const dir = path.join(ctx.corpusDir, 'photos');
    const files = (await fs.readdir(dir)).filter((f) => /\.(jpe?g|png)$/i.test(f)).sort();
    const rows: { image: string; quality: number; ours: number; reference: number | null; msPerMegapixel: number }[] = [];
    for (const file of files) {
      ctx.log(`perceptual: ${file}`);
      const { data, info } = await sharp(path.join(dir, file), { autoOrient: true })
        .resize({ width: LONG_SIDE, height: LONG_SIDE, fit: 'inside', withoutEnlargement: true })
        .toColourspace('srgb')
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const raw = { raw: { width: info.width, height: info.height, channels: 3 as const } };
      const original = path.join(ctx.tmpDir, 'perceptual-a.png');
      await sharp(data, raw).png().toFile(original);
      for (const quality of QUALITIES) {
        const decoded = await sharp(await sharp(data, raw).jpeg({ quality, mozjpeg: true }).toBuffer()).raw().toBuffer();
        const start = process.hrtime.bigint();
        const ours = ssimulacra2({ data, width: info.width, height: info.height }, { data: decoded, width: info.width, height: info.height });
        const seconds = Number(process.hrtime.bigint() - start) / 1e9;
        let reference: number | null = null;
        if (hasReference) {
          const distorted = path.join(ctx.tmpDir, 'perceptual-b.png');
          await sharp(decoded, raw).png().toFile(distorted);
          reference = await referenceScore(binary, original, distorted);
        }
        rows.push({ image: file, quality, ours, reference, msPerMegapixel: (seconds * 1000) / ((info.width * info.height) / 1e6) });
      }
    }
    const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
    const speed = sorted(rows.map((r) => r.msPerMegapixel));
    const differences = sorted(rows.filter((r) => r.reference !== null).map((r) => Math.abs(r.ours - r.reference!)));
    const markdown = [
      '## SSIMULACRA 2: our port against the reference',
      '',
      `${files.length} corpus photos, each at most ${LONG_SIDE} px on its long side, against mozjpeg at ${QUALITIES.join(', ')}: ${rows.length} pairs.`,
      '',
      hasReference
        ? table(
            ['measure', 'value'],
            [
              ['|ours - reference|, median (p25-p75)', `${percentile(differences, 50).toFixed(3)} (${percentile(differences, 25).toFixed(3)}-${percentile(differences, 75).toFixed(3)})`],
              ['|ours - reference|, largest', differences.at(-1)!.toFixed(3)],
              ['our time per megapixel, median (p25-p75)', `${percentile(speed, 50).toFixed(0)} ms (${percentile(speed, 25).toFixed(0)}-${percentile(speed, 75).toFixed(0)})`],
            ],
          )
        : `The reference binary was not given (SSIMULACRA2=...), so only our speed was measured: ${percentile(speed, 50).toFixed(0)} ms per megapixel (median).`,
    ].join('\n');
    return { markdown, json: { hasReference, rows } };
  },
};
