// Each page's HTML asks for that page's script chunks at once (from the build manifest), so a slow phone does not
// discover them one round trip at a time; the tool page needs nothing beyond the entry.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLIENT_ROUTES } from '#contract/routes';
import { pageModule, preloadsFor, readManifest } from '#server/http/page-preloads';
import { REPO_ROOT } from '../support/paths';
import { useServer } from '../support/server';

const CLIENT_DIR = path.join(REPO_ROOT, 'dist/client');
const preloadsIn = (html: string) => [...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]!);

describe('page preloads', () => {
  const server = useServer();

  it('the build has a module for every page, and each page preloads its own chunk and that chunk\'s imports', async () => {
    const manifest = readManifest(CLIENT_DIR);
    expect(manifest, 'run npm run build first').not.toBeNull();
    const entryHtml = fs.readFileSync(path.join(CLIENT_DIR, 'index.html'), 'utf8');
    const entryPreloads = preloadsIn(entryHtml);
    for (const route of CLIENT_ROUTES) {
      const res = await fetch(server.url + route);
      expect(res.status).toBe(200);
      const html = await res.text();
      const extra = preloadsIn(html).filter((url) => !entryPreloads.includes(url));
      const key = pageModule(route);
      if (key === null) {
        expect(extra, 'the tool page ships in the entry').toEqual([]);
        continue;
      }
      expect(manifest![key], `${key} in the build`).toBeDefined();
      expect(extra[0], route).toBe(`/${manifest![key]!.file}`);
      expect(extra).toEqual(preloadsFor(manifest!, key));
      // Each one really is there, and carries the page's nonce (the CSP allows nothing else).
      const nonce = /nonce="([^"]+)"/.exec(html)![1];
      for (const url of extra) {
        expect((await fetch(server.url + url)).status, url).toBe(200);
        expect(html).toContain(`nonce="${nonce}" crossorigin href="${url}"`);
      }
    }
  });

  it('an unknown path preloads the not-found page', async () => {
    const res = await fetch(`${server.url}/no-such-page`);
    expect(res.status).toBe(404);
    const manifest = readManifest(CLIENT_DIR)!;
    expect(preloadsIn(await res.text())).toContain(`/${manifest['pages/not-found.tsx']!.file}`);
  });
});
