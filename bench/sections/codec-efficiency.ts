// Codec efficiency: our encoders against the reference tools at equal butteraugli, per format and
// preset, over distinct corpus images; JPEG sources for the lossy formats, PNGs for PNG. Also the
// end-to-end figures the about page quotes (written to a data file the page imports).
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { compress } from '#server/codec/index';
import { COMPRESSION_PRESETS } from '#contract/presets';
import { bytesAtScore, memoise, type Match, type RatePoint } from '../lib/equal-quality';
import { writeFigures, FIGURES_PATH, type BenchmarkFigures, type PresetId, type ReferenceRatio } from '../lib/figures';
import { decodeSrgb, listImages, photoSample, pixelHash, pnmOf, SAMPLE_SIDE } from '../lib/images';
import { table } from '../lib/markdown';
import { butteraugliWhole, compare, METRIC_SIDE } from '../lib/metrics';
import { OUR_ENCODERS, type LossyFormat } from '../lib/our-encoders';
import { mapPool } from '../lib/pool';
import { fmt, medianOf as median, quantile, roundTo as round } from '../lib/rate';
import { avifenc, cjpeg, cwebp, optipng, oxipng, pngquant, type LossyReference, type SampleFiles } from '../lib/reference-encoders';
import { toolVersion } from '../lib/tools';
import type { BenchContext, BenchSection } from '../types';
import { SMOKE } from '../lib/smoke';

// Bytes and scores are measured here, not speed: on a loaded machine an encode must not fail on the product's 30 s limit.
const UNHURRIED = { timeoutSeconds: 600 } as const;

const PRESETS = COMPRESSION_PRESETS.map((p) => ({ id: p.id as PresetId, quality: p.quality }))
  .sort((a, b) => a.quality - b.quality);
/** Images in flight: one per core. */
const PARALLEL = 2;

const ALL_PRESETS = PRESETS.map((p) => p.id);
/**
 * Which reference each of our lossy formats is compared with, and at which presets. WebP and AVIF are
 * compared at the web preset only unless BENCH_CODEC_ALL_PRESETS=1: each comparison is a search costing
 * several butteraugli runs, and on the shared two-core machine the full grid takes over an hour. Their
 * butteraugli at every preset is always measured (the one-quality-scale table).
 */
const WEBP_AVIF_PRESETS: PresetId[] = process.env.BENCH_CODEC_ALL_PRESETS ? ALL_PRESETS : ['web'];
const LOSSY_COMPARISONS: Record<LossyFormat, { ref: LossyReference; presets: PresetId[] }[]> = {
  jpeg: [{ ref: cjpeg, presets: ALL_PRESETS }],
  webp: [{ ref: cjpeg, presets: WEBP_AVIF_PRESETS }, { ref: cwebp, presets: WEBP_AVIF_PRESETS }],
  avif: [{ ref: cjpeg, presets: WEBP_AVIF_PRESETS }, { ref: avifenc, presets: WEBP_AVIF_PRESETS }],
};
const REFERENCES = [cjpeg, cwebp, avifenc];

/** A first guess of the reference's setting for our quality q (the search corrects it). */
function guess(ref: LossyReference, quality: number): number {
  if (ref.id === 'avifenc') return Math.round(63 - quality * 0.5);
  return quality;
}

interface Point {
  bytes: number;
  butteraugli: number;
}

interface Comparison extends Match {
  /** Our bytes / the reference's bytes at our butteraugli. */
  ratio: number;
}

interface PhotoRow {
  file: string;
  /** Set when the decoded pixels equal an earlier file's: the row is reported but not counted. */
  duplicateOf?: string;
  megapixels: number;
  sample: { width: number; height: number; cropped: boolean; grey: boolean };
  ours: Record<LossyFormat, Record<PresetId, Point & { encodeMs: number }>>;
  versus: Record<LossyFormat, Record<PresetId, Partial<Record<LossyReference['id'], Comparison>>>>;
  /** Every point each reference encoder was scored at, by setting. */
  curves: Partial<Record<LossyReference['id'], RatePoint[]>>;
}

interface PngPresetResult extends Point {
  lossless: boolean;
  /** pngquant's bytes at our butteraugli, for lossy results. */
  pngquant?: Comparison;
}

