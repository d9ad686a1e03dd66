// Exploration behind the JPEG presets: does another of mozjpeg's quantisation tables (sharp's `quantisationTable`,
// 0-8; mozjpeg mode uses 3) or 4:4:4 chroma bring our JPEG closer to the output-formats goal of 0.92× cjpeg at equal
// butteraugli? Each variant encodes every distinct JPEG photo's sample at our maximum and web qualities; cjpeg is
// searched for the same butteraugli (bench/lib/equal-quality.ts), exactly as in codec-efficiency. "Best of each
// image" picks, per image, the variant with the lowest ratio: an oracle that knows butteraugli and cjpeg, i.e. an
// upper bound on what choosing a table per image could give, inflated by picking the luckiest of noisy scores.
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp, { type JpegOptions } from 'sharp';
import { COMPRESSION_PRESETS } from '#contract/presets';
import { bytesAtScore, memoise } from '../lib/equal-quality';
import { decodeSrgb, listImages, photoSample, pixelHash, pnmOf } from '../lib/images';
import { table } from '../lib/markdown';
import { butteraugliWhole } from '../lib/metrics';
import { cjpeg } from '../lib/reference-encoders';
import { percentile } from '../lib/stats';
import type { BenchSection } from '../types';

interface Variant {
  id: string;
  options(quality: number): JpegOptions;
}

const table3 = (quality: number): JpegOptions => ({ quality, mozjpeg: true, chromaSubsampling: '4:2:0' });
const VARIANTS: Variant[] = [
  { id: 'table 3, 4:2:0 (ours)', options: table3 },
  ...[0, 1, 2, 4, 5, 6, 7, 8].map((t) => ({ id: `table ${t}, 4:2:0`, options: (q: number) => ({ ...table3(q), quantisationTable: t }) })),
  { id: 'table 3, 4:4:4', options: (q) => ({ ...table3(q), chromaSubsampling: '4:4:4' }) },
];

/** The presets that miss the goal (maximum and web); high (90) meets it. */
const QUALITIES = COMPRESSION_PRESETS.filter((p) => p.id !== 'high').map((p) => p.quality).sort((a, b) => a - b);
const quartiles = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return `**${percentile(s, 50).toFixed(3)}** (${percentile(s, 25).toFixed(2)}–${percentile(s, 75).toFixed(2)})`;
};

export const jpegTables: BenchSection = {
  name: 'jpeg-tables',
  async run(ctx) {
    const seen = new Set<string>();
    const files: string[] = [];
    for (const f of listImages(ctx.corpusDir, 'photos').filter((name) => /\.jpe?g$/i.test(name))) {
      const hash = pixelHash(await decodeSrgb(await fs.readFile(path.join(ctx.corpusDir, f))));
      if (!seen.has(hash)) files.push(f);
      seen.add(hash);
    }
    // ratios[quality][variant] = our bytes / cjpeg's at our butteraugli, one per image.
    const ratios = new Map<string, number[]>();
    const key = (q: number, v: string) => `${q}|${v}`;
    for (const [i, f] of files.entries()) {
      ctx.log(`jpeg-tables ${i + 1}/${files.length} ${f}`);
      const sample = await photoSample(await fs.readFile(path.join(ctx.corpusDir, f)));
      const dir = await fs.mkdtemp(path.join(ctx.tmpDir, 'jpeg-tables-'));
      const sampleFiles = { png: path.join(dir, 's.png'), pnm: path.join(dir, 's.pnm'), grey: sample.grey, dir };
      await fs.writeFile(sampleFiles.png, sample.png);
      await fs.writeFile(sampleFiles.pnm, pnmOf(sample));
      const score = async (jpeg: Buffer, tag: string) => butteraugliWhole(sample.reference, await decodeSrgb(jpeg), dir, tag);
      const reference = memoise(async (q) => {
        const bytes = await cjpeg.encode(sampleFiles, q);
        return { setting: q, bytes: bytes.length, score: await score(bytes, 'cjpeg') };
      });
      for (const q of QUALITIES) {
        for (const v of VARIANTS) {
          const ours = await sharp(sample.png).jpeg(v.options(q)).toBuffer();
          const match = await bytesAtScore(cjpeg.knob, await score(ours, 'ours'), q, reference);
          const list = ratios.get(key(q, v.id)) ?? [];
          list.push(ours.length / match.bytes);
          ratios.set(key(q, v.id), list);
        }
      }
      await fs.rm(dir, { recursive: true, force: true });
    }
    const rows = VARIANTS.map((v) => [v.id, ...QUALITIES.map((q) => quartiles(ratios.get(key(q, v.id))!))]);
    const oracle = QUALITIES.map((q) => files.map((_, i) => Math.min(...VARIANTS.map((v) => ratios.get(key(q, v.id))![i]!))));
    rows.push(['best of each image (oracle)', ...oracle.map(quartiles)]);
    const markdown = [
      '## JPEG quantisation tables against cjpeg (exploration)',
      '',
      `Our bytes / cjpeg's at equal butteraugli, median (quartiles), over ${files.length} distinct JPEG photos (centre samples as in codec-efficiency).`,
      '',
      table(['mozjpeg variant', ...QUALITIES.map((q) => `quality ${q}`)], rows),
    ].join('\n');
    const json = Object.fromEntries([...ratios].map(([k, v]) => [k, v]));
    return { markdown, json: { files, ratios: json } };
  },
};
