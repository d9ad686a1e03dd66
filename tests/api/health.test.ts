import { describe, expect, it } from 'vitest';
import { useServer } from '../support/server';

describe('health and routing', () => {
  const server = useServer();

  it('answers /api/health with ok once ready', async () => {
    const res = await fetch(`${server.url}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('gives unknown API paths a JSON 404', async () => {
    const res = await fetch(`${server.url}/api/does-not-exist`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect((await res.json()).message).toMatch(/No such endpoint/);
  });

  it('serves the app for every client route and a 404 status for unknown pages', async () => {
    for (const route of ['/', '/landing', '/auth', '/dashboard', '/blog', '/help']) {
      const res = await fetch(server.url + route);
      expect(res.status, route).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<div id="root">');
    }
    const missing = await fetch(`${server.url}/no-such-page`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<div id="root">');
  });

  it('serves hashed assets with a long cache lifetime', async () => {
    const html = await (await fetch(server.url + '/')).text();
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    const res = await fetch(server.url + asset!);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/max-age=31536000.*immutable|immutable.*max-age=31536000/);
    const plain = await res.arrayBuffer();
    // Pre-compressed at build time: brotli when the browser accepts it (fetch decodes it transparently).
    const br = await fetch(server.url + asset!, { headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(Number(br.headers.get('content-length'))).toBeLessThan(plain.byteLength / 2);
  });
});
