// Codec efficiency: our presets against cjpeg, jpegoptim, pngquant and optipng, in bytes and
// perceptual distance, on the corpus photos and PNGs. Also writes the published claims file.
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { compress, COMPRESSION_PRESETS } from '../../src/server/codec';
import { toSrgb8 } from '../../src/server/codec/colour';
import { jpegOptions } from '../../src/server/codec/jpeg';
import { writeFigures, FIGURES_PATH, type BenchmarkFigures, type PresetId } from '../lib/figures';
import { decodeSrgb, listImages, writePnm, type Pixels } from '../lib/images';
import { table } from '../lib/markdown';
import { compare, METRIC_SIDE, type Scores } from '../lib/metrics';
import { mapPool } from '../lib/pool';
import { bytesAtScore, fmt, medianOf as median, quantile, roundTo as round, type RatePoint } from '../lib/rate';
import { run, toolVersion } from '../lib/tools';
import type { BenchContext, BenchSection } from '../types';

const PRESETS = COMPRESSION_PRESETS.map((p) => ({ id: p.id as PresetId, quality: p.quality }));
const JPEG_QUALITIES = [70, 80, 90] as const;
const PNGQUANT_SETTINGS = [
  { id: 'q0-70', args: ['--quality=0-70'] },
  { id: 'q0-80', args: ['--quality=0-80'] },
  { id: 'q0-90', args: ['--quality=0-90'] },
  { id: 'default', args: [] },
] as const;
/** Images in flight: one per core. */
const PARALLEL = 2;

interface Measured extends Scores {
  bytes: number;
}

interface EndToEnd {
  bytes: number;
  keptOriginal: boolean;
  ssim: number;
}

interface PhotoRow {
  file: string;
  source: 'jpeg' | 'png';
  inputBytes: number;
  megapixels: number;
  /** compress() as users get it (JPEG stays JPEG, PNG stays PNG). */
  endToEnd: Record<PresetId, EndToEnd>;
  /** Our JPEG encoder on the same pixels, without the never-larger fallback. */
  ours: Record<PresetId, Measured>;
  cjpeg: Record<number, Measured>;
  jpegoptim: Record<number, Measured>;
}

interface PngRow {
  file: string;
  inputBytes: number;
  megapixels: number;
  endToEnd: Record<PresetId, EndToEnd>;
  ours: Record<PresetId, Measured & { lossless: boolean }>;
  pngquant: Record<string, Measured>;
  optipng: { bytes: number };
}

async function measure(reference: Pixels, encoded: Buffer, scratch: string, withBa: boolean, orientation?: number): Promise<Measured> {
  const decoded = await decodeSrgb(encoded, orientation);
  return { bytes: encoded.length, ...(await compare(reference, decoded, scratch, withBa)) };
}

async function ourJpeg(input: Buffer, quality: number): Promise<Buffer> {
  const meta = await sharp(input).metadata();
  return toSrgb8(sharp(input, { autoOrient: true }), meta).jpeg(jpegOptions(quality)).toBuffer();
}

async function endToEnd(input: Buffer, quality: number, type: PresetId, reference: Pixels, scratch: string) {
  const result = await compress(input, { quality, type });
  const scores = await compare(reference, await decodeSrgb(result.data), scratch, false);
  return { result, summary: { bytes: result.data.length, keptOriginal: result.keptOriginal, ssim: scores.ssim } };
}

