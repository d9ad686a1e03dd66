// The server process never loads the image libraries: sharp (libvips) and the PNG optimiser live only in codec
// processes (sandbox/codec-process.ts). Loaded in the server they cost every API process about 21 MiB of resident
// memory for nothing, and an image decoded there would escape the codec processes' time, memory and crash bounds.
// Checked on what esbuild keeps of the imports (type-only ones are erased, as at run time).
import * as esbuild from 'esbuild';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../support/paths';

const IMAGE_PACKAGES = ['sharp', '@napi-rs/image'];

/** The packages each entry reaches at run time, with the chain of source files that leads to each. */
async function packagesReached(entry: string): Promise<Map<string, string[]>> {
  const result = await esbuild.build({
    entryPoints: [path.join(REPO_ROOT, entry)],
    absWorkingDir: REPO_ROOT,
    bundle: true,
    platform: 'node',
    format: 'esm',
    write: false,
    metafile: true,
    packages: 'external',
    logLevel: 'silent',
  });
  const importerOf = new Map<string, string>();
  const reached = new Map<string, string[]>();
  for (const [file, info] of Object.entries(result.metafile.inputs)) {
    for (const imported of info.imports) {
      if (imported.external) {
        const name = imported.path.startsWith('@') ? imported.path.split('/').slice(0, 2).join('/') : imported.path.split('/')[0]!;
        if (!reached.has(name)) reached.set(name, [file]);
      } else if (!importerOf.has(imported.path)) importerOf.set(imported.path, file);
    }
  }
  for (const chain of reached.values()) {
    for (let up = importerOf.get(chain.at(-1)!); up && !chain.includes(up); up = importerOf.get(up)) chain.push(up);
  }
  return reached;
}

describe('the server process', () => {
  it('never loads sharp or the PNG optimiser; the codec process does', async () => {
    const server = await packagesReached('src/server/main.ts');
    for (const name of IMAGE_PACKAGES) expect(server.get(name), `${name} reached through`).toBeUndefined();
    const codec = await packagesReached('src/server/sandbox/codec-process.ts');
    for (const name of IMAGE_PACKAGES) expect(codec.has(name), name).toBe(true);
  }, 120_000);
});
