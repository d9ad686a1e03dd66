// Private mode's published figures: the About page quotes these (src/client/content/private-figures.ts), written by
// `npm run bench -- private`. A run limited to some formats (BENCH_PRIVATE_FORMATS) replaces only theirs.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { PrivateFormatFigures } from '#client/content/private-figures.ts';

export type { PrivateFormatFigures };

export interface PrivateFigures {
  photos: number;
  formats: Record<string, PrivateFormatFigures>;
}

export const PRIVATE_FIGURES_PATH = 'src/client/content/generated/private-figures.json';

export async function mergePrivateFigures(repoRoot: string, photos: number, formats: Record<string, PrivateFormatFigures>): Promise<string> {
  const file = path.join(repoRoot, PRIVATE_FIGURES_PATH);
  let current: PrivateFigures = { photos, formats: {} };
  try {
    current = JSON.parse(await fs.readFile(file, 'utf8')) as PrivateFigures;
  } catch {
    // First run: nothing to merge with.
  }
  const merged: PrivateFigures = { photos, formats: { ...current.formats, ...formats } };
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, `${JSON.stringify(merged, null, 2)}\n`);
  return file;
}
