// The private page is served cross-origin isolated with nothing from another origin allowed, the tool page is not
// (its ads must keep working), and our built files carry what an isolated page's workers need; only libvips's
// workers may build functions from strings (embind), no other script (docs/decisions/0560).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WASM_VIPS_DIR } from '#client/private/vips/wasm-vips-files.ts';
import { REPO_ROOT } from '../support/paths';
import { useServer } from '../support/server';

const ASSETS = path.join(REPO_ROOT, 'dist/client/assets');
const built = (pattern: RegExp) => `/assets/${fs.readdirSync(ASSETS).find((name) => pattern.test(name))!}`;

describe('the isolated private page', () => {
  const server = useServer();

  it('is served with COOP same-origin, COEP require-corp and a policy naming no other origin; the tool page is not isolated', async () => {
    const page = await fetch(`${server.url}/private`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(page.headers.get('cross-origin-embedder-policy')).toBe('require-corp');
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'(;|$)/);
    expect(csp).not.toMatch(/https:|\*/);
    expect(csp).toContain("frame-src 'none'");
    expect(csp).toContain("connect-src 'self';");

    const tool = await fetch(`${server.url}/`);
    expect(tool.headers.get('cross-origin-embedder-policy')).toBeNull();
    expect(tool.headers.get('content-security-policy')).toContain('https:');
  });

  it('gives built files same-origin CORP and COEP, and only libvips\'s workers unsafe-eval', async () => {
    const vipsWorker = await fetch(server.url + built(/^vips-codec-worker-.*\.js$/));
    const vipsModule = await fetch(`${server.url}${WASM_VIPS_DIR}vips-es6.js`);
    const otherWorker = await fetch(server.url + built(/^codec-worker-.*\.js$/));
    const wasm = await fetch(`${server.url}${WASM_VIPS_DIR}vips.wasm`);
    for (const res of [vipsWorker, vipsModule, otherWorker, wasm]) {
      expect(res.status).toBe(200);
      expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      expect(res.headers.get('cross-origin-embedder-policy')).toBe('require-corp');
    }
    for (const res of [vipsWorker, vipsModule]) expect(res.headers.get('content-security-policy')).toContain("'unsafe-eval'");
    expect(otherWorker.headers.get('content-security-policy')).not.toContain("'unsafe-eval'");
    expect(otherWorker.headers.get('content-security-policy')).toContain("'wasm-unsafe-eval'");
  });

  it('ships libvips\'s WebAssembly unmodified, beside its notices', async () => {
    for (const name of ['vips.wasm', 'vips-heif.wasm', 'vips-es6.js']) {
      const served = Buffer.from(await (await fetch(`${server.url}${WASM_VIPS_DIR}${name}`, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer());
      expect(served.equals(fs.readFileSync(path.join(REPO_ROOT, 'node_modules/wasm-vips/lib', name))), name).toBe(true);
    }
    expect((await fetch(`${server.url}${WASM_VIPS_DIR}THIRD-PARTY-NOTICES.md`)).status).toBe(200);
  });
});
