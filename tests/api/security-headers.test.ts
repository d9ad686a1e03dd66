// Safe serving: strict nonce CSP on the page, protective headers everywhere, sandboxed downloads.
import { describe, expect, it } from 'vitest';
import { useServer } from '../support/server';
import { HttpClient, fileFrom } from '../support/http-client';
import { corpusPath } from '../support/paths';
import { waitForSettled } from '../support/jobs';

describe('security headers', () => {
  const server = useServer();

  const expectBaseHeaders = (res: Response) => {
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-powered-by')).toBeNull();
    expect(res.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'|sandbox/);
  };

  it('gives the page a fresh nonce per response that matches its script tags', async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 2; i++) {
      const res = await fetch(server.url + '/');
      expectBaseHeaders(res);
      const csp = res.headers.get('content-security-policy')!;
      const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
      expect(nonce).toBeTruthy();
      expect(csp).toContain("'strict-dynamic'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      const html = await res.text();
      const scripts = html.match(/<script[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
      nonces.add(nonce!);
    }
    expect(nonces.size).toBe(2);
  });

  it('sets the protective headers on API responses and errors', async () => {
    expectBaseHeaders(await fetch(`${server.url}/api/health`));
    expectBaseHeaders(await fetch(`${server.url}/api/nope`));
    expectBaseHeaders(await fetch(`${server.url}/api/user`));
  });

  it('serves downloads with the exact image type, as attachments, under a sandboxing CSP', async () => {
    const c = new HttpClient(server.url);
    await c.upload([fileFrom(corpusPath('png', 'pngsuite', 'basn2c08.png'), '<script>alert(1)</script>.png')]);
    const [job] = await waitForSettled(c);
    for (const path of [job!.compressedPath!, `/api/jobs/${job!.id}/original-preview`]) {
      const res = await c.get(path);
      expectBaseHeaders(res);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="[^"<>]*"; filename\*=UTF-8''/);
      expect(res.headers.get('content-security-policy')).toContain('sandbox');
    }
  });
});