interface PngRow {
  file: string;
  duplicateOf?: string;
  megapixels: number;
  inputBytes: number;
  ours: Record<PresetId, PngPresetResult>;
  optipng: number;
  oxipng: number;
}

interface EndToEnd {
  file: string;
  folder: 'photos' | 'png';
  source: 'jpeg' | 'png';
  inputBytes: number;
  presets: Record<PresetId, { bytes: number; keptOriginal: boolean; ssim: number }>;
}

const scratchFor = async (ctx: BenchContext, file: string) => {
  const dir = path.join(ctx.tmpDir, 'codec', file.replace(/[/.]/g, '_'));
  await fs.mkdir(dir, { recursive: true });
  return dir;
};

async function photoRow(ctx: BenchContext, file: string, duplicateOf: string | undefined): Promise<PhotoRow> {
  const input = await fs.readFile(path.join(ctx.corpusDir, file));
  const scratch = await scratchFor(ctx, file);
  const meta = await sharp(input).metadata();
  const full = meta.autoOrient ?? { width: meta.width, height: meta.height };
  const sample = await photoSample(input);
  const files: SampleFiles = { png: path.join(scratch, 'sample.png'), pnm: path.join(scratch, sample.grey ? 'sample.pgm' : 'sample.ppm'), grey: sample.grey, dir: scratch };
  await fs.writeFile(files.png, sample.png);
  await fs.writeFile(files.pnm, pnmOf(sample));
  const row: PhotoRow = {
    file, ...(duplicateOf ? { duplicateOf } : {}), megapixels: (full.width * full.height) / 1e6,
    sample: { width: sample.reference.width, height: sample.reference.height, cropped: sample.cropped, grey: sample.grey },
    ours: { jpeg: {}, webp: {}, avif: {} } as PhotoRow['ours'],
    versus: { jpeg: {}, webp: {}, avif: {} } as PhotoRow['versus'],
    curves: {},
  };
  if (duplicateOf) return row;

  const score = async (encoded: Buffer, tag: string) => butteraugliWhole(sample.reference, await decodeSrgb(encoded), scratch, tag);
  const evaluators = new Map<LossyReference['id'], (s: number) => Promise<RatePoint>>();
  for (const ref of REFERENCES) {
    const points: RatePoint[] = [];
    row.curves[ref.id] = points;
    evaluators.set(ref.id, memoise(async (setting) => {
      const encoded = await ref.encode(files, setting);
      const point = { setting, bytes: encoded.length, score: await score(encoded, `${ref.id}${setting}`) };
      points.push(point);
      return point;
    }));
  }
  for (const encoder of OUR_ENCODERS) {
    for (const preset of PRESETS) {
      const started = process.hrtime.bigint();
      const encoded = await encoder.encode(sample.png, preset.quality);
      const encodeMs = Number(process.hrtime.bigint() - started) / 1e6;
      const ours = { bytes: encoded.length, butteraugli: await score(encoded, `ours-${encoder.format}${preset.quality}`), encodeMs };
      row.ours[encoder.format][preset.id] = ours;
      row.versus[encoder.format][preset.id] = {};
      for (const { ref, presets } of LOSSY_COMPARISONS[encoder.format]) {
        if (!presets.includes(preset.id)) continue;
        const match = await bytesAtScore(ref.knob, ours.butteraugli, guess(ref, preset.quality), evaluators.get(ref.id)!);
        row.versus[encoder.format][preset.id]![ref.id] = { ...match, ratio: ours.bytes / match.bytes };
      }
    }
  }
  for (const points of Object.values(row.curves)) points.sort((a, b) => a.setting - b.setting);
  await fs.rm(scratch, { recursive: true, force: true });
  return row;
}

