// How codec processes are started. Each one used to load the TypeScript sources through tsx, which costs every
// process about 37 MB of resident memory (the loader and its compiler) on top of Node's own 39 MB and sharp's; with
// three processes that is about a fifth of the service's memory under a full batch. The entry is therefore bundled
// once, at the first spawn, into one plain JavaScript file in a temporary directory (esbuild, which tsx already
// brings), with every package left external and imported by its absolute path. Should bundling fail, processes
// start through tsx as before.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { builtinModules } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface CodecLaunch {
  entry: string;
  execArgv: string[];
}

const SOURCE = fileURLToPath(new URL('./codec-process.ts', import.meta.url));
const BUILTINS = new Set(builtinModules);

/**
 * Node flags of every codec process: the HEIC decoder's WebAssembly memory (400 MB for 50 megapixels) is freed by a
 * garbage collection the codec asks for as soon as the decoder is dropped, before the encoders need the room
 * (docs/decisions/0587).
 */
const CODEC_NODE_FLAGS = ['--expose-gc'];

/** Any entry module run through tsx (tests point the pool at stand-in codec processes this way). */
export const throughTsx = (entry: string): CodecLaunch => ({ entry, execArgv: [...CODEC_NODE_FLAGS, '--import', import.meta.resolve('tsx')] });

let bundled: Promise<CodecLaunch> | undefined;

/** The launch of the real codec process: the bundle, once built, or tsx when it cannot be built. */
export function codecLaunch(): Promise<CodecLaunch> {
  bundled ??= bundle().catch(() => throughTsx(SOURCE));
  return bundled;
}

async function bundle(): Promise<CodecLaunch> {
  const esbuild = await import('esbuild');
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'imgc-codec-'));
  process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  const outfile = path.join(dir, 'codec-process.mjs');
  await esbuild.build({
    entryPoints: [SOURCE],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'silent',
    plugins: [
      {
        // Packages stay external (native addons cannot be bundled), addressed by absolute path: the bundle lives
        // outside the project, where their names would not resolve. Our own '#server/...' and '#contract/...'
        // imports are sources, bundled like relative ones.
        name: 'packages-by-path',
        setup(build) {
          build.onResolve({ filter: /^[^./#]/ }, (args) => {
            const bare = args.path.startsWith('node:') || BUILTINS.has(args.path);
            return { path: bare ? args.path : import.meta.resolve(args.path), external: true };
          });
        },
      },
    ],
  });
  // esbuild's service process would otherwise stay for the server's lifetime, holding about 16 MiB for nothing.
  await esbuild.stop();
  return { entry: outfile, execArgv: [...CODEC_NODE_FLAGS] };
}