async function photoRow(ctx: BenchContext, file: string): Promise<PhotoRow> {
  const input = await fs.readFile(path.join(ctx.corpusDir, file));
  const scratch = path.join(ctx.tmpDir, 'codec', file.replace(/[/.]/g, '_'));
  await fs.mkdir(scratch, { recursive: true });
  const meta = await sharp(input).metadata();
  const source = meta.format === 'jpeg' ? 'jpeg' : 'png';
  const grey = meta.space === 'b-w' || meta.space === 'grey16';
  const reference = await decodeSrgb(input);
  const row: PhotoRow = {
    file, source, inputBytes: input.length, megapixels: (reference.width * reference.height) / 1e6,
    endToEnd: {} as PhotoRow['endToEnd'], ours: {} as PhotoRow['ours'], cjpeg: {}, jpegoptim: {},
  };

  for (const preset of PRESETS) {
    const { result, summary } = await endToEnd(input, preset.quality, preset.id, reference, scratch);
    row.endToEnd[preset.id] = summary;
    const jpeg = source === 'jpeg' && !result.keptOriginal ? result.data : await ourJpeg(input, preset.quality);
    row.ours[preset.id] = await measure(reference, jpeg, scratch, true);
  }

  const pnm = path.join(scratch, grey ? 'in.pgm' : 'in.ppm');
  await writePnm(input, pnm, grey);
  const cjpeg = async (quality: number, out: string) => {
    const sample = grey ? [] : ['-sample', '2x2'];
    const r = await run('cjpeg', ['-quality', String(quality), '-optimize', '-progressive', ...sample, '-outfile', out, pnm]);
    if (r.code !== 0) throw new Error(`cjpeg failed: ${r.stderr}`);
    return fs.readFile(out);
  };
  for (const q of JPEG_QUALITIES) {
    row.cjpeg[q] = await measure(reference, await cjpeg(q, path.join(scratch, `cjpeg${q}.jpg`)), scratch, true);
  }

  // jpegoptim works on JPEG files: for lossless sources it gets a quality-95 cjpeg intermediate.
  const jpegSource = source === 'jpeg' ? input : await cjpeg(95, path.join(scratch, 'intermediate95.jpg'));
  for (const q of JPEG_QUALITIES) {
    const out = path.join(scratch, `jpegoptim${q}.jpg`);
    await fs.writeFile(out, jpegSource);
    const r = await run('jpegoptim', [`--max=${q}`, '--strip-all', '--quiet', out]);
    if (r.code !== 0) throw new Error(`jpegoptim failed: ${r.stderr}`);
    // --strip-all drops the orientation tag too; judge the pixels the way they were meant to show.
    row.jpegoptim[q] = await measure(reference, await fs.readFile(out), scratch, true, meta.orientation);
  }
  await fs.rm(scratch, { recursive: true, force: true });
  return row;
}

async function pngRow(ctx: BenchContext, file: string): Promise<PngRow> {
  const input = await fs.readFile(path.join(ctx.corpusDir, file));
  const scratch = path.join(ctx.tmpDir, 'codec', file.replace(/[/.]/g, '_'));
  await fs.mkdir(scratch, { recursive: true });
  const reference = await decodeSrgb(input);
  const row: PngRow = {
    file, inputBytes: input.length, megapixels: (reference.width * reference.height) / 1e6,
    endToEnd: {} as PngRow['endToEnd'], ours: {} as PngRow['ours'], pngquant: {}, optipng: { bytes: 0 },
  };
  for (const preset of PRESETS) {
    const { result, summary } = await endToEnd(input, preset.quality, preset.id, reference, scratch);
    row.endToEnd[preset.id] = summary;
    const decoded = await decodeSrgb(result.data);
    const lossless = decoded.channels === reference.channels && decoded.data.equals(reference.data);
    const scores = lossless ? { butteraugli: 0, ssim: 1 } : await compare(reference, decoded, scratch, true);
    row.ours[preset.id] = { bytes: result.data.length, ...scores, lossless };
  }
  const src = path.join(scratch, 'in.png');
  await fs.writeFile(src, input);
  for (const setting of PNGQUANT_SETTINGS) {
    const out = path.join(scratch, `pngquant-${setting.id}.png`);
    const r = await run('pngquant', ['--force', '--output', out, ...setting.args, src]);
    if (r.code !== 0) throw new Error(`pngquant failed (${r.code}): ${r.stderr}`);
    row.pngquant[setting.id] = await measure(reference, await fs.readFile(out), scratch, true);
  }
  const optOut = path.join(scratch, 'optipng.png');
  const r = await run('optipng', ['-o2', '-strip', 'all', '-quiet', '-out', optOut, src]);
  if (r.code !== 0) throw new Error(`optipng failed: ${r.stderr}`);
  row.optipng = { bytes: (await fs.stat(optOut)).size };
  await fs.rm(scratch, { recursive: true, force: true });
  return row;
}