async function pngRow(ctx: BenchContext, file: string, duplicateOf: string | undefined): Promise<PngRow> {
  const input = await fs.readFile(path.join(ctx.corpusDir, file));
  const scratch = await scratchFor(ctx, file);
  const reference = await decodeSrgb(input);
  const row: PngRow = {
    file, ...(duplicateOf ? { duplicateOf } : {}), megapixels: (reference.width * reference.height) / 1e6,
    inputBytes: input.length, ours: {} as PngRow['ours'], optipng: 0, oxipng: 0,
  };
  if (duplicateOf) return row;
  // pngquant gets the same 8-bit sRGB pixels the codec quantises (it would ignore an ICC profile or
  // 16-bit depth and lose on colour, not on quantisation); the lossless tools get the original file.
  const srgbPng = path.join(scratch, 'srgb.png');
  await sharp(reference.data, { raw: { width: reference.width, height: reference.height, channels: reference.channels } })
    .png({ compressionLevel: 1 }).toFile(srgbPng);
  const files: SampleFiles = { png: srgbPng, pnm: '', grey: false, dir: scratch };
  const points: RatePoint[] = [];
  const evaluate = memoise(async (setting) => {
    const encoded = await pngquant.encode(files, setting);
    const point = { setting, bytes: encoded.length, score: await butteraugliWhole(reference, await decodeSrgb(encoded), scratch, `pq${setting}`) };
    points.push(point);
    return point;
  });
  for (const preset of PRESETS) {
    const result = await compress(input, { quality: preset.quality, ...UNHURRIED });
    const decoded = await decodeSrgb(result.data);
    const lossless = decoded.channels === reference.channels && decoded.data.equals(reference.data);
    const butteraugli = lossless ? 0 : await butteraugliWhole(reference, decoded, scratch, `ours${preset.quality}`);
    const entry: PngPresetResult = { bytes: result.data.length, butteraugli, lossless };
    if (!lossless) {
      const match = await bytesAtScore(pngquant.knob, butteraugli, preset.quality, evaluate);
      entry.pngquant = { ...match, ratio: entry.bytes / match.bytes };
    }
    row.ours[preset.id] = entry;
  }
  const original = path.join(scratch, 'in.png');
  await fs.writeFile(original, input);
  row.optipng = (await optipng(original, scratch)).length;
  row.oxipng = (await oxipng(original)).length;
  await fs.rm(scratch, { recursive: true, force: true });
  return row;
}

async function endToEnd(ctx: BenchContext, file: string): Promise<EndToEnd> {
  const input = await fs.readFile(path.join(ctx.corpusDir, file));
  const scratch = await scratchFor(ctx, `e2e-${file}`);
  const reference = await decodeSrgb(input);
  const presets = {} as EndToEnd['presets'];
  for (const preset of PRESETS) {
    const result = await compress(input, { quality: preset.quality, ...UNHURRIED });
    const scores = await compare(reference, await decodeSrgb(result.data), scratch, false);
    presets[preset.id] = { bytes: result.data.length, keptOriginal: result.keptOriginal, ssim: scores.ssim };
  }
  await fs.rm(scratch, { recursive: true, force: true });
  return {
    file, folder: file.startsWith('png/') ? 'png' : 'photos', source: file.endsWith('.png') ? 'png' : 'jpeg',
    inputBytes: input.length, presets,
  };
}

interface RatioSummary extends ReferenceRatio {
  /** Images where the reference could not reach our score (ratio is an upper bound) or always beat it (a lower bound). */
  bounded: number;
}

function summarise(comparisons: (Comparison | undefined)[]): RatioSummary {
  const present = comparisons.filter((c): c is Comparison => c !== undefined);
  const ratios = present.map((c) => c.ratio);
  return {
    median: round(median(ratios), 3), q1: round(quantile(ratios, 0.25), 3), q3: round(quantile(ratios, 0.75), 3),
    n: present.length, bounded: present.filter((c) => c.bound !== 'exact').length,
  };
}

const showRatio = (s: RatioSummary) => s.n === 0 ? '– (n=0)' : `**${fmt(s.median)}** (${fmt(s.q1, 2)}–${fmt(s.q3, 2)}), n=${s.n}${s.bounded ? `, ${s.bounded} bounded` : ''}`;
const showQuartiles = (values: number[], digits = 2) => `${fmt(median(values), digits)} (${fmt(quantile(values, 0.25), digits)}–${fmt(quantile(values, 0.75), digits)})`;

const GOALS: Record<string, number> = {
  'jpeg/cjpeg': 0.92, 'webp/cjpeg': 0.92, 'avif/cjpeg': 0.75,
};

