// `npm run bench -- --smoke`: every section on tiny inputs, so a change that breaks a bench (a renamed button, a
// moved route, a changed API) fails CI within minutes (docs/decisions/0521-bench-smoke.md). The figures of a smoke
// run mean nothing: it writes its own report (bench/results/smoke-report.*), never the published figures.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

export const SMOKE = process.argv.includes('--smoke');

/** `full` in a real run, `smoke` in a smoke run: the one switch sections size their work with. */
export const smokeOr = <T>(full: T, smoke: T): T => (SMOKE ? smoke : full);

/** Files sections name (always copied) and how many others of each folder a smoke corpus keeps. */
const NAMED = /^(exif-orient6-landscape\.jpg|kodim0[135]\.png|kodim1[23]\.png|kodim2[013]\.png|turbo-testorig\.jpg|lepton-slrhills\.jpg|squoosh-device-screen\.png)$/;
const OTHERS_PER_FOLDER = 2;
/** Longest side of a smoke image: big enough for every section's crops and samples to have pixels, tiny to encode. */
const SMOKE_SIDE = 96;

/**
 * A small copy of the corpus with the same folders and names (what sections look up), each image scaled to fit
 * SMOKE_SIDE in its own format with its metadata (orientation, ICC profile) kept.
 */
export async function makeSmokeCorpus(corpusDir: string, into: string): Promise<string> {
  for (const folder of ['photos', 'png', 'png/pngsuite']) {
    const source = path.join(corpusDir, folder);
    if (!fs.existsSync(source)) continue;
    fs.mkdirSync(path.join(into, folder), { recursive: true });
    const images = fs.readdirSync(source).filter((f) => /\.(png|jpe?g)$/i.test(f)).sort();
    const kept = [...images.filter((f) => NAMED.test(f)), ...images.filter((f) => !NAMED.test(f)).slice(0, OTHERS_PER_FOLDER)];
    // PngSuite's 32×32 files are tiny already; sections pick them by size, so they are copied as they are.
    if (folder === 'png/pngsuite') {
      for (const f of images.filter((name) => !name.startsWith('x')).slice(0, 8)) fs.copyFileSync(path.join(source, f), path.join(into, folder, f));
      continue;
    }
    for (const f of kept) {
      const data = fs.readFileSync(path.join(source, f));
      const image = sharp(data).resize(SMOKE_SIDE, SMOKE_SIDE, { fit: 'inside', withoutEnlargement: true }).keepMetadata();
      const small = /\.png$/i.test(f) ? await image.png().toBuffer() : await image.jpeg({ quality: 90 }).toBuffer();
      fs.writeFileSync(path.join(into, folder, f), small);
    }
  }
  return into;
}
