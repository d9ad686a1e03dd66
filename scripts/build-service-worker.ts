// Build step for private mode's service worker (src/client/offline/service-worker.js): once every asset is written, the worker is
// written beside index.html with the list of assets to cache, a version from their names and its own text, and the
// offline shell's path. Multi-threaded encoder builds are left out: private mode runs single-threaded WebAssembly (no
// cross-origin isolation).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { OFFLINE_SHELL_PATH, PRIVATE_OFFLINE_SHELL_PATH } from '#contract/routes';

const SKIPPED = /\.(br|gz)$|_mt[.-]|workerHelpers/;

export function offlineServiceWorker(): Plugin {
  let outDir = '';
  return {
    name: 'offline-service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      // Recursive: libvips in WebAssembly keeps its package's file names in a folder of its own (wasm-vips-assets.ts).
      const assets = fs
        .readdirSync(path.join(outDir, 'assets'), { recursive: true, encoding: 'utf8' })
        .filter((name) => !SKIPPED.test(name) && fs.statSync(path.join(outDir, 'assets', name)).isFile())
        .sort()
        .map((name) => `/assets/${name}`);
      const template = fs.readFileSync(path.join(import.meta.dirname, '..', 'src', 'client', 'offline', 'service-worker.js'), 'utf8');
      // A new worker (not only new assets) gets a new cache, so an older worker's cache (which may hold what this one
      // would not keep) is deleted when it activates.
      const version = createHash('sha256').update(assets.join('\n')).update(template).digest('hex').slice(0, 16);
      const worker = template.replace('/*PRECACHE*/ []', JSON.stringify(assets)).replace('/*VERSION*/', version).replace('/*SHELL*/', OFFLINE_SHELL_PATH)
        .replace('/*PRIVATE_SHELL*/', PRIVATE_OFFLINE_SHELL_PATH);
      fs.writeFileSync(path.join(outDir, 'sw.js'), worker);
    },
  };
}
