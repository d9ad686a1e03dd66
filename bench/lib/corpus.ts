// Fixed image sets from the shared corpus, chosen by sorted name so every run uses the same files.
import fs from 'node:fs';
import path from 'node:path';
import { CORPUS_DIR } from '../../tests/support/paths';

/** The corpus the sets are taken from: the shared one, or a smoke run's tiny copy (run.ts sets it). */
let corpusDir = CORPUS_DIR;
export const useCorpusDir = (dir: string): void => void (corpusDir = dir);
const corpusPath = (...parts: string[]) => path.join(corpusDir, ...parts);

export interface CorpusImage {
  name: string;
  path: string;
  data: Buffer;
}

const load = (dir: string, name: string): CorpusImage => {
  const p = corpusPath(dir, name);
  return { name, path: p, data: fs.readFileSync(p) };
};

const list = (dir: string, pattern: RegExp) =>
  fs
    .readdirSync(corpusPath(dir))
    .filter((f) => pattern.test(f))
    .sort();

/** 24 photos: every JPEG in photos/ (13, 0.03-16 MP: phone, camera, CMYK, progressive, arithmetic) and the first 11 lossless PNG sources. */
export function throughputSet(): CorpusImage[] {
  const jpegs = list('photos', /\.jpe?g$/i);
  const pngs = list('photos', /\.png$/i).slice(0, 24 - jpegs.length);
  return [...jpegs, ...pngs].map((f) => load('photos', f));
}

/** PngSuite images of exactly 32x32 pixels (read from the IHDR chunk). */
export function tinyPngs(): CorpusImage[] {
  return list('png/pngsuite', /\.png$/i)
    .map((f) => load('png/pngsuite', f))
    .filter((img) => img.data.length >= 24 && img.data.readUInt32BE(16) === 32 && img.data.readUInt32BE(20) === 32);
}

/** 50 files for a signed-in user's full batch: all of photos/ and png/ (49), plus one PngSuite file. */
export function fiftyFiles(): CorpusImage[] {
  const files = [
    ...list('photos', /\.(png|jpe?g)$/i).map((f) => load('photos', f)),
    ...list('png', /\.png$/i).map((f) => load('png', f)),
    ...tinyPngs(),
  ];
  return files.slice(0, 50);
}

export const loadImage = (dir: string, name: string): CorpusImage => load(dir, name);

export const totalBytes = (images: readonly CorpusImage[]): number => images.reduce((a, i) => a + i.data.length, 0);

export const isPng = (img: CorpusImage): boolean => path.extname(img.name).toLowerCase() === '.png';
