// Private mode on the isolated page gives the server's bytes: the built client's libvips codec worker, in real
// Chromium on /private (cross-origin isolated), against the server's codec (the same call the job worker makes), on
// the same uploads with the same settings. Small crops of 8 corpus photos and 4 PNGs keep it to a few minutes; every
// format the page runs, at 60, 80 and 90, and in smart and size mode (tests/support/private-parity.ts, which the
// bench's `private` section reports from too).
import { describe, expect, it } from 'vitest';
import { browserResults, parityCases, parityKey, parityUploads, serverResults } from '../support/private-parity';
import { useVisitors } from './support/app';

/** PNG's sizes against the server's (its final optimiser is another oxipng build: docs/decisions/0563). */
const PNG_BOUND = 0.15;

describe('private mode on the isolated page gives the server’s bytes', () => {
  const app = useVisitors('private-vips-parity-', { path: '/private' });

  it.each(['jpeg', 'webp', 'avif', 'png'] as const)('%s: 8 photos and 4 PNGs at 60/80/90, smart and size', async (format) => {
    const { page } = app;
    page.on('console', (m) => m.type() === 'error' && console.log('page:', m.text()));
    expect(await page.evaluate(() => globalThis.crossOriginIsolated)).toBe(true);
    const uploads = await parityUploads();
    const cases = parityCases(format);
    const server = await serverResults(uploads, cases);
    const browser = await browserResults(page, uploads, cases);

    const keys = uploads.flatMap((upload) => cases.map((c) => parityKey(upload, c)));
    const described = (key: string) => {
      const [b, s] = [browser[key]!, server[key]!];
      if ('error' in b) return `${key}: browser failed: ${b.error}`;
      if ('error' in s) return `${key}: server failed: ${s.error}`;
      return b.sha === s.sha ? null : `${key}: browser ${b.size} B, server ${s.size} B`;
    };
    const differing = keys.map(described).filter((d) => d !== null);
    const seconds = (results: typeof server) => Object.values(results).reduce((sum, r) => sum + ('seconds' in r ? r.seconds : 0), 0);
    console.log(`${format}: ${keys.length - differing.length} of ${keys.length} byte-identical; browser ${seconds(browser).toFixed(1)} s, server ${seconds(server).toFixed(1)} s`);
    if (format !== 'png') {
      expect(differing).toEqual([]);
      return;
    }
    // PNG: the same libimagequant palettes and the same choice, but the last step, oxipng, is another build in the
    // browser (docs/decisions/0563): sizes are held within PNG_BOUND of the server's, not to its bytes.
    for (const key of keys) {
      const [b, s] = [browser[key]!, server[key]!];
      if ('error' in b || 'error' in s) throw new Error(described(key)!);
      expect(b.size / s.size, key).toBeGreaterThan(1 - PNG_BOUND);
      expect(b.size / s.size, key).toBeLessThan(1 + PNG_BOUND);
    }
  }, 600_000);
});