function photoReport(all: PhotoRow[]) {
  const rows = all.filter((r) => !r.duplicateOf);
  const ratios: Record<string, Record<PresetId, RatioSummary>> = {};
  const lines: string[] = [];
  const tableRows: (string | number)[][] = [];
  for (const encoder of OUR_ENCODERS) {
    for (const { ref, presets } of LOSSY_COMPARISONS[encoder.format]) {
      const key = `${encoder.format}/${ref.id}`;
      ratios[key] = {} as Record<PresetId, RatioSummary>;
      for (const preset of PRESETS.filter((p) => presets.includes(p.id))) {
        const s = summarise(rows.map((r) => r.versus[encoder.format][preset.id]?.[ref.id]));
        ratios[key][preset.id] = s;
        const goal = GOALS[key];
        tableRows.push([
          `${encoder.format} ${preset.id} (${encoder.describe(preset.quality)})`, ref.id, showRatio(s),
          goal === undefined ? '–' : `≤ ${goal}: ${s.median <= goal ? 'met' : `missed by ${fmt(s.median - goal, 3)}`}`,
        ]);
      }
    }
  }
  lines.push(table(['ours', 'reference', 'our bytes / theirs at equal butteraugli: median (quartiles), images', 'goal'], tableRows));

  // One quality scale: butteraugli of every format at the same setting, and its ratio to JPEG's.
  const scale: Record<string, Record<PresetId, { medianButteraugli: number; toJpeg: number }>> = {};
  const scaleRows: (string | number)[][] = [];
  for (const encoder of OUR_ENCODERS) {
    const formatScale = {} as Record<PresetId, { medianButteraugli: number; toJpeg: number }>;
    scale[encoder.format] = formatScale;
    for (const preset of PRESETS) {
      const ba = rows.map((r) => r.ours[encoder.format][preset.id].butteraugli);
      const jpegBa = median(rows.map((r) => r.ours.jpeg[preset.id].butteraugli));
      const toJpeg = median(ba) / jpegBa;
      formatScale[preset.id] = { medianButteraugli: round(median(ba), 3), toJpeg: round(toJpeg, 3) };
      const bpp = rows.map((r) => (r.ours[encoder.format][preset.id].bytes * 8) / (r.sample.width * r.sample.height));
      const mpPerS = rows.map((r) => (r.sample.width * r.sample.height) / 1e3 / r.ours[encoder.format][preset.id].encodeMs);
      scaleRows.push([
        encoder.format, `${preset.id} (${preset.quality})`, encoder.describe(preset.quality), showQuartiles(ba), fmt(toJpeg, 3),
        encoder.format === 'jpeg' ? '–' : Math.abs(toJpeg - 1) <= 0.15 ? 'within 15%' : `off by ${fmt((toJpeg - 1) * 100, 1)}%`,
        showQuartiles(bpp, 3), fmt(median(mpPerS), 2),
      ]);
    }
  }
  lines.push('', 'The same setting in every format (item "one quality scale": median butteraugli within 15% of JPEG\'s):', '');
  lines.push(table(['format', 'preset', 'encoder settings', 'butteraugli median (quartiles)', 'BA / JPEG BA', 'scale', 'bpp median (quartiles)', 'encode MP/s (sample, 1 thread)'], scaleRows));
  return { markdown: lines.join('\n'), ratios, scale };
}

