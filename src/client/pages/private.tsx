// The private page (/private): the tool running on this device, cross-origin isolated (the server sends COOP and
// COEP for it), so its workers run libvips in WebAssembly, the server's own codecs. No ads and nothing from another
// origin load here: isolation would refuse them, and a private mode should not carry them anyway.
import { lazy, Suspense } from 'react';
import { PageShell } from '#client/components/layout/page-shell.tsx';
import { useToolSettings } from '#client/components/tool/use-tool-settings.ts';
import { PRODUCT_NAME } from '#contract/brand';
import { usePageMeta } from '#client/lib/page-meta.ts';
import { PrivateModeSwitch } from '#client/private/private-mode-switch.tsx';
import { leavePrivatePage } from '#client/lib/private-mode.ts';
import { usesServerCodecs } from '#client/private/worker-pool.ts';
import { WASM_VIPS_DIR, WASM_VIPS_VERSION } from '#client/private/vips/wasm-vips-files.ts';

const PrivateWorkspace = lazy(() => import('#client/private/private-workspace.tsx'));

/** Said on the page: what it loads, and which codecs run (the server's, or the fallback's when not isolated). */
export const ISOLATED_PAGE_SENTENCE = 'This page loads no ads and nothing from any other site: only our own files, so that the browser can isolate it.';
export const SERVER_CODECS_SENTENCE =
  'Your browser runs the same codecs as our servers (libvips in WebAssembly): JPEG, WebP and AVIF results are byte for byte the files our servers make from the same image and settings.';
export const FALLBACK_CODECS_SENTENCE =
  'This browser cannot isolate the page (no SharedArrayBuffer), so it uses smaller single-threaded encoders: results may differ from our servers\u2019 (AVIF and PNG sizes most). For the server\u2019s exact files, turn private mode off.';

export default function PrivatePage() {
  const workspace = useToolSettings();
  const serverCodecs = usesServerCodecs();

  usePageMeta({
    title: `${PRODUCT_NAME} - Private mode: compress images on this device`,
    description: 'Compress JPEG, PNG, WebP and AVIF images in your browser with nothing uploaded, with the same codecs as our servers.',
    path: '/private',
  });

  return (
    <PageShell variant="tool" className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">Private mode: compress on this device</h1>
        <p className="mt-2 text-slate-700" data-testid="isolated-page-note">
          {ISOLATED_PAGE_SENTENCE}
        </p>
        <p className="mt-1 text-sm text-slate-700" data-testid="private-codecs" data-engine={serverCodecs ? 'libvips' : 'fallback'}>
          {serverCodecs ? SERVER_CODECS_SENTENCE : FALLBACK_CODECS_SENTENCE}
        </p>
      </div>
      <PrivateModeSwitch on onChange={(on) => !on && leavePrivatePage()} />
      <p className="text-xs text-slate-600" data-testid="private-licences">
        The codecs here are libvips and its libraries in WebAssembly (wasm-vips {WASM_VIPS_VERSION}; libvips, GLib, libexif and libheif are
        under the LGPL 3.0, the others under their own licences: <a className="underline" href={`${WASM_VIPS_DIR}THIRD-PARTY-NOTICES.md`}>notices</a>), loaded
        unmodified as separate files. Their source: <a className="underline" href="https://github.com/kleisauke/wasm-vips">github.com/kleisauke/wasm-vips</a>.
      </p>
      <Suspense fallback={<div className="h-64 animate-pulse rounded-xl bg-slate-200" aria-busy="true" aria-label="Loading private mode" />}>
        <PrivateWorkspace {...workspace} />
      </Suspense>
    </PageShell>
  );
}
