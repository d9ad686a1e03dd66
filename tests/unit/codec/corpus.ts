// Locates the shared test-image corpus, which lives beside the repository and is never copied into it.
import fs from 'node:fs';
import path from 'node:path';
import { CORPUS_DIR } from '../../support/paths';

export { CORPUS_DIR };

/** Image files (PNG/JPEG by name) in one corpus folder, as paths relative to the corpus root. */
export function corpusFiles(folder: string): string[] {
  return fs
    .readdirSync(path.join(CORPUS_DIR, folder))
    .filter((name) => /\.(png|jpe?g)$/i.test(name))
    .sort()
    .map((name) => path.posix.join(folder, name));
}

export function readCorpus(relative: string): Buffer {
  return fs.readFileSync(path.join(CORPUS_DIR, relative));
}
