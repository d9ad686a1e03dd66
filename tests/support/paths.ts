import fs from 'node:fs';
import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
/**
 * The shared test corpus lives beside the repository (see its README). A copy of the repository one or two levels
 * further down (the mutation tester's sandbox in .stryker-tmp/) finds it by looking further up.
 */
export const CORPUS_DIR =
  ['..', '../..', '../../..', '../../../..'].map((up) => path.resolve(REPO_ROOT, up, 'shared/corpus')).find((dir) => fs.existsSync(dir)) ??
  path.resolve(REPO_ROOT, '../shared/corpus');
export const corpusPath = (...parts: string[]) => path.join(CORPUS_DIR, ...parts);