interface RatioSummary {
  median: number;
  q1: number;
  q3: number;
  n: number;
  of: number;
}

function summarise(ratios: (number | undefined)[]): RatioSummary {
  const present = ratios.filter((r): r is number => r !== undefined);
  return { median: median(present), q1: quantile(present, 0.25), q3: quantile(present, 0.75), n: present.length, of: ratios.length };
}

const showRatio = (s: RatioSummary) => `**${fmt(s.median)}** (${fmt(s.q1, 2)}–${fmt(s.q3, 2)}, n=${s.n}/${s.of})`;

function curve(points: Record<number | string, Measured>, keys: readonly (number | string)[], metric: 'butteraugli' | 'ssim'): RatePoint[] {
  return keys.map((k) => ({ bytes: points[k]!.bytes, score: points[k]![metric]! }));
}

function equalQualityRatios(ours: Measured[], curves: RatePoint[][], metric: 'butteraugli' | 'ssim') {
  return ours.map((o, i) => {
    const at = bytesAtScore(curves[i]!, o[metric]!);
    return at === undefined ? undefined : o.bytes / at;
  });
}

function photoReport(rows: PhotoRow[]) {
  const lines: string[] = [];
  const byEncoder: [string, (r: PhotoRow) => Measured][] = [
    ...PRESETS.map((p) => [`ours ${p.id} (q${p.quality})`, (r: PhotoRow) => r.ours[p.id]] as [string, (r: PhotoRow) => Measured]),
    ...JPEG_QUALITIES.map((q) => [`cjpeg q${q}`, (r: PhotoRow) => r.cjpeg[q]!] as [string, (r: PhotoRow) => Measured]),
    ...JPEG_QUALITIES.map((q) => [`jpegoptim --max=${q}`, (r: PhotoRow) => r.jpegoptim[q]!] as [string, (r: PhotoRow) => Measured]),
  ];
  const sourceRatio = (rs: PhotoRow[], pick: (r: PhotoRow) => Measured) => median(rs.map((r) => pick(r).bytes / r.inputBytes));
  const jpegs = rows.filter((r) => r.source === 'jpeg');
  const pngs = rows.filter((r) => r.source === 'png');
  lines.push(table(
    ['encoder', 'size ratio, JPEG sources', 'size ratio, PNG sources', 'bpp', 'butteraugli', 'p90 BA', 'SSIM'],
    byEncoder.map(([name, pick]) => [
      name,
      fmt(sourceRatio(jpegs, pick)),
      fmt(sourceRatio(pngs, pick)),
      fmt(median(rows.map((r) => (pick(r).bytes * 8) / (r.megapixels * 1e6)))),
      fmt(median(rows.map((r) => pick(r).butteraugli!)), 2),
      fmt(quantile(rows.map((r) => pick(r).butteraugli!), 0.9), 2),
      fmt(median(rows.map((r) => pick(r).ssim)), 4),
    ]),
  ));

  const web = rows.map((r) => r.ours.web);
  const ratios = {
    cjpeg: {
      butteraugli: summarise(equalQualityRatios(web, rows.map((r) => curve(r.cjpeg, JPEG_QUALITIES, 'butteraugli')), 'butteraugli')),
      ssim: summarise(equalQualityRatios(web, rows.map((r) => curve(r.cjpeg, JPEG_QUALITIES, 'ssim')), 'ssim')),
      matched: summarise(rows.map((r) => r.ours.web.bytes / r.cjpeg[80]!.bytes)),
    },
    jpegoptim: {
      butteraugli: summarise(equalQualityRatios(web, rows.map((r) => curve(r.jpegoptim, JPEG_QUALITIES, 'butteraugli')), 'butteraugli')),
      ssim: summarise(equalQualityRatios(web, rows.map((r) => curve(r.jpegoptim, JPEG_QUALITIES, 'ssim')), 'ssim')),
      matched: summarise(rows.map((r) => r.ours.web.bytes / r.jpegoptim[80]!.bytes)),
    },
  };
  lines.push('', 'Web preset bytes divided by the reference tool\'s bytes (median, interquartile range, images inside the tool\'s range):', '');
  lines.push(table(
    ['reference', 'at equal butteraugli', 'at equal SSIM', 'at the same quality setting (80)', 'BA ours / theirs at 80'],
    (['cjpeg', 'jpegoptim'] as const).map((tool) => [
      tool === 'cjpeg' ? 'cjpeg -optimize -progressive' : 'jpegoptim --max --strip-all',
      showRatio(ratios[tool].butteraugli),
      showRatio(ratios[tool].ssim),
      showRatio(ratios[tool].matched),
      fmt(median(rows.map((r) => r.ours.web.butteraugli! / (tool === 'cjpeg' ? r.cjpeg[80]! : r.jpegoptim[80]!).butteraugli!)), 2),
    ]),
  ));
  return { markdown: lines.join('\n'), ratios };
}

