// JPEG XL: which libjxl quality gives the same median butteraugli as our JPEG at each preset (the mapping in
// src/codec-core/formats/jxl.ts), its bytes against our AVIF at equal butteraugli, and lossless JPEG -> JPEG XL
// recompression of every corpus JPEG (bytes, and the JPEG rebuilt bit for bit by djxl).
//   npm run bench -- jpeg-xl
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { COMPRESSION_PRESETS } from '#contract/presets';
import { avifOptions } from '#codec-core/formats/avif';
import { jpegOptions } from '#codec-core/formats/jpeg';
import { jxlOptions, JXL_EFFORT } from '#codec-core/formats/jxl';
import { decodeSrgb, listImages, type Pixels } from '../lib/images';
import { table } from '../lib/markdown';
import { compare } from '../lib/metrics';
import { bytesAtScore, fmt, medianOf, roundTo } from '../lib/rate';
import type { BenchSection } from '../types';
import { distinctPhotos } from './formats-calibration';
import { smokeOr } from '../lib/smoke';

const PRESETS = COMPRESSION_PRESETS.map((p) => ({ id: p.id, quality: p.quality })).sort((a, b) => a.quality - b.quality);
/** libjxl qualities swept to find the match. */
const JXL_SWEEP = [40, 55, 65, 75, 85, 92];
/** Photos measured (centre 512² crops): enough for a median, within a few minutes on two cores. */
const PHOTOS = smokeOr(10, 2);

const fromPixels = (p: Pixels) => sharp(p.data, { raw: { width: p.width, height: p.height, channels: p.channels } });

async function jxlPoint(reference: Pixels, dir: string, quality: number): Promise<{ bytes: number; butteraugli: number }> {
  await fs.writeFile(path.join(dir, 'in.png'), await fromPixels(reference).png({ compressionLevel: 1 }).toBuffer());
  execFileSync('cjxl', [path.join(dir, 'in.png'), path.join(dir, 'out.jxl'), '--quiet', '--num_threads=0', `--quality=${quality}`, `--effort=${JXL_EFFORT}`], { stdio: 'pipe' });
  const jxl = await fs.readFile(path.join(dir, 'out.jxl'));
  execFileSync('djxl', [path.join(dir, 'out.jxl'), path.join(dir, 'back.png'), '--quiet', '--bits_per_sample=8'], { stdio: 'pipe' });
  const decoded = await decodeSrgb(await fs.readFile(path.join(dir, 'back.png')));
  const { butteraugli } = await compare(reference, decoded, dir, true);
  return { bytes: jxl.length, butteraugli: butteraugli! };
}

async function sharpPoint(reference: Pixels, dir: string, encoded: Buffer) {
  const { butteraugli } = await compare(reference, await decodeSrgb(encoded), dir, true);
  return { bytes: encoded.length, butteraugli: butteraugli! };
}

