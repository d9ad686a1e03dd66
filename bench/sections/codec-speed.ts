// Codec speed: megapixels per second for one job and for two concurrent jobs, against plain sharp
// encodes measured in the same run on the same files (so the ratios survive a faster machine).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { compress } from '#server/codec/index';
import { listImages } from '../lib/images';
import { table } from '../lib/markdown';
import { fmt } from '../lib/rate';
import { mapPool } from '../lib/pool';
import type { BenchContext, BenchSection } from '../types';
import { smokeOr } from '../lib/smoke';

interface Input {
  file: string;
  data: Buffer;
  megapixels: number;
}

interface Timing {
  wallSeconds: number;
  cpuSeconds: number;
}

/** Best of this many passes: the first pass also warms caches and code paths. */
const REPEATS = smokeOr(2, 1);

async function load(ctx: BenchContext, files: string[]): Promise<Input[]> {
  return Promise.all(files.map(async (file) => {
    const data = await fs.readFile(path.join(ctx.corpusDir, file));
    const meta = await sharp(data).metadata();
    return { file, data, megapixels: (meta.width * meta.height) / 1e6 };
  }));
}

async function timePass(inputs: Input[], jobs: number, work: (input: Buffer) => Promise<unknown>): Promise<Timing> {
  let best: Timing | undefined;
  for (let i = 0; i < REPEATS; i++) {
    const cpu = process.cpuUsage();
    const start = process.hrtime.bigint();
    await mapPool(inputs, jobs, (input) => work(input.data));
    const wallSeconds = Number(process.hrtime.bigint() - start) / 1e9;
    const used = process.cpuUsage(cpu);
    const timing = { wallSeconds, cpuSeconds: (used.user + used.system) / 1e6 };
    if (!best || timing.wallSeconds < best.wallSeconds) best = timing;
  }
  return best!;
}

interface Workload {
  name: string;
  files: string[];
  ours: (input: Buffer) => Promise<unknown>;
  baselineName: string;
  baseline: (input: Buffer) => Promise<unknown>;
}

export const codecSpeed: BenchSection = {
  name: 'codec-speed',
  async run(ctx) {
    const workloads: Workload[] = [
      {
        name: 'JPEG photos, web preset',
        files: listImages(ctx.corpusDir, 'photos').filter((f) => f.endsWith('.jpg')),
        ours: (input) => compress(input, { quality: 80 }),
        baselineName: "sharp's plain libjpeg-turbo encode, `jpeg({ quality: 80 })`",
        baseline: (input) => sharp(input).jpeg({ quality: 80 }).toBuffer(),
      },
      {
        name: 'PNGs, web preset',
        files: listImages(ctx.corpusDir, 'png'),
        ours: (input) => compress(input, { quality: 80 }),
        baselineName: "sharp's plain palette encode, `png({ palette: true, quality: 80 })`",
        baseline: (input) => sharp(input).png({ palette: true, quality: 80 }).toBuffer(),
      },
    ];
    const rows: (string | number)[][] = [];
    const json: Record<string, unknown>[] = [];
    for (const w of workloads) {
      const inputs = await load(ctx, w.files);
      const mp = inputs.reduce((s, i) => s + i.megapixels, 0);
      const result: Record<string, number> = { megapixels: mp };
      for (const jobs of [1, 2]) {
        ctx.log(`codec-speed ${w.name}, ${jobs} job(s)`);
        const ours = await timePass(inputs, jobs, w.ours);
        const base = await timePass(inputs, jobs, w.baseline);
        const oursRate = mp / ours.wallSeconds;
        const baseRate = mp / base.wallSeconds;
        result[`ours_${jobs}job_mp_per_s`] = oursRate;
        result[`ours_${jobs}job_mp_per_cpu_s`] = mp / ours.cpuSeconds;
        result[`baseline_${jobs}job_mp_per_s`] = baseRate;
        result[`baseline_${jobs}job_mp_per_cpu_s`] = mp / base.cpuSeconds;
        rows.push([
          w.name, jobs,
          fmt(oursRate, 2), fmt(oursRate / jobs, 2), fmt(mp / ours.cpuSeconds, 2),
          fmt(baseRate, 2), fmt(mp / base.cpuSeconds, 2),
          fmt(oursRate / baseRate, 3),
        ]);
      }
      json.push({ workload: w.name, baseline: w.baselineName, files: inputs.length, ...result });
    }
    const markdown = [
      '## Codec speed',
      '',
      `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), one libvips thread per job, libvips cache off; input buffer to output buffer, decoding included.`,
      `Best of ${REPEATS} passes over each file set. "Per core" divides the aggregate rate by the jobs in flight; "per CPU-second" divides megapixels by the process CPU time (it counts helper threads such as oxipng's).`,
      'Baselines, measured in the same run on the same files:',
      ...workloads.map((w) => `- ${w.name}: ${w.baselineName}`),
      '',
      table(['workload', 'jobs', 'ours MP/s', 'ours MP/s per core', 'ours MP per CPU-s', 'baseline MP/s', 'baseline MP per CPU-s', 'ours / baseline'], rows),
    ].join('\n');
    return { markdown, json };
  },
};
