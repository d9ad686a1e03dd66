import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { offlineServiceWorker } from './scripts/build-service-worker';

// The client is built into dist/client and served by the API process in production.
export default defineConfig({
  root: 'src/client',
  plugins: [react(), tailwindcss(), offlineServiceWorker()],
  envPrefix: 'PUBLIC_',
  // Private mode's codec workers load each encoder on first use: module workers, so they can split code.
  worker: { format: 'es' },
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    // The server reads the manifest to preload the current page's chunks with the HTML (static-client.ts).
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:5000' },
  },
});