export const jpegXl: BenchSection = {
  name: 'jpeg-xl',
  async run(ctx) {
    const photos = (await distinctPhotos(ctx)).slice(0, PHOTOS);
    type Point = { bytes: number; butteraugli: number };
    const rows: { file: string; jpeg: Record<number, Point>; avif: Record<number, Point>; mapped: Record<number, Point>; sweep: Record<number, Point> }[] = [];
    for (const [i, { file, reference }] of photos.entries()) {
      const dir = path.join(ctx.tmpDir, 'jxl', String(i));
      await fs.mkdir(dir, { recursive: true });
      const jpeg: Record<number, { bytes: number; butteraugli: number }> = {};
      const avif: Record<number, { bytes: number; butteraugli: number }> = {};
      const mapped: Record<number, { bytes: number; butteraugli: number }> = {};
      for (const { quality } of PRESETS) {
        jpeg[quality] = await sharpPoint(reference, dir, await fromPixels(reference).jpeg(jpegOptions(quality)).toBuffer());
        avif[quality] = await sharpPoint(reference, dir, await fromPixels(reference).avif(avifOptions(quality)).toBuffer());
        mapped[quality] = await jxlPoint(reference, dir, jxlOptions(quality).quality!);
      }
      const sweep: Record<number, { bytes: number; butteraugli: number }> = {};
      for (const q of JXL_SWEEP) sweep[q] = await jxlPoint(reference, dir, q);
      rows.push({ file, jpeg, avif, mapped, sweep });
      ctx.log(`jpeg-xl ${i + 1}/${photos.length} ${file}`);
    }

    const presetRows = PRESETS.map(({ id, quality }) => {
      const target = medianOf(rows.map((r) => r.jpeg[quality]!.butteraugli));
      const medians = JXL_SWEEP.map((q) => ({ q, ba: medianOf(rows.map((r) => r.sweep[q]!.butteraugli)) }));
      let matched: number | undefined;
      for (let k = 0; k + 1 < medians.length; k++) {
        const a = medians[k]!;
        const b = medians[k + 1]!;
        if (target <= a.ba && target >= b.ba) matched = a.q + ((a.ba - target) / (a.ba - b.ba)) * (b.q - a.q);
      }
      // Bytes JPEG XL needs for AVIF's butteraugli at this preset, over AVIF's bytes (per photo, interpolated on the sweep).
      const vsAvif = rows.flatMap((r) => {
        const bytes = bytesAtScore(JXL_SWEEP.map((q) => ({ bytes: r.sweep[q]!.bytes, score: r.sweep[q]!.butteraugli })), r.avif[quality]!.butteraugli);
        return bytes === undefined ? [] : [bytes / r.avif[quality]!.bytes];
      });
      return {
        id,
        quality,
        jpegMedianButteraugli: roundTo(target, 3),
        matchedJxlQuality: matched === undefined ? null : roundTo(matched, 1),
        mappedJxlQuality: jxlOptions(quality).quality!,
        mappedVsJpegButteraugli: roundTo(medianOf(rows.map((r) => r.mapped[quality]!.butteraugli)) / target, 3),
        mappedBytesVsJpeg: roundTo(medianOf(rows.map((r) => r.mapped[quality]!.bytes / r.jpeg[quality]!.bytes)), 3),
        bytesVsAvifAtEqualButteraugli: vsAvif.length ? roundTo(medianOf(vsAvif), 3) : null,
      };
    });

    // Lossless recompression of every corpus JPEG, and the rebuilt JPEG compared byte for byte.
    const lossless = [];
    const dir = path.join(ctx.tmpDir, 'jxl', 'lossless');
    await fs.mkdir(dir, { recursive: true });
    for (const file of listImages(ctx.corpusDir, 'photos').filter((f) => /\.jpe?g$/i.test(f))) {
      const jpegPath = path.join(ctx.corpusDir, file);
      const jxlPath = path.join(dir, 'out.jxl');
      const backPath = path.join(dir, 'back.jpg');
      try {
        execFileSync('cjxl', [jpegPath, jxlPath, '--quiet', '--lossless_jpeg=1', `--effort=${JXL_EFFORT}`, '--num_threads=0'], { stdio: 'pipe' });
        execFileSync('djxl', [jxlPath, backPath, '--quiet'], { stdio: 'pipe' });
      } catch {
        lossless.push({ file, ratio: null, identical: false });
        continue;
      }
      const [original, jxl, back] = await Promise.all([fs.readFile(jpegPath), fs.readFile(jxlPath), fs.readFile(backPath)]);
      lossless.push({ file, ratio: roundTo(jxl.length / original.length, 3), identical: back.equals(original) });
    }
    const ratios = lossless.flatMap((l) => (l.ratio === null ? [] : [l.ratio]));

    const markdown = [
      '## JPEG XL',
      '',
      `libjxl ${execFileSync('cjxl', ['--version']).toString().split('\n')[0]} (Debian libjxl-tools), effort ${JXL_EFFORT}; ${rows.length} distinct corpus photos, centre 512² crops; butteraugli max-norm.`,
      '',
      table(
        ['preset', 'our quality', 'JPEG median BA', 'matched libjxl q', 'mapped q', 'mapped BA / JPEG', 'mapped bytes / JPEG', 'JXL bytes / AVIF at AVIF BA'],
        presetRows.map((p) => [p.id, p.quality, fmt(p.jpegMedianButteraugli), fmt(p.matchedJxlQuality ?? undefined, 1), p.mappedJxlQuality, fmt(p.mappedVsJpegButteraugli), fmt(p.mappedBytesVsJpeg), fmt(p.bytesVsAvifAtEqualButteraugli ?? undefined)]),
      ),
      '',
      `Lossless JPEG -> JPEG XL over ${lossless.length} corpus JPEGs: median ${fmt(medianOf(ratios))}x the JPEG (goal at most 0.82x); rebuilt bit for bit: ${lossless.filter((l) => l.identical).length}/${lossless.length}${lossless.some((l) => l.ratio === null) ? ` (not transcodable: ${lossless.filter((l) => l.ratio === null).map((l) => l.file).join(', ')})` : ''}.`,
      '',
    ].join('\n');
    return { markdown, json: { presets: presetRows, lossless } };
  },
};
