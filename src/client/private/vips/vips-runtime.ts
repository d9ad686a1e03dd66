// libvips in WebAssembly inside a private-mode worker: loaded from our own origin on first use, one instance with
// libheif (AVIF) and one without, each started only when a file needs it. Needs SharedArrayBuffer (libvips runs
// threads), so only a cross-origin-isolated page starts it (worker-pool.ts).
import type VipsModule from 'wasm-vips';
import { threadsPerWorker } from '#client/private/cores.ts';
import { WASM_VIPS_DIR } from './wasm-vips-files';
import type { Vips } from './vips-ops';

/**
 * libvips's threads for JPEG, WebP and PNG, whose bytes do not depend on them (AVIF's do: it is pinned to one,
 * vips-encoders.ts): the cores left after the page's, shared between the workers (cores.ts).
 */
const VIPS_THREADS = threadsPerWorker();

/** The loaders the server's sharp allows (src/server/codec/sharp-setup.ts); every other libvips loader is blocked. */
const ALLOWED_LOADERS = ['VipsForeignLoadJpeg', 'VipsForeignLoadPng', 'VipsForeignLoadWebp', 'VipsForeignLoadHeif'];

const instances = new Map<boolean, Promise<Vips>>();

async function start(heif: boolean): Promise<Vips> {
  // Not bundled: the module must stay at its own URL, beside its .wasm files (scripts/wasm-vips-assets.ts).
  const url = `${WASM_VIPS_DIR}vips-es6.js`;
  const { default: create } = (await import(/* @vite-ignore */ url)) as { default: typeof VipsModule };
  const vips = await create({ dynamicLibraries: heif ? ['vips-heif.wasm'] : [] });
  vips.concurrency(VIPS_THREADS);
  vips.operationBlock('VipsForeignLoad', true);
  for (const loader of ALLOWED_LOADERS) vips.operationBlock(loader, false);
  return vips;
}

/** The instance a file needs: with libheif when it reads or may write AVIF, else whichever is already running. */
export function loadVips({ heif }: { heif: boolean }): Promise<Vips> {
  const ready = instances.get(heif) ?? (heif ? undefined : instances.get(true));
  if (ready) return ready;
  const started = start(heif);
  started.catch(() => instances.delete(heif));
  instances.set(heif, started);
  return started;
}
