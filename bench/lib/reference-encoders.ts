// The reference encoders the codec is measured against, each with its own quality knob.
// Lossy ones are searched over that knob for equal butteraugli (equal-quality.ts); the lossless ones
// (optipng, oxipng) are compared in bytes only.
import fs from 'node:fs/promises';
import path from 'node:path';
import { losslessCompressPng } from '@napi-rs/image';
import type { QualityKnob } from './equal-quality';
import { run } from './tools';

/** The files of one sample a tool can read: a PNG (any tool) and a PPM/PGM (cjpeg). */
export interface SampleFiles {
  png: string;
  pnm: string;
  grey: boolean;
  /** Scratch folder for outputs. */
  dir: string;
}

export interface LossyReference {
  id: 'cjpeg' | 'cwebp' | 'avifenc' | 'pngquant';
  /** How it is run, for the report. */
  command: string;
  knob: QualityKnob;
  encode(sample: SampleFiles, setting: number): Promise<Buffer>;
}

async function runTo(out: string, command: string, args: string[]): Promise<Buffer> {
  const r = await run(command, args);
  if (r.code !== 0) throw new Error(`${command} ${args.join(' ')} failed (${r.code}): ${r.stderr}`);
  return fs.readFile(out);
}

export const cjpeg: LossyReference = {
  id: 'cjpeg',
  command: 'cjpeg -quality Q -optimize -progressive -sample 2x2 (4:2:0; grey stays grey)',
  knob: { min: 1, max: 100, higherIsBetter: true },
  encode(sample, q) {
    const out = path.join(sample.dir, `cjpeg-${q}.jpg`);
    const sampling = sample.grey ? [] : ['-sample', '2x2'];
    return runTo(out, 'cjpeg', ['-quality', String(q), '-optimize', '-progressive', ...sampling, '-outfile', out, sample.pnm]);
  },
};

export const cwebp: LossyReference = {
  id: 'cwebp',
  command: 'cwebp -m 6 -q Q',
  knob: { min: 0, max: 100, higherIsBetter: true },
  encode(sample, q) {
    const out = path.join(sample.dir, `cwebp-${q}.webp`);
    return runTo(out, 'cwebp', ['-quiet', '-m', '6', '-q', String(q), sample.png, '-o', out]);
  },
};

export const avifenc: LossyReference = {
  id: 'avifenc',
  command: 'avifenc --min Q --max Q (aom, its default speed 6 and 4:4:4 for 8-bit RGB)',
  knob: { min: 0, max: 63, higherIsBetter: false },
  encode(sample, q) {
    const out = path.join(sample.dir, `avifenc-${q}.avif`);
    return runTo(out, 'avifenc', ['--min', String(q), '--max', String(q), sample.png, out]);
  },
};

export const pngquant: LossyReference = {
  id: 'pngquant',
  command: 'pngquant --quality=0-Q (fewest colours that reach Q)',
  knob: { min: 0, max: 100, higherIsBetter: true },
  encode(sample, q) {
    const out = path.join(sample.dir, `pngquant-${q}.png`);
    return runTo(out, 'pngquant', ['--force', `--quality=0-${q}`, '--output', out, sample.png]);
  },
};

export async function optipng(file: string, dir: string): Promise<Buffer> {
  const out = path.join(dir, 'optipng.png');
  return runTo(out, 'optipng', ['-o2', '-strip', 'all', '-quiet', '-out', out, file]);
}

/** oxipng through @napi-rs/image with its default settings (the same library the codec uses). */
export async function oxipng(file: string): Promise<Buffer> {
  return losslessCompressPng(await fs.readFile(file));
}
