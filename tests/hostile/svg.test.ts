// Hostile SVGs over real HTTP: a DOCTYPE (entity bomb) and a declared gigapixel canvas (in any unit, or by its
// viewBox) are refused at upload with a clear 4xx naming why; scripts, handlers, external references and
// foreignObject are sanitised away, the image is still rendered, and nothing the SVG names is ever fetched (a local
// "attacker" server counts requests); the upload, served back for the comparison view, can never run in our origin.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../support/http-client';
import { waitForSettled } from '../support/jobs';
import { startServer, type TestServer } from '../support/server';
import { ENTITY_BOMB_SVG, HOSTILE_SVGS, HUGE_CANVAS_SVG } from '../support/svg-files';
import { REVIEW_PAYLOADS } from '../support/svg-xss';

describe('hostile SVG', () => {
  let server: TestServer;
  let attacker: http.Server;
  let attackerHost = '';
  let attackerHits = 0;
  beforeAll(async () => {
    attacker = http.createServer((_req, res) => {
      attackerHits += 1;
      res.end();
    });
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    attackerHost = `127.0.0.1:${(attacker.address() as AddressInfo).port}`;
    server = await startServer();
  });
  afterAll(async () => {
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    await server.stop();
    server.cleanup();
    await new Promise((resolve) => attacker.close(resolve));
  });

  it('refuses a DOCTYPE (entity bomb) at upload with 415 and says why', async () => {
    const res = await new HttpClient(server.url).upload([{ name: 'bomb.svg', data: Buffer.from(ENTITY_BOMB_SVG) }]);
    expect(res.status).toBe(415);
    const message = 'SVG files declaring entities (a DOCTYPE with an internal subset) are not accepted';
    expect(await res.json()).toEqual({ message, code: 'UNSUPPORTED_TYPE', rejected: [{ filename: 'bomb.svg', message, code: 'UNSUPPORTED_TYPE' }], requestId: expect.any(String) });
  });

  it('a DOCTYPE naming an external DTD on an attacker\'s server: taken, the DTD never fetched, the DOCTYPE gone', async () => {
    const client = new HttpClient(server.url);
    const svg = `<!DOCTYPE svg SYSTEM "http://${attackerHost}/evil.dtd">\n<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80"><rect width="120" height="80" fill="#f00"/></svg>`;
    expect((await client.upload([{ name: 'dtd.svg', data: Buffer.from(svg) }])).status).toBe(201);
    const [job] = await waitForSettled(client);
    expect(job!.status, job!.error ?? '').toBe('completed');
    const text = await (await client.get(job!.compressedPath!)).text();
    expect(text).toMatch(/^<svg[\s>]/);
    expect(text).not.toContain(attackerHost);
    expect(attackerHits).toBe(0);
  });

  it.each([
    ['in pixels', HUGE_CANVAS_SVG],
    ['in the viewBox only', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100000 100000"><rect width="10" height="10"/></svg>'],
    // 75000 points are 100000 CSS pixels (96 to the inch, 0590).
    ['in points', '<svg xmlns="http://www.w3.org/2000/svg" width="75000pt" height="75000pt"><rect width="10" height="10"/></svg>'],
  ])('refuses a 100000×100000 canvas declared %s at upload with 413 naming the limit', async (_how, svg) => {
    const res = await new HttpClient(server.url).upload([{ name: 'huge.svg', data: Buffer.from(svg) }]);
    expect(res.status).toBe(413);
    const body = (await res.json()) as { message: string; code: string };
    expect(body.code).toBe('FILE_TOO_LARGE');
    expect(body.message).toMatch(/^The image is 100000×100000 pixels \(10000 megapixels\); the limit is \d+ megapixels$/);
  });

  it('refuses a gigapixel canvas whose root tag runs past what is read at upload, when the job opens it, naming the limit', async () => {
    const client = new HttpClient(server.url);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" id="${'x'.repeat(2000)}" viewBox="0 0 100000 100000"><rect width="10" height="10"/></svg>`;
    expect((await client.upload([{ name: 'viewbox.svg', data: Buffer.from(svg) }])).status).toBe(201);
    const [job] = await waitForSettled(client);
    expect(job!.status).toBe('error');
    expect(job!.error).toMatch(/^The image is 100000×100000 pixels \(10000 megapixels\); the limit is \d+ megapixels$/);
  });

  it('the uploaded SVG, served back for the comparison view, is an attachment under a sandboxing CSP', async () => {
    const client = new HttpClient(server.url);
    const script = HOSTILE_SVGS.find((h) => h.name === 'script')!;
    expect((await client.upload([{ name: 'script.svg', data: Buffer.from(script.svg) }])).status).toBe(201);
    const [job] = await waitForSettled(client);
    const res = await client.get(`/api/jobs/${job!.id}/original-preview`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'.*\bsandbox\b/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it.each(HOSTILE_SVGS)('$name: absent from the SVG result, which downloads as a sandboxed attachment; nothing fetched', async ({ svg, mustNotContain }) => {
    const client = new HttpClient(server.url);
    const data = Buffer.from(svg.replaceAll('attacker.example', attackerHost));
    expect((await client.upload([{ name: 'hostile.svg', data }])).status).toBe(201);
    const [job] = await waitForSettled(client);
    expect(job!.status, job!.error ?? '').toBe('completed');
    expect(job!.outputMimeType).toBe('image/svg+xml');
    const res = await client.get(job!.compressedPath!);
    expect(res.headers.get('content-security-policy')).toMatch(/\bsandbox\b/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment/);
    const text = await res.text();
    for (const needle of [...mustNotContain, attackerHost]) expect(text).not.toContain(needle);
    expect(text).not.toMatch(/\son[a-z]+\s*=/i);
    expect(await sharp(Buffer.from(text)).metadata()).toMatchObject({ format: 'svg', width: 120, height: 80 });
    expect(attackerHits).toBe(0);
  });

  it.each(HOSTILE_SVGS)('$name: sanitised, rendered, and nothing fetched', async ({ svg }) => {
    const client = new HttpClient(server.url);
    const data = Buffer.from(svg.replaceAll('attacker.example', attackerHost));
    const res = await client.upload([{ name: 'hostile.svg', data }], { format: 'png' });
    expect(res.status, await res.clone().text()).toBe(201);
    const [job] = await waitForSettled(client);
    expect(job!.status, job!.error ?? '').toBe('completed');
    const bytes = Buffer.from(await (await client.get(job!.compressedPath!)).arrayBuffer());
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'png', width: 120, height: 80 });
    expect(attackerHits).toBe(0);
  });

  // The review of 2026-11-28 (T5-1): each of its payloads through the API. Chromium's verdict on the same payloads
  // is in svg-xss-browser.test.ts; here, what the API serves and says.
  it.each(Object.entries(REVIEW_PAYLOADS))('review payload %s: nothing active or outside in the result, and the note names what went', async (name, svg) => {
    const client = new HttpClient(server.url);
    const data = Buffer.from(svg.replaceAll('HIT', `http://${attackerHost}`));
    expect((await client.upload([{ name: `${name}.svg`, data }], { format: 'original' })).status).toBe(201);
    const [job] = await waitForSettled(client);
    expect(job!.status, job!.error ?? '').toBe('completed');
    expect(job!.formatNote).toMatch(/^Removed from the SVG: \S/);
    const text = await (await client.get(job!.compressedPath!)).text();
    for (const needle of ['javascript:', 'alert', 'iframe', 'srcdoc', 'script', 'import', 'image-set', 'font-face', 'foreignObject', attackerHost]) expect(text).not.toContain(needle);
    expect(text).not.toMatch(/\son[a-z]+\s*=|attributeName="[^"]*href"/i);
    expect(attackerHits).toBe(0);
  });
});
