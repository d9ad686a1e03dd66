import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
/** The shared test corpus lives beside the repository (see its README). */
export const CORPUS_DIR = path.resolve(REPO_ROOT, '../shared/corpus');
export const corpusPath = (...parts: string[]) => path.join(CORPUS_DIR, ...parts);
