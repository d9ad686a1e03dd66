// Bundles the GitHub Action (src/action) into one file, action/index.js, which action.yml runs: GitHub does not
// install dependencies for an action, so the bundle is committed. `npm run build:action` after changing src/action or
// what it imports; a test checks that the committed bundle is what this script builds.
import path from 'node:path';
import { build } from 'esbuild';

const ROOT = path.resolve(import.meta.dirname, '..');

export const ACTION_BUNDLE = path.join(ROOT, 'action', 'index.js');

export async function buildAction(outfile = ACTION_BUNDLE): Promise<void> {
  await build({
    entryPoints: [path.join(ROOT, 'src/action/index.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'esm',
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
    // Bundled CommonJS dependencies may require() Node's built-ins, which an ES module has no require for.
    banner: { js: "import { createRequire as __isqRequire } from 'node:module'; const require = __isqRequire(import.meta.url);" },
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) await buildAction();
