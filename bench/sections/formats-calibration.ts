// Formats calibration: which WebP and AVIF quality gives the same median butteraugli as our JPEG at each preset,
// on the corpus photos; how the tables now in the descriptors hold up; and what each encoder costs per megapixel.
//   npm run bench -- formats-calibration
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { codecTimeLimit, DEFAULT_TIMEOUT_SECONDS } from '#server/codec/index';
import { COMPRESSION_PRESETS } from '#contract/presets';
import { avifOptions, AVIF_EFFORT } from '#codec-core/formats/avif';
import { jpegOptions } from '#codec-core/formats/jpeg';
import { webpOptions, WEBP_EFFORT } from '#codec-core/formats/webp';
import { centreCrop, decodeSrgb, listImages, type Pixels } from '../lib/images';
import { table } from '../lib/markdown';
import { compare } from '../lib/metrics';
import { mapPool } from '../lib/pool';
import { bytesAtScore, fmt, medianOf, quantile, roundTo } from '../lib/rate';
import type { BenchContext, BenchSection } from '../types';
import { smokeOr } from '../lib/smoke';

const PRESETS = COMPRESSION_PRESETS.map((p) => ({ id: p.id, quality: p.quality })).sort((a, b) => a.quality - b.quality);
/** Encoder qualities swept to find the match; spaced so every preset's match lies between two of them. */
const WEBP_SWEEP = [64, 72, 80, 88, 94];
const AVIF_SWEEP = [44, 52, 60, 68, 76, 84];
/** 4:2:0 is swept too, so the chroma choice is made at equal butteraugli, not at equal quality setting. */
const AVIF_420_SWEEP = [52, 60, 68, 76];
/** Butteraugli runs as separate processes: three in flight keep two cores busy while sharp encodes. */
const PARALLEL = 3;
/**
 * Every encode and score is on the centre CROP×CROP of a photo (the whole photo when smaller): the sweep runs
 * about 25 encodes and butteraugli scores per photo, and butteraugli's cost grows with area.
 */
const CROP = 512;
/** Within this share of our JPEG's median butteraugli counts as "the same visual quality" (issue goal). */
const TOLERANCE = 0.15;

type Encode = (pixels: Pixels) => Promise<Buffer>;
const fromPixels = (p: Pixels) => sharp(p.data, { raw: { width: p.width, height: p.height, channels: p.channels } });

interface Point {
  bytes: number;
  butteraugli: number;
}

interface PhotoPoints {
  file: string;
  jpeg: Record<number, Point>;
  webp: Record<number, Point>;
  avif: Record<number, Point>;
  avif420: Record<number, Point>;
  /** At the descriptors' current tables, per preset quality. */
  current: Record<number, { webp: Point; avif: Point }>;
}

async function score(reference: Pixels, encoded: Buffer, scratch: string): Promise<Point> {
  const decoded = await decodeSrgb(encoded);
  const { butteraugli } = await compare(reference, decoded, scratch, true);
  return { bytes: encoded.length, butteraugli: butteraugli! };
}

async function photoPoints(ctx: BenchContext, file: string, reference: Pixels): Promise<PhotoPoints> {
  const scratch = path.join(ctx.tmpDir, 'formats', file.replace(/[/.]/g, '_'));
  await fs.mkdir(scratch, { recursive: true });
  const at = async (encode: Encode) => score(reference, await encode(reference), scratch);
  const sweep = async (qualities: readonly number[], encode: (q: number) => Encode) => {
    const out: Record<number, Point> = {};
    for (const q of qualities) out[q] = await at(encode(q));
    return out;
  };
  const jpeg = await sweep(PRESETS.map((p) => p.quality), (q) => (p) => fromPixels(p).jpeg(jpegOptions(q)).toBuffer());
  const webp = await sweep(WEBP_SWEEP, (q) => (p) => fromPixels(p).webp({ ...webpOptions(80), quality: q }).toBuffer());
  const avif = await sweep(AVIF_SWEEP, (q) => (p) => fromPixels(p).avif({ ...avifOptions(80), chromaSubsampling: '4:4:4', quality: q }).toBuffer());
  const avif420 = await sweep(AVIF_420_SWEEP, (q) => (p) => fromPixels(p).avif({ ...avifOptions(80), chromaSubsampling: '4:2:0', quality: q }).toBuffer());
  const current: PhotoPoints['current'] = {};
  for (const { quality } of PRESETS) {
    current[quality] = {
      webp: await at((p) => fromPixels(p).webp(webpOptions(quality)).toBuffer()),
      avif: await at((p) => fromPixels(p).avif(avifOptions(quality)).toBuffer()),
    };
  }
  await fs.rm(scratch, { recursive: true, force: true });
  return { file, jpeg, webp, avif, avif420, current };
}

