// Smart mode against fixed quality, per preset and format: bytes saved, and butteraugli (the reference CLI, which
// smart mode never uses: an independent judge) of both on the same images, with smart's time against one plain
// encode. Population: every distinct JPEG photo of the corpus (JPEG sources only), each counted once. The goal
// (issue: control) for the web preset: at least 15% fewer bytes than fixed quality 80 in the same format, with a
// 90th-percentile butteraugli no worse than fixed 80's, and no image worse than fixed 80's worst.
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { compress } from '#server/codec/index';
import { Deadline } from '#server/codec/deadline';
import { ENCODERS } from '#server/codec/encoders/index';
import { ssimulacra2 } from '#codec-core/metrics/ssimulacra2';
import { SMART_SCORED_PIXELS, SMART_TARGETS } from '#codec-core/modes/smart';
import { proxyOf } from '#codec-core/pixels';
import type { CompressOptions, CompressResult, ImageFormat } from '#server/codec/types';
import { decodeSrgb } from '../lib/images';
import { table } from '../lib/markdown';
import { compare } from '../lib/metrics';
import { percentile } from '../lib/stats';
import type { BenchSection } from '../types';

const UNHURRIED = { timeoutSeconds: 900 } as const;

/** The presets measured in each format: every preset in JPEG; the web preset in WebP and AVIF (AVIF is slow). */
const RUNS: readonly { format: ImageFormat; quality: number; preset: string }[] = [
  { format: 'jpeg', quality: 70, preset: 'maximum' },
  { format: 'jpeg', quality: 80, preset: 'web' },
  { format: 'jpeg', quality: 90, preset: 'high' },
  { format: 'webp', quality: 80, preset: 'web' },
  { format: 'avif', quality: 80, preset: 'web' },
];

interface Row {
  image: string;
  fixedBytes: number;
  smartBytes: number;
  fixedButteraugli: number;
  smartButteraugli: number;
  chosenQuality: number | null;
  score: number | null;
  timeRatio: number;
}

async function timed(work: () => Promise<CompressResult>): Promise<{ result: CompressResult; seconds: number }> {
  const start = process.hrtime.bigint();
  const result = await work();
  return { result, seconds: Number(process.hrtime.bigint() - start) / 1e9 };
}

/**
 * The calibration of SMART_TARGETS: for each format and each point of its table, the SSIMULACRA 2 score fixed
 * quality reaches on the sample smart mode scores, over every input; the tables hold the 25th percentile.
 */
async function fixedQualityScores(inputs: readonly { name: string; data: Buffer }[], format: ImageFormat, log: (m: string) => void) {
  const scores = new Map<number, number[]>(SMART_TARGETS[format].map(([quality]) => [quality, []]));
  for (const input of inputs) {
    log(`smart: calibration ${format} ${input.name}`);
    const meta = await sharp(input.data).metadata();
    const upright = await sharp(input.data, { autoOrient: true }).toColourspace('srgb').removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const sample = proxyOf({ data: upright.data, width: upright.info.width, height: upright.info.height }, SMART_SCORED_PIXELS);
    const raw = { raw: { width: sample.width, height: sample.height, channels: 3 as const } };
    for (const [quality, list] of scores) {
      const source = { input: input.data, format: 'jpeg' as const, meta, resized: true, ownColourSpace: false };
      const encoded = await ENCODERS[format].encode(sharp(sample.data, raw), { quality, exactQuality: true, deadline: new Deadline(900), source });
      const decoded = await sharp(encoded.data).removeAlpha().raw().toBuffer();
      list.push(ssimulacra2(sample, { data: decoded, width: sample.width, height: sample.height }));
    }
  }
  return [...scores].map(([quality, list]) => ({ quality, p25: q(list, 25), median: q(list, 50), table: SMART_TARGETS[format].find(([p]) => p === quality)![1] }));
}

const q = (values: number[], p: number) => percentile([...values].sort((a, b) => a - b), p);
const range = (values: number[], digits = 2) => `${q(values, 50).toFixed(digits)} (${q(values, 25).toFixed(digits)}-${q(values, 75).toFixed(digits)})`;
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

