// Compression modes: how close size mode lands under its targets and how often it meets them, and what each mode
// costs in time against one plain encode of the same image (quality mode at the web preset), measured in this run.
// Population: every distinct JPEG photo of the corpus (JPEG sources only), each counted once.
import fs from 'node:fs/promises';
import path from 'node:path';
import { compress } from '#server/codec/index';
import type { CompressOptions } from '#server/codec/types';
import { table } from '../lib/markdown';
import { percentile } from '../lib/stats';
import type { BenchSection } from '../types';

/** Targets as fractions of the plain encode's size: a little smaller, half, a quarter, and one no quality reaches. */
const TARGET_FRACTIONS = [0.8, 0.5, 0.25, 0.02];
const UNHURRIED = { timeoutSeconds: 600 } as const;

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number }> {
  const start = process.hrtime.bigint();
  const result = await work();
  return { result, seconds: Number(process.hrtime.bigint() - start) / 1e9 };
}

const quartiles = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p25: percentile(sorted, 25), median: percentile(sorted, 50), p75: percentile(sorted, 75), count: sorted.length };
};
const fmt = (q: { p25: number; median: number; p75: number }, digits = 2) => `${q.median.toFixed(digits)} (${q.p25.toFixed(digits)}-${q.p75.toFixed(digits)})`;

export const modes: BenchSection = {
  name: 'modes',
  async run(ctx) {
    const dir = path.join(ctx.corpusDir, 'photos');
    const files = (await fs.readdir(dir)).filter((f) => /\.jpe?g$/i.test(f)).sort();
    const seen = new Set<string>();
    const fill: number[] = [];
    const met: boolean[] = [];
    const metReachable: boolean[] = [];
    const timeRatio: Record<string, number[]> = { 'size (no resize)': [], 'size (allowResize, unreachable target)': [], lossless: [], 'quality, maxWidth 1200': [] };
    for (const file of files) {
      const input = await fs.readFile(path.join(dir, file));
      const key = input.toString('base64', 0, 4096) + input.length;
      if (seen.has(key)) continue;
      seen.add(key);
      ctx.log(`modes: ${file}`);
      const plain = await timed(() => compress(input, { quality: 80, ...UNHURRIED }));
      const ratioOf = async (label: string, options: CompressOptions) => {
        const run = await timed(() => compress(input, { ...UNHURRIED, ...options }));
        timeRatio[label]!.push(run.seconds / plain.seconds);
        return run.result;
      };
      for (const fraction of TARGET_FRACTIONS) {
        const target = Math.max(1024, Math.round(plain.result.data.length * fraction));
        const result = await ratioOf('size (no resize)', { quality: 80, mode: 'size', targetSize: target });
        met.push(result.data.length <= target);
        if (fraction >= 0.25) {
          metReachable.push(result.data.length <= target);
          if (result.data.length <= target) fill.push(result.data.length / target);
        }
        if (fraction < 0.25) await ratioOf('size (allowResize, unreachable target)', { quality: 80, mode: 'size', targetSize: target, allowResize: true });
      }
      await ratioOf('lossless', { quality: 80, mode: 'lossless' });
      await ratioOf('quality, maxWidth 1200', { quality: 80, maxWidth: 1200 });
    }
    const fillQ = quartiles(fill);
    const json = {
      images: seen.size,
      targetFractions: TARGET_FRACTIONS,
      sizeMode: {
        fillOfTargetWhenMet: fillQ,
        metShareAllTargets: met.filter(Boolean).length / met.length,
        metShareReachableTargets: metReachable.filter(Boolean).length / metReachable.length,
      },
      timeRatioToPlainEncode: Object.fromEntries(Object.entries(timeRatio).map(([k, v]) => [k, quartiles(v)])),
    };
    const markdown = [
      '## Compression modes',
      '',
      `${seen.size} distinct JPEG photos of the corpus. Size mode was asked for ${TARGET_FRACTIONS.map((f) => `${f * 100}%`).join(', ')} of each photo's plain encode (quality 80); the last target is out of reach on purpose.`,
      '',
      table(
        ['size mode', 'figure'],
        [
          ['result / target when met, median (p25-p75)', fmt(fillQ, 3)],
          ['targets met, 80/50/25% targets', `${(json.sizeMode.metShareReachableTargets * 100).toFixed(0)}% of ${metReachable.length}`],
          ['targets met, all targets', `${(json.sizeMode.metShareAllTargets * 100).toFixed(0)}% of ${met.length}`],
        ],
      ),
      '',
      'Time against one plain encode of the same photo (quality 80), median (p25-p75):',
      '',
      table(['mode', 'time ratio'], Object.entries(json.timeRatioToPlainEncode).map(([k, q]) => [k, fmt(q)])),
    ].join('\n');
    return { markdown, json };
  },
};
