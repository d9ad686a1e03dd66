// Build step for private mode's libvips engine: wasm-vips's ES module and its WebAssembly are copied unmodified,
// as separate files, into one versioned folder under /assets (LGPL-3: the library must stay replaceable by the
// user; docs/decisions/0560). They are not bundled: the module finds its .wasm files and starts its threads' workers
// from its own URL, so the folder keeps the package's file names.
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { WASM_VIPS_DIR, WASM_VIPS_FILES } from '#client/private/vips/wasm-vips-files.ts';

const packageDir = path.join(import.meta.dirname, '..', 'node_modules', 'wasm-vips');

export function wasmVipsAssets(): Plugin {
  return {
    name: 'wasm-vips-assets',
    apply: 'build',
    generateBundle() {
      for (const name of [...WASM_VIPS_FILES, 'THIRD-PARTY-NOTICES.md']) {
        const from = name.endsWith('.md') ? path.join(packageDir, name) : path.join(packageDir, 'lib', name);
        this.emitFile({ type: 'asset', fileName: `${WASM_VIPS_DIR.slice(1)}${name}`, source: fs.readFileSync(from) });
      }
    },
  };
}
