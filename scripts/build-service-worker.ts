// Build step for private mode's service worker (src/client/offline/service-worker.js): once every asset is written, the worker is
// written beside index.html with the list of assets to cache and a version from their names. Multi-threaded
// encoder builds are left out: private mode runs single-threaded WebAssembly (no cross-origin isolation).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

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
      const assets = fs
        .readdirSync(path.join(outDir, 'assets'))
        .filter((name) => !SKIPPED.test(name))
        .sort()
        .map((name) => `/assets/${name}`);
      const version = createHash('sha256').update(assets.join('\n')).digest('hex').slice(0, 16);
      const template = fs.readFileSync(path.join(import.meta.dirname, '..', 'src', 'client', 'offline', 'service-worker.js'), 'utf8');
      const worker = template.replace('/*PRECACHE*/ []', JSON.stringify(assets)).replace('/*VERSION*/', version);
      fs.writeFileSync(path.join(outDir, 'sw.js'), worker);
    },
  };
}