function pngReport(all: PngRow[]) {
  const rows = all.filter((r) => !r.duplicateOf);
  const lines: string[] = [];
  const tableRows: (string | number)[][] = [];
  const summaries: Record<PresetId, { lossy: RatioSummary; losslessOptipng: RatioSummary; losslessOxipng: RatioSummary; lossyCount: number }> = {} as never;
  const asComparison = (ratio: number): Comparison => ({ ratio, bytes: 0, settings: [0, 0], bound: 'exact', evaluations: 0 });
  for (const preset of PRESETS) {
    const lossy = rows.filter((r) => !r.ours[preset.id].lossless);
    const lossless = rows.filter((r) => r.ours[preset.id].lossless);
    const s = {
      lossy: summarise(lossy.map((r) => r.ours[preset.id].pngquant)),
      losslessOptipng: summarise(lossless.map((r) => asComparison(r.ours[preset.id].bytes / r.optipng))),
      losslessOxipng: summarise(lossless.map((r) => asComparison(r.ours[preset.id].bytes / r.oxipng))),
      lossyCount: lossy.length,
    };
    summaries[preset.id] = s;
    tableRows.push([
      `${preset.id} (${preset.quality})`, `${lossy.length}/${rows.length}`,
      showRatio(s.lossy), s.lossy.median <= 0.9 ? 'met' : `missed by ${fmt(s.lossy.median - 0.9, 3)}`,
      showRatio(s.losslessOptipng), s.losslessOptipng.median <= 0.95 ? 'met' : `missed by ${fmt(s.losslessOptipng.median - 0.95, 3)}`,
      showRatio(s.losslessOxipng),
      showQuartiles(lossy.map((r) => r.ours[preset.id].butteraugli)),
    ]);
  }
  lines.push(table(['preset', 'lossy', 'lossy: ours / pngquant at equal BA', 'goal ≤ 0.90', 'lossless: ours / optipng -o2', 'goal ≤ 0.95', 'lossless: ours / oxipng', 'BA of lossy results'], tableRows));

  // A higher setting never gives a worse image.
  const order = PRESETS.map((p) => p.id);
  const inversions = rows.flatMap((r) => order.slice(1).flatMap((id, k) => {
    const lower = r.ours[order[k]!];
    const higher = r.ours[id];
    return higher.butteraugli > lower.butteraugli + 1e-9 ? [`${r.file}: ${id} BA ${fmt(higher.butteraugli, 2)} > ${order[k]} BA ${fmt(lower.butteraugli, 2)}`] : [];
  }));
  lines.push('', `Quality order: ${inversions.length === 0 ? 'on every PNG, a higher preset scores the same or better butteraugli.' : `${inversions.length} inversion(s): ${inversions.join('; ')}`}`);
  return { markdown: lines.join('\n'), summaries, inversions };
}

function claims(e2e: EndToEnd[], photoRatios: Record<string, Record<PresetId, RatioSummary>>, pngRatios: ReturnType<typeof pngReport>['summaries']): BenchmarkFigures {
  const preset = (id: PresetId) => {
    const quality = PRESETS.find((p) => p.id === id)!.quality;
    return {
      quality,
      medianReductionPercent: round(median(e2e.map((r) => (1 - r.presets[id].bytes / r.inputBytes) * 100)), 1),
      medianSsim: round(median(e2e.map((r) => r.presets[id].ssim)), 4),
    };
  };
  const presets = { high: preset('high'), web: preset('web'), maximum: preset('maximum') };
  const strip = ({ median: m, q1, q3, n }: RatioSummary): ReferenceRatio => ({ median: m, q1, q3, n });
  return {
    generatedAt: new Date().toISOString(),
    corpus: { photos: e2e.filter((r) => r.folder === 'photos').length, png: e2e.filter((r) => r.folder === 'png').length },
    presets,
    medianReductionPercent: presets.web.medianReductionPercent,
    qualityRetainedPercent: round(presets.web.medianSsim * 100, 1),
    equalQuality: {
      jpegVsCjpeg: Object.fromEntries(PRESETS.map((p) => [p.id, strip(photoRatios['jpeg/cjpeg']![p.id])])) as Record<PresetId, ReferenceRatio>,
      webpVsCjpeg: strip(photoRatios['webp/cjpeg']!.web),
      avifVsCjpeg: strip(photoRatios['avif/cjpeg']!.web),
      pngVsPngquant: strip(pngRatios.web.lossy),
      pngLosslessVsOptipng: strip(pngRatios.web.losslessOptipng),
    },
  };
}

function folderReductions(e2e: EndToEnd[]): (string | number)[][] {
  const groups: [string, EndToEnd[]][] = [
    ['photos (all)', e2e.filter((r) => r.folder === 'photos')],
    ['photos, JPEG sources', e2e.filter((r) => r.folder === 'photos' && r.source === 'jpeg')],
    ['photos, PNG sources', e2e.filter((r) => r.folder === 'photos' && r.source === 'png')],
    ['png', e2e.filter((r) => r.folder === 'png')],
  ];
  const reduction = (rows: EndToEnd[], id: PresetId) => `${round(median(rows.map((r) => (1 - r.presets[id].bytes / r.inputBytes) * 100)), 1)}%`;
  return groups.map(([name, rows]) => [name, rows.length, reduction(rows, 'high'), reduction(rows, 'web'), reduction(rows, 'maximum')]);
}

/**
 * Largest first, so the lanes finish together; results keep the given order. Each row is also appended to
 * bench/results/codec-efficiency-rows.jsonl as soon as it is done, so a run cut short still leaves its data.
 */