/** The encoder quality whose median butteraugli equals `target`, interpolated between swept settings. */
function matchQuality(rows: PhotoPoints[], key: 'webp' | 'avif' | 'avif420', sweep: readonly number[], target: number): number | undefined {
  const medians = sweep.map((q) => ({ q, ba: medianOf(rows.map((r) => r[key][q]!.butteraugli)) }));
  for (let i = 0; i + 1 < medians.length; i++) {
    const a = medians[i]!;
    const b = medians[i + 1]!;
    const lo = Math.min(a.ba, b.ba);
    const hi = Math.max(a.ba, b.ba);
    if (target >= lo && target <= hi) return hi === lo ? a.q : a.q + ((target - a.ba) / (b.ba - a.ba)) * (b.q - a.q);
  }
  return undefined;
}

/** Per image, the bytes `key` needs to reach the JPEG's butteraugli, over the JPEG's bytes (interpolated on its sweep). */
function bytesRatioAtJpegQuality(rows: PhotoPoints[], key: 'webp' | 'avif' | 'avif420', sweep: readonly number[], preset: number) {
  const ratios: number[] = [];
  for (const r of rows) {
    const curve = sweep.map((q) => ({ bytes: r[key][q]!.bytes, score: r[key][q]!.butteraugli }));
    const bytes = bytesAtScore(curve, r.jpeg[preset]!.butteraugli);
    if (bytes !== undefined) ratios.push(bytes / r.jpeg[preset]!.bytes);
  }
  return ratios;
}

interface SpeedRow {
  encoder: string;
  ms: number;
  megapixelsPerSecond: number;
  vsJpeg: number;
  bytesVsJpeg: number;
}

/** One 12 MP photo (the largest corpus photo scaled to 4000×3000), each encoder timed 3 times on one libvips thread. */
async function speed(ctx: BenchContext): Promise<{ rows: SpeedRow[]; megapixels: number }> {
  sharp.concurrency(1);
  const source = await fs.readFile(path.join(ctx.corpusDir, 'photos/lepton-slrhills.jpg'));
  const { data, info } = await sharp(source).rotate().resize(smokeOr(4000, 160), smokeOr(3000, 120), { fit: 'cover' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixels: Pixels = { data, width: info.width, height: info.height, channels: 3 };
  const megapixels = (info.width * info.height) / 1e6;
  const encoders: [string, (p: Pixels) => Promise<Buffer>][] = [
    ['jpeg q80 (mozjpeg)', (p) => fromPixels(p).jpeg(jpegOptions(80)).toBuffer()],
    ['webp effort 4', (p) => fromPixels(p).webp({ ...webpOptions(80), effort: 4 }).toBuffer()],
    ['webp effort 5', (p) => fromPixels(p).webp({ ...webpOptions(80), effort: 5 }).toBuffer()],
    ['webp effort 6', (p) => fromPixels(p).webp({ ...webpOptions(80), effort: 6 }).toBuffer()],
    ['avif effort 2', (p) => fromPixels(p).avif({ ...avifOptions(80), effort: 2 }).toBuffer()],
    ['avif effort 3', (p) => fromPixels(p).avif({ ...avifOptions(80), effort: 3 }).toBuffer()],
    ['avif effort 4', (p) => fromPixels(p).avif({ ...avifOptions(80), effort: 4 }).toBuffer()],
  ];
  const measured: { encoder: string; ms: number; bytes: number }[] = [];
  for (const [encoder, encode] of encoders) {
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < 3; i++) {
      const t = process.hrtime.bigint();
      bytes = (await encode(pixels)).length;
      times.push(Number(process.hrtime.bigint() - t) / 1e6);
      ctx.log(`formats speed ${encoder}: ${Math.round(times.at(-1)!)} ms`);
    }
    measured.push({ encoder, ms: medianOf(times), bytes });
  }
  const jpeg = measured[0]!;
  return {
    megapixels,
    rows: measured.map((m) => ({
      encoder: m.encoder,
      ms: Math.round(m.ms),
      megapixelsPerSecond: roundTo(megapixels / (m.ms / 1000), 2),
      vsJpeg: roundTo(m.ms / jpeg.ms, 2),
      bytesVsJpeg: roundTo(m.bytes / jpeg.bytes, 3),
    })),
  };
}

export async function distinctPhotos(ctx: BenchContext): Promise<{ file: string; reference: Pixels }[]> {
  const seen = new Set<string>();
  const out: { file: string; reference: Pixels }[] = [];
  for (const file of listImages(ctx.corpusDir, 'photos')) {
    const full = await decodeSrgb(await fs.readFile(path.join(ctx.corpusDir, file)));
    const crop = centreCrop(full.channels === 4 ? await dropAlpha(full) : full, CROP);
    const hash = crypto.createHash('sha256').update(crop.data).digest('hex');
    if (seen.has(hash)) continue; // the same picture under two names (e.g. two EXIF orientations of one photo)
    seen.add(hash);
    out.push({ file, reference: crop });
  }
  return out;
}

async function dropAlpha(p: Pixels): Promise<Pixels> {
  const { data, info } = await fromPixels(p).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 3 };
}