function pngReport(rows: PngRow[]) {
  const lines: string[] = [];
  const encoders: [string, (r: PngRow) => Measured][] = [
    ...PRESETS.map((p) => [`ours ${p.id} (q${p.quality})`, (r: PngRow) => r.ours[p.id]] as [string, (r: PngRow) => Measured]),
    ...PNGQUANT_SETTINGS.map((s) => [`pngquant ${s.id === 'default' ? '(default)' : `--quality=${s.id.slice(1)}`}`, (r: PngRow) => r.pngquant[s.id]!] as [string, (r: PngRow) => Measured]),
  ];
  lines.push(table(
    ['encoder', 'size ratio', 'bpp', 'butteraugli', 'p90 BA', 'SSIM', 'lossless'],
    [
      ...encoders.map(([name, pick]) => [
        name,
        fmt(median(rows.map((r) => pick(r).bytes / r.inputBytes))),
        fmt(median(rows.map((r) => (pick(r).bytes * 8) / (r.megapixels * 1e6)))),
        fmt(median(rows.map((r) => pick(r).butteraugli!)), 2),
        fmt(quantile(rows.map((r) => pick(r).butteraugli!), 0.9), 2),
        fmt(median(rows.map((r) => pick(r).ssim)), 4),
        name.startsWith('ours') ? `${rows.filter((r) => (pick(r) as PngRow['ours'][PresetId]).lossless).length}/${rows.length}` : '–',
      ]),
      ['optipng -o2 -strip all', fmt(median(rows.map((r) => r.optipng.bytes / r.inputBytes))), fmt(median(rows.map((r) => (r.optipng.bytes * 8) / (r.megapixels * 1e6)))), '0', '0', '1', `${rows.length}/${rows.length}`],
    ],
  ));
  const keys = PNGQUANT_SETTINGS.map((s) => s.id);
  const web = rows.map((r) => r.ours.web);
  const lossless = rows.filter((r) => r.ours.web.lossless);
  const ratios = {
    pngquant: {
      butteraugli: summarise(equalQualityRatios(web, rows.map((r) => curve(r.pngquant, keys, 'butteraugli')), 'butteraugli')),
      ssim: summarise(equalQualityRatios(web, rows.map((r) => curve(r.pngquant, keys, 'ssim')), 'ssim')),
      matched: summarise(rows.map((r) => r.ours.web.bytes / r.pngquant['q0-80']!.bytes)),
      // Where ours is at least as good (BA no higher) as pngquant's default, bytes against bytes.
      betterOrEqualThanDefault: summarise(rows.map((r) => (r.ours.web.butteraugli! <= r.pngquant.default!.butteraugli! ? r.ours.web.bytes / r.pngquant.default!.bytes : undefined))),
    },
    optipng: {
      all: summarise(rows.map((r) => r.ours.web.bytes / r.optipng.bytes)),
      losslessOnly: summarise(lossless.map((r) => r.ours.web.bytes / r.optipng.bytes)),
    },
  };
  lines.push('', 'Web preset bytes divided by the reference tool\'s bytes:', '');
  lines.push(table(
    ['reference', 'comparison', 'ratio (median, IQR, n)'],
    [
      ['pngquant', 'at equal butteraugli (interpolated over its 4 settings)', showRatio(ratios.pngquant.butteraugli)],
      ['pngquant', 'at equal SSIM', showRatio(ratios.pngquant.ssim)],
      ['pngquant', 'files where our BA ≤ pngquant default\'s BA', showRatio(ratios.pngquant.betterOrEqualThanDefault)],
      ['pngquant --quality=0-80', 'same quality setting', showRatio(ratios.pngquant.matched)],
      ['optipng -o2 (lossless)', 'all files', showRatio(ratios.optipng.all)],
      ['optipng -o2 (lossless)', 'files where ours is lossless too (equal BA = 0)', showRatio(ratios.optipng.losslessOnly)],
    ],
  ));
  return { markdown: lines.join('\n'), ratios };
}

