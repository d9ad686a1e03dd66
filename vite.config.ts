import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { offlineServiceWorker } from './scripts/build-service-worker';
import { wasmVipsAssets } from './scripts/wasm-vips-assets';
import { homeFirstPaintHtml } from './src/client/components/tool/home-hero';

/**
 * The tool page's heading as static HTML in index.html, put into #root by a few lines of inline script on "/" only
 * (index.html serves every route), so it paints with the HTML and CSS; React replaces it on its first render.
 */
function homeFirstPaint(): Plugin {
  return {
    name: 'home-first-paint',
    transformIndexHtml: (html) =>
      html.replace(
        '<div id="root"></div>',
        `<div id="root"></div>\n    <template id="first-paint-home">${homeFirstPaintHtml()}</template>\n` +
          `    <script>if (location.pathname === '/') document.getElementById('root').replaceChildren(document.getElementById('first-paint-home').content.cloneNode(true));</script>`,
      ),
  };
}

// The client is built into dist/client and served by the API process in production.
export default defineConfig({
  root: 'src/client',
  plugins: [react(), tailwindcss(), homeFirstPaint(), wasmVipsAssets(), offlineServiceWorker()],
  envPrefix: 'PUBLIC_',
  // Private mode's codec workers load each encoder on first use: module workers, so they can split code.
  worker: { format: 'es' },
  resolve: {
    alias: {
      // The router imports the pre-React-18 shim of useSyncExternalStore; React 19 has the hook itself.
      'use-sync-external-store/shim/index.js': 'react',
    },
  },
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    // Every browser the app supports (ES modules, AVIF decoding) knows <link rel="modulepreload">: no polyfill in the
    // first load's JavaScript.
    modulePreload: { polyfill: false },
    // The server reads the manifest to preload the current page's chunks with the HTML (static-client.ts).
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:5000' },
  },
});