export const formatsCalibration: BenchSection = {
  name: 'formats-calibration',
  async run(ctx) {
    const photos = await distinctPhotos(ctx);
    ctx.log(`formats-calibration: ${photos.length} distinct photos, centre ${CROP}² crops`);
    const rows = await mapPool(photos, PARALLEL, async ({ file, reference }, i) => {
      const r = await photoPoints(ctx, file, reference);
      ctx.log(`formats-calibration ${i + 1}/${photos.length} ${file}`);
      return r;
    });

    const presetRows = PRESETS.map(({ id, quality }) => {
      const jpegBa = rows.map((r) => r.jpeg[quality]!.butteraugli);
      const target = medianOf(jpegBa);
      const webpNow = rows.map((r) => r.current[quality]!.webp.butteraugli);
      const avifNow = rows.map((r) => r.current[quality]!.avif.butteraugli);
      const bytesNow = (key: 'webp' | 'avif') => medianOf(rows.map((r) => r.current[quality]![key].bytes / r.jpeg[quality]!.bytes));
      const avif444 = bytesRatioAtJpegQuality(rows, 'avif', AVIF_SWEEP, quality);
      const avif420 = bytesRatioAtJpegQuality(rows, 'avif420', AVIF_420_SWEEP, quality);
      const webpEq = bytesRatioAtJpegQuality(rows, 'webp', WEBP_SWEEP, quality);
      return {
        id,
        quality,
        jpegMedianButteraugli: roundTo(target, 3),
        matched: {
          webp: roundTo(matchQuality(rows, 'webp', WEBP_SWEEP, target) ?? NaN, 1),
          avif: roundTo(matchQuality(rows, 'avif', AVIF_SWEEP, target) ?? NaN, 1),
          avif420: roundTo(matchQuality(rows, 'avif420', AVIF_420_SWEEP, target) ?? NaN, 1),
        },
        current: {
          webpQuality: webpOptions(quality).quality!,
          avifQuality: avifOptions(quality).quality!,
          webpMedianButteraugli: roundTo(medianOf(webpNow), 3),
          avifMedianButteraugli: roundTo(medianOf(avifNow), 3),
          webpVsJpeg: roundTo(medianOf(webpNow) / target, 3),
          avifVsJpeg: roundTo(medianOf(avifNow) / target, 3),
          webpBytesVsJpeg: roundTo(bytesNow('webp'), 3),
          avifBytesVsJpeg: roundTo(bytesNow('avif'), 3),
        },
        bytesAtJpegButteraugli: {
          webp: { median: roundTo(medianOf(webpEq), 3), q1: roundTo(quantile(webpEq, 0.25), 3), q3: roundTo(quantile(webpEq, 0.75), 3), n: webpEq.length },
          avif444: { median: roundTo(medianOf(avif444), 3), q1: roundTo(quantile(avif444, 0.25), 3), q3: roundTo(quantile(avif444, 0.75), 3), n: avif444.length },
          avif420: { median: roundTo(medianOf(avif420), 3), q1: roundTo(quantile(avif420, 0.25), 3), q3: roundTo(quantile(avif420, 0.75), 3), n: avif420.length },
        },
      };
    });

    const sp = await speed(ctx);
    const avifNow = sp.rows.find((r) => r.encoder === `avif effort ${AVIF_EFFORT}`)!;
    // Three jobs on two cores: each gets two thirds of a core, at the lowest priority.
    const avifLimit = codecTimeLimit(DEFAULT_TIMEOUT_SECONDS, 'avif', 'jpeg');
    const contendedSeconds = (avifNow.ms / 1000) * 1.5;

    const within = (v: number) => (Math.abs(v - 1) <= TOLERANCE ? 'yes' : `**no** (${fmt((v - 1) * 100, 0)}%)`);
    const markdown = [
      '## Formats calibration (WebP and AVIF against our JPEG)',
      '',
      `${rows.length} distinct corpus photos (JPEG and lossless sources, duplicates by pixels counted once), centre ${CROP}×${CROP} crops, butteraugli (max-norm) against the source pixels. Each preset's target is the median butteraugli of our JPEG at that quality; the matched encoder quality is where the swept medians cross it (WebP ${WEBP_SWEEP.join('/')}, AVIF 4:4:4 ${AVIF_SWEEP.join('/')}, AVIF 4:2:0 ${AVIF_420_SWEEP.join('/')}; effort WebP ${WEBP_EFFORT}, AVIF ${AVIF_EFFORT}). Goal: at the descriptors' current tables, WebP's and AVIF's median butteraugli within ${TOLERANCE * 100}% of JPEG's.`,
      '',
      table(
        ['preset', 'JPEG median BA', 'matched WebP q', 'matched AVIF q (4:4:4)', 'matched AVIF q (4:2:0)', 'table WebP q', 'table AVIF q', 'WebP BA / JPEG', 'AVIF BA / JPEG', 'within 15%', 'WebP bytes / JPEG', 'AVIF bytes / JPEG'],
        presetRows.map((p) => [
          `${p.id} (${p.quality})`, fmt(p.jpegMedianButteraugli), fmt(p.matched.webp, 1), fmt(p.matched.avif, 1), fmt(p.matched.avif420, 1),
          p.current.webpQuality, p.current.avifQuality, fmt(p.current.webpVsJpeg), fmt(p.current.avifVsJpeg),
          `WebP ${within(p.current.webpVsJpeg)}, AVIF ${within(p.current.avifVsJpeg)}`,
          fmt(p.current.webpBytesVsJpeg), fmt(p.current.avifBytesVsJpeg),
        ]),
      ),
      '',
      'Bytes each format needs to reach our JPEG\'s butteraugli on the same image (interpolated on its sweep), over our JPEG\'s bytes; median [quartiles], images whose JPEG score lies inside the sweep:',
      '',
      table(
        ['preset', 'WebP', 'AVIF 4:4:4', 'AVIF 4:2:0'],
        presetRows.map((p) => {
          const cell = (s: { median: number; q1: number; q3: number; n: number }) => `${fmt(s.median)} [${fmt(s.q1)}–${fmt(s.q3)}] n=${s.n}`;
          return [`${p.id} (${p.quality})`, cell(p.bytesAtJpegButteraugli.webp), cell(p.bytesAtJpegButteraugli.avif444), cell(p.bytesAtJpegButteraugli.avif420)];
        }),
      ),
      '',
      `Encode speed, one ${roundTo(sp.megapixels, 1)} MP photo from raw pixels, one libvips thread, median of 3 (quality: our 80 through each table):`,
      '',
      table(['encoder', 'ms', 'MP/s', 'time / JPEG', 'bytes / JPEG'], sp.rows.map((r) => [r.encoder, r.ms, r.megapixelsPerSecond, r.vsJpeg, r.bytesVsJpeg])),
      '',
      `AVIF at effort ${AVIF_EFFORT}: ${fmt(avifNow.vsJpeg, 2)}x our JPEG's time (goal <= 6x). Its codec time limit is ${avifLimit} s; with three jobs on two cores an encode gets about two thirds of a core, about ${fmt(contendedSeconds, 1)} s here (${fmt(avifLimit / contendedSeconds, 1)}x headroom).`,
    ].join('\n');
    return { markdown, json: { photos: rows.length, presets: presetRows, speed: sp, avifLimitSeconds: avifLimit, perPhoto: rows } };
  },
};