function claims(photos: PhotoRow[], pngs: PngRow[]): BenchmarkFigures {
  const all = [...photos, ...pngs];
  const preset = (id: PresetId) => {
    const quality = PRESETS.find((p) => p.id === id)!.quality;
    return {
      quality,
      medianReductionPercent: round(median(all.map((r) => (1 - r.endToEnd[id].bytes / r.inputBytes) * 100)), 1),
      medianSsim: round(median(all.map((r) => r.endToEnd[id].ssim)), 4),
    };
  };
  const presets = { high: preset('high'), web: preset('web'), maximum: preset('maximum') };
  return {
    generatedAt: new Date().toISOString(),
    corpus: { photos: photos.length, png: pngs.length },
    presets,
    medianReductionPercent: presets.web.medianReductionPercent,
    qualityRetainedPercent: round(presets.web.medianSsim * 100, 1),
  };
}

/** Median end-to-end reduction per folder and preset, the photos split by source format too. */
function folderReductions(photos: PhotoRow[], pngs: PngRow[]): (string | number)[][] {
  const groups: [string, (PhotoRow | PngRow)[]][] = [
    ['photos (all)', photos],
    ['photos, JPEG sources', photos.filter((r) => r.source === 'jpeg')],
    ['photos, PNG sources', photos.filter((r) => r.source === 'png')],
    ['png', pngs],
  ];
  const reduction = (rows: (PhotoRow | PngRow)[], id: PresetId) =>
    `${round(median(rows.map((r) => (1 - r.endToEnd[id].bytes / r.inputBytes) * 100)), 1)}%`;
  return groups.map(([name, rows]) => [name, rows.length, reduction(rows, 'high'), reduction(rows, 'web'), reduction(rows, 'maximum')]);
}