export const smart: BenchSection = {
  name: 'smart',
  async run(ctx) {
    const dir = path.join(ctx.corpusDir, 'photos');
    const files = (await fs.readdir(dir)).filter((f) => /\.jpe?g$/i.test(f)).sort();
    const inputs: { name: string; data: Buffer }[] = [];
    const seen = new Set<string>();
    for (const file of files) {
      const data = await fs.readFile(path.join(dir, file));
      const reference = await decodeSrgb(data);
      const key = reference.data.toString('base64', 0, 4096) + reference.width + reference.height;
      if (seen.has(key)) continue;
      seen.add(key);
      inputs.push({ name: file, data });
    }

    const results: Record<string, Row[]> = {};
    for (const run of RUNS) {
      const label = `${run.format} ${run.preset} (${run.quality})`;
      const rows: Row[] = (results[label] = []);
      for (const input of inputs) {
        ctx.log(`smart: ${label} ${input.name}`);
        const options: CompressOptions = { ...UNHURRIED, quality: run.quality, format: run.format };
        const fixed = await timed(() => compress(input.data, options));
        const chosen = await timed(() => compress(input.data, { ...options, mode: 'smart' }));
        const reference = await decodeSrgb(input.data);
        // One after the other: compare() writes its PNGs under fixed names in the scratch directory.
        const fixedScores = await compare(reference, await decodeSrgb(fixed.result.data), ctx.tmpDir, true);
        const smartScores = await compare(reference, await decodeSrgb(chosen.result.data), ctx.tmpDir, true);
        rows.push({
          image: input.name,
          fixedBytes: fixed.result.data.length,
          smartBytes: chosen.result.data.length,
          fixedButteraugli: fixedScores.butteraugli!,
          smartButteraugli: smartScores.butteraugli!,
          chosenQuality: chosen.result.chosenQuality,
          score: chosen.result.perceptualScore,
          timeRatio: chosen.seconds / fixed.seconds,
        });
      }
    }

    const calibration: Record<string, Awaited<ReturnType<typeof fixedQualityScores>>> = {};
    for (const format of ['jpeg', 'webp', 'avif'] as const) calibration[format] = await fixedQualityScores(inputs, format, ctx.log);

    const summary = Object.entries(results).map(([label, rows]) => {
      const fixedBa = rows.map((r) => r.fixedButteraugli);
      const smartBa = rows.map((r) => r.smartButteraugli);
      return {
        label,
        images: rows.length,
        totalBytesRatio: sum(rows.map((r) => r.smartBytes)) / sum(rows.map((r) => r.fixedBytes)),
        bytesRatio: rows.map((r) => r.smartBytes / r.fixedBytes),
        fixedP90: q(fixedBa, 90),
        smartP90: q(smartBa, 90),
        fixedWorst: Math.max(...fixedBa),
        smartWorst: Math.max(...smartBa),
        chosen: rows.map((r) => r.chosenQuality ?? Number.NaN).filter(Number.isFinite),
        timeRatio: rows.map((r) => r.timeRatio),
      };
    });

    const markdown = [
      '## Smart mode against fixed quality',
      '',
      `${inputs.length} distinct JPEG photos of the corpus, each compressed at the preset's fixed quality and in smart mode at the same setting, in the same format. Smart mode goes at most to the fixed quality, lower where SSIMULACRA 2 still reaches the preset's target. butteraugli (Debian's CLI, max-norm; lower is better) on the centre 768×768 of each, against the upload; smart mode itself never sees it. Time: smart mode's compression against the fixed one of the same photo, in the same run.`,
      '',
      table(
        ['format and preset', 'bytes smart / fixed, per image: median (p25-p75)', 'all bytes smart / fixed', 'butteraugli p90: fixed → smart', 'worst: fixed → smart', 'chosen quality: median (p25-p75)', 'time / one fixed encode'],
        summary.map((s) => [
          s.label,
          range(s.bytesRatio, 3),
          s.totalBytesRatio.toFixed(3),
          `${s.fixedP90.toFixed(2)} → ${s.smartP90.toFixed(2)}`,
          `${s.fixedWorst.toFixed(2)} → ${s.smartWorst.toFixed(2)}`,
          range(s.chosen, 0),
          range(s.timeRatio, 1),
        ]),
      ),
      '',
      'Calibration of the targets (`SMART_TARGETS` in smart-mode.ts): the SSIMULACRA 2 score fixed quality reaches on the sample smart mode scores, 25th percentile and median over the same photos, beside the table in the code:',
      '',
      table(
        ['quality', ...Object.keys(calibration).map((f) => `${f}: p25 / median / table`)],
        calibration.jpeg!.map((row, i) => [row.quality, ...Object.values(calibration).map((rows) => `${rows[i]!.p25.toFixed(1)} / ${rows[i]!.median.toFixed(1)} / ${rows[i]!.table}`)]),
      ),
      '',
      'Per image (web preset, JPEG):',
      '',
      table(
        ['image', 'fixed bytes', 'smart bytes', 'chosen quality', 'SSIMULACRA 2', 'butteraugli fixed', 'butteraugli smart'],
        (results['jpeg web (80)'] ?? []).map((r) => [r.image, r.fixedBytes, r.smartBytes, r.chosenQuality ?? '-', r.score?.toFixed(1) ?? '-', r.fixedButteraugli.toFixed(2), r.smartButteraugli.toFixed(2)]),
      ),
    ].join('\n');
    return { markdown, json: { images: inputs.map((i) => i.name), summary, calibration, results } };
  },
};