async function inPool<R>(ctx: BenchContext, files: string[], fn: (file: string) => Promise<R>, tick: (file: string) => void): Promise<R[]> {
  const jobs = files.map((f, i) => ({ f, i, size: fsSync.statSync(path.join(ctx.corpusDir, f)).size })).sort((a, b) => b.size - a.size);
  const rowsFile = path.join(ctx.resultsDir, 'codec-efficiency-rows.jsonl');
  const results = await mapPool(jobs, PARALLEL, async ({ f }) => {
    const r = await fn(f);
    await fs.appendFile(rowsFile, `${JSON.stringify(r)}\n`);
    tick(f);
    return r;
  });
  return jobs.map((j, k) => ({ i: j.i, r: results[k]! })).sort((a, b) => a.i - b.i).map((x) => x.r);
}

/**
 * Optional filters for quick runs while tuning: BENCH_CODEC_PARTS=photos,png,e2e (default all) and
 * BENCH_CODEC_FILES=<regular expression on the corpus path>. The published figures are only rewritten by a full run.
 */
const fileFilter = (files: string[]) => {
  const pattern = process.env.BENCH_CODEC_FILES;
  return pattern ? files.filter((f) => new RegExp(pattern).test(f)) : files;
};

function parts(): Set<string> {
  const raw = process.env.BENCH_CODEC_PARTS;
  return new Set(raw ? raw.split(',').map((s) => s.trim()) : ['photos', 'png', 'e2e']);
}