export const codecEfficiency: BenchSection = {
  name: 'codec-efficiency',
  async run(ctx) {
    const started = Date.now();
    const photoFiles = listImages(ctx.corpusDir, 'photos');
    const pngFiles = listImages(ctx.corpusDir, 'png');
    let done = 0;
    const total = photoFiles.length + pngFiles.length;
    const tick = (file: string) => ctx.log(`codec-efficiency ${++done}/${total} ${file}`);

    // Largest first, so the two lanes finish together; results keep the corpus order.
    const largestFirst = (files: string[]) => files.map((f, i) => ({ f, i, size: fsSync.statSync(path.join(ctx.corpusDir, f)).size })).sort((a, b) => b.size - a.size);
    const inOrder = <R>(items: { i: number }[], results: R[]) => items.map((it, k) => ({ i: it.i, r: results[k]! })).sort((a, b) => a.i - b.i).map((x) => x.r);
    const photoJobs = largestFirst(photoFiles);
    const photos = inOrder(photoJobs, await mapPool(photoJobs, PARALLEL, async ({ f }) => { const r = await photoRow(ctx, f); tick(f); return r; }));
    const pngJobs = largestFirst(pngFiles);
    const pngs = inOrder(pngJobs, await mapPool(pngJobs, PARALLEL, async ({ f }) => { const r = await pngRow(ctx, f); tick(f); return r; }));
    const photoPart = photoReport(photos);
    const pngPart = pngReport(pngs);
    const figures = claims(photos, pngs);
    await writeFigures(ctx.repoRoot, figures);

    const versions = {
      cjpeg: await toolVersion('cjpeg', ['-version']),
      jpegoptim: await toolVersion('jpegoptim', ['--version']),
      pngquant: await toolVersion('pngquant', ['--version']),
      optipng: await toolVersion('optipng', ['-v']),
      sharp: sharp.versions,
    };
    const seconds = Math.round((Date.now() - started) / 1000);
    const markdown = [
      '## Codec efficiency',
      '',
      `Corpus: ${photos.length} photos (${photos.filter((r) => r.source === 'jpeg').length} JPEG, ${photos.filter((r) => r.source === 'png').length} lossless PNG sources) and ${pngs.length} PNGs. ${seconds} s.`,
      `Quality is measured against the original decoded to upright 8-bit sRGB, on the centre ${METRIC_SIDE}×${METRIC_SIDE} pixels (the whole image when smaller):`,
      'butteraugli is the Debian 2017 CLI (max-norm, lower is better, ≈1 is "just noticeable"), SSIM is ssim.js with its defaults.',
      'Images with alpha are composited on black and on white; the worse score counts.',
      'Equal-quality ratios interpolate the reference tool\'s size in log-bytes between the two of its settings that bracket our score; images outside its range are left out (n shows how many remain).',
      '',
      '### Photos: JPEG encoders',
      '',
      '"ours" is the codec\'s JPEG encoder (sharp mozjpeg, settings from `src/server/codec/jpeg.ts`) on every photo, lossless sources included, without the never-larger fallback.',
      'cjpeg (libjpeg-turbo) gets a PPM decoded by sharp; jpegoptim runs on the original JPEG, or on a quality-95 cjpeg intermediate for lossless sources.',
      '',
      photoPart.markdown,
      '',
      '### PNGs',
      '',
      '"ours" is `compress()` as users get it (palette quantisation when it passes the quality floor and is smaller, otherwise oxipng).',
      'pngquant and optipng run on the original file.',
      '',
      pngPart.markdown,
      '',
      '### Published figures',
      '',
      `\`compress()\` end to end over all ${photos.length + pngs.length} images (photos keep their format; never-larger fallback included). Written to \`${FIGURES_PATH}\`.`,
      '',
      table(['preset', 'quality', 'median reduction', 'median SSIM'], (['high', 'web', 'maximum'] as const).map((id) => [id, figures.presets[id].quality, `${figures.presets[id].medianReductionPercent}%`, fmt(figures.presets[id].medianSsim, 4)])),
      '',
      `Web preset: median reduction ${figures.medianReductionPercent}%, quality retained ${figures.qualityRetainedPercent}% (median SSIM × 100).`,
      '',
      'Median reduction per corpus folder (`compress()` end to end):',
      '',
      table(['folder', 'images', 'high (90)', 'web (80)', 'maximum (70)'], folderReductions(photos, pngs)),
    ].join('\n');
    return { markdown, json: { versions, seconds, photos, pngs, photoRatios: photoPart.ratios, pngRatios: pngPart.ratios, figures } };
  },
};