export const codecEfficiency: BenchSection = {
  name: 'codec-efficiency',
  async run(ctx) {
    const started = Date.now();
    const want = parts();
    const photoFiles = fileFilter(listImages(ctx.corpusDir, 'photos').filter((f) => /\.jpe?g$/i.test(f)));
    const pngFiles = fileFilter(listImages(ctx.corpusDir, 'png'));
    const e2eFiles = fileFilter([...listImages(ctx.corpusDir, 'photos'), ...listImages(ctx.corpusDir, 'png')]);
    let done = 0;
    const total = (want.has('photos') ? photoFiles.length : 0) + (want.has('png') ? pngFiles.length : 0) + (want.has('e2e') ? e2eFiles.length : 0);
    const tick = (file: string) => ctx.log(`codec-efficiency ${++done}/${total} ${file}`);

    // Identical pictures are decided in name order before the pool runs: the first file of a group counts.
    const duplicates = async (files: string[]) => {
      const first = new Map<string, string>();
      const of = new Map<string, string>();
      for (const f of files) {
        const h = pixelHash(await decodeSrgb(await fs.readFile(path.join(ctx.corpusDir, f))));
        const earlier = first.get(h);
        if (earlier) of.set(f, earlier); else first.set(h, f);
      }
      return of;
    };
    const photoDuplicates = want.has('photos') ? await duplicates(photoFiles) : new Map<string, string>();
    const pngDuplicates = want.has('png') ? await duplicates(pngFiles) : new Map<string, string>();

    const photos = want.has('photos') ? await inPool(ctx, photoFiles, (f) => photoRow(ctx, f, photoDuplicates.get(f)), tick) : [];
    const pngs = want.has('png') ? await inPool(ctx, pngFiles, (f) => pngRow(ctx, f, pngDuplicates.get(f)), tick) : [];
    const e2e = want.has('e2e') ? await inPool(ctx, e2eFiles, (f) => endToEnd(ctx, f), tick) : [];

    const lines: string[] = ['## Codec efficiency', ''];
    const json: Record<string, unknown> = { photos, pngs, e2e };
    lines.push(
      'Equal quality means equal butteraugli (Debian\'s 2017 CLI, max-norm, lower is better, about 1 is "just noticeable").',
      'For each image and each of our settings, the reference encoder\'s own quality knob is searched (bracketing, then regula falsi over its integer settings)',
      'for the two adjacent settings whose scores bracket our score, and its bytes are interpolated between them in log-size.',
      'When even its best setting scores worse than ours, its best setting\'s bytes are used and the ratio is an upper bound ("bounded"); when even its worst setting scores better, a lower bound.',
      'Images whose decoded pixels equal an earlier file\'s (the same photo with another orientation tag) are counted once. No image is left out.',
      '',
    );
    if (want.has('photos')) {
      const part = photoReport(photos);
      json.photoRatios = part.ratios;
      json.scale = part.scale;
      const counted = photos.filter((r) => !r.duplicateOf);
      lines.push(
        '### Lossy formats on JPEG photos',
        '',
        `${counted.length} distinct photos from ${photos.length} JPEG sources in \`photos/\` (lossless PNG sources are not used: re-encoding them says nothing about re-encoding uploads)${photos.some((r) => r.duplicateOf) ? `; counted once: ${photos.filter((r) => r.duplicateOf).map((r) => `${r.file} = ${r.duplicateOf}`).join(', ')}` : ''}.`,
        `**Sample policy:** butteraugli takes about 47 s on a 16 MP photo, and the search needs a dozen scores per image and reference, so images larger than ${SAMPLE_SIDE}×${SAMPLE_SIDE} are represented by their centre ${SAMPLE_SIDE}×${SAMPLE_SIDE} crop (${counted.filter((r) => r.sample.cropped).length} of ${counted.length}).`,
        'Every encoder, ours and the references, encodes that same sample (upright, converted to sRGB by the codec\'s colour step; grey stays grey), and butteraugli is computed on the whole sample, so bytes and scores describe the same pixels.',
        `References: ${REFERENCES.map((r) => `\`${r.command}\``).join('; ')}.`,
        '',
        part.markdown,
        '',
      );
    }
    if (want.has('png')) {
      const part = pngReport(pngs);
      json.pngSummaries = part.summaries;
      json.pngInversions = part.inversions;
      lines.push(
        '### PNG',
        '',
        `${pngs.filter((r) => !r.duplicateOf).length} distinct PNGs in \`png/\`, whole images (at most ${fmt(Math.max(...pngs.map((r) => r.megapixels)), 1)} MP). "Ours" is \`compress()\` as users get it; a result is lossless when its decoded pixels equal the original's in 8-bit sRGB.`,
        `Lossy results are compared with \`${pngquant.command}\` at equal butteraugli, run on the same 8-bit sRGB pixels; lossless results with \`optipng -o2 -strip all\` and oxipng (@napi-rs/image defaults) run on the original file.`,
        '',
        part.markdown,
        '',
      );
    }
    if (want.has('e2e')) {
      const figuresReady = want.has('photos') && want.has('png') && !process.env.BENCH_CODEC_FILES && !SMOKE;
      lines.push(
        '### End to end',
        '',
        `\`compress()\` over all ${e2e.length} images of \`photos/\` and \`png/\`, each keeping its format, never-larger fallback included; SSIM (ssim.js) on the centre ${METRIC_SIDE}×${METRIC_SIDE}.`,
        '',
        table(['folder', 'images', 'high (90)', 'web (80)', 'maximum (70)'], folderReductions(e2e)),
        '',
      );
      if (figuresReady) {
        const figures = claims(e2e, json.photoRatios as Record<string, Record<PresetId, RatioSummary>>, json.pngSummaries as ReturnType<typeof pngReport>['summaries']);
        await writeFigures(ctx.repoRoot, figures);
        json.figures = figures;
        lines.push(`Published figures written to \`${FIGURES_PATH}\`: web preset median reduction ${figures.medianReductionPercent}%, quality retained ${figures.qualityRetainedPercent}% (median SSIM × 100).`);
      } else {
        lines.push('Published figures not rewritten: that needs every part of this section.');
      }
    }
    const versions = {
      cjpeg: await toolVersion('cjpeg', ['-version']),
      cwebp: await toolVersion('cwebp', ['-version']),
      avifenc: await toolVersion('avifenc', ['--version']),
      pngquant: await toolVersion('pngquant', ['--version']),
      optipng: await toolVersion('optipng', ['-v']),
      sharp: sharp.versions,
    };
    const seconds = Math.round((Date.now() - started) / 1000);
    lines.push('', `Tools: ${Object.entries(versions).filter(([k]) => k !== 'sharp').map(([k, v]) => `${k} ${v}`).join('; ')}; sharp ${sharp.versions.sharp} (libvips ${sharp.versions.vips}). ${seconds} s.`);
    return { markdown: lines.join('\n'), json: { versions, seconds, ...json } };
  },
};
