// The hostile-input suite: generated bombs, disguised formats, polyglots, hostile names, malformed multipart,
// oversized and malformed JSON and cookies. Every case gets a 4xx JSON error or a correct result;
// never a 5xx, a crash, a leftover temp file, or memory that does not come back.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server';
import { HttpClient, fileFrom, type UploadFile } from '../support/http-client';
import { corpusPath } from '../support/paths';
import { listJobs, waitFor, waitForSettled } from '../support/jobs';
import type { CompressResponse, Job } from '#contract/api';
import * as gen from './generators';
import { filePart, multipartRequest, rawRequest } from './raw-http';

const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

describe('hostile input', () => {
  let server: TestServer;
  let baselineRssKb = 0;

  beforeAll(async () => {
    server = await startServer();
    // Warm up (codec, multipart parser) so the memory baseline is the steady state.
    const warm = new HttpClient(server.url);
    await warm.upload([fileFrom(corpusPath('photos', 'kodim03.png')), fileFrom(corpusPath('photos', 'exif-orient6-landscape.jpg'))]);
    await waitForSettled(warm);
    baselineRssKb = rssKb(server.process.pid!);
  });

  afterAll(async () => {
    // No temp file left behind by any case, the server still healthy, memory back near the baseline.
    expect(fs.readdirSync(path.join(server.dataDir, 'files', 'tmp'))).toEqual([]);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    // pino's numeric levels: 50 error, 60 fatal (every component logs through the one pino logger).
    expect(server.output()).not.toMatch(/"level":(50|60)\b|Internal Server Error/);
    const after = rssKb(server.process.pid!);
    expect(after - baselineRssKb).toBeLessThan(300 * 1024);
    await server.stop();
    server.cleanup();
  });

  /** Every guest whose upload was accepted, with the job it got: checked against each other at the end. */
  const guests: { client: HttpClient; job: Job }[] = [];

  /** Uploads one file as a fresh guest; returns the settled job or the refusal. */
  async function outcome(file: UploadFile): Promise<{ status: number; job?: Job; message?: string; client: HttpClient }> {
    const client = new HttpClient(server.url);
    const res = await client.upload([file]);
    expect(res.status, file.name).toBeLessThan(500);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const body = (await res.json()) as CompressResponse & { message?: string };
    if (res.status !== 201) {
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(body.message).toMatch(/\w{3,}/);
      return { status: res.status, message: body.message, client };
    }
    const [job] = await waitForSettled(client, 120_000);
    if (job!.status === 'error') expect(job!.error).toMatch(/^[A-Z].{10,}/);
    guests.push({ client, job: job! });
    return { status: res.status, job, client };
  }

  it('refuses pixel floods before decoding them', async () => {
    for (const [name, data] of [
      ['flood.png', gen.pixelFloodPng(100_000, 100_000)],
      ['flood-wide.png', gen.pixelFloodPng(2_000_000, 60)],
      ['flood.jpg', await gen.pixelFloodJpeg()],
    ] as const) {
      const r = await outcome({ name, data });
      if (r.job) {
        expect(r.job.status, name).toBe('error');
        expect(r.job.error, name).toMatch(/pixels|too large|dimensions/i);
      } else {
        // PNGs past the PNG pixel limit are refused at upload from their header, before anything is stored.
        expect(r.status, name).toBe(413);
        expect(r.message, name).toMatch(/megapixels/);
      }
    }
  });

  it('survives deflate bombs and huge ancillary chunks with a clean result or a clear error', async () => {
    const cases: [string, Buffer][] = [
      ['deflate-bomb.png', gen.deflateBombPng(4000, 4000)],
      ['ztxt-bomb.png', await gen.zTxtBomb()],
      ['icc-bomb.png', await gen.iccBomb()],
      ['huge-text.png', await gen.hugeText()],
    ];
    for (const [name, data] of cases) {
      const r = await outcome({ name, data });
      expect(r.job, name).toBeDefined();
      if (r.job!.status === 'completed') {
        const out = Buffer.from(await (await r.client.get(r.job!.compressedPath!)).arrayBuffer());
        const meta = await sharp(out).metadata();
        expect(meta.format).toBe('png');
        // No oversized text or profile chunk carried into the output.
        expect(out.length).toBeLessThan(1024 * 1024);
        expect(out.includes(Buffer.from('zTXt'))).toBe(false);
        expect(out.includes(Buffer.from('tEXt'))).toBe(false);
      }
    }
  });

  it('bounds a progressive JPEG with thousands of scans', async () => {
    const r = await outcome({ name: 'scans.jpg', data: await gen.scanFloodJpeg() });
    expect(['completed', 'error']).toContain(r.job!.status);
  });

  it('judges WebP, AVIF, GIF, TIFF, SVG, HTML and PDF by their bytes, whatever their names say', async () => {
    for (const [kind, data] of Object.entries(await gen.disguisedFormats())) {
      for (const name of [`${kind}.jpg`, `${kind}.png`]) {
        const r = await outcome({ name, data });
        if (kind === 'webp' || kind === 'avif' || kind === 'gif' || kind === 'svg') {
          // Accepted input formats: taken for what their bytes say, not their names (an SVG's script is
          // sanitised away: tests/hostile/svg.test.ts).
          expect(r.status, name).toBe(201);
          continue;
        }
        expect(r.status, name).toBe(415);
        expect(r.message).toBe('File type must be one of image/jpeg, image/png, image/webp, image/avif, image/jxl, image/gif, image/svg+xml, image/heic');
      }
    }
  });

  it('cleans polyglots: no HTML from a JPEG comment, no ZIP after a PNG', async () => {
    const jpeg = await outcome({ name: 'polyglot.jpg', data: await gen.jpegWithHtmlComment() });
    const png = await outcome({ name: 'polyglot.png', data: await gen.pngWithZipAfterIend() });
    for (const r of [jpeg, png]) {
      expect(r.job!.status).toBe('completed');
      const out = Buffer.from(await (await r.client.get(r.job!.compressedPath!)).arrayBuffer());
      expect(out.includes(Buffer.from('<script'))).toBe(false);
      expect(out.includes(Buffer.from('PK\x03\x04', 'latin1'))).toBe(false);
      await sharp(out).metadata();
    }
  });

  it('neutralises hostile file names in jobs, headers and the ZIP', async () => {
    const png = fs.readFileSync(corpusPath('png', 'pngsuite', 'basn2c08.png'));
    const names = [
      '../../../../etc/passwd.png',
      '..\\..\\windows\\system32\\evil.png',
      'nul\u0000byte.png',
      'ctrl\u0001\u001b[31mred.png',
      'crlf\r\nX-Injected: yes.png',
      'invoice\u202Egnp.png',
      `${'long'.repeat(2500)}.png`,
      'CON.png',
      'dup.png',
      'dup.png',
    ];
    const client = new HttpClient(server.url);
    const res = await client.upload(names.map((name) => ({ name, data: png })));
    expect(res.status).toBe(201);
    const jobs = await waitForSettled(client);
    for (const job of jobs) {
      // eslint-disable-next-line no-control-regex -- control characters are exactly what must not survive
      expect(job.filename).not.toMatch(/[/\\\u0000-\u001f\u202e]/);
      expect(job.filename.length).toBeLessThanOrEqual(200);
      const dl = await client.get(job.compressedPath!);
      expect(dl.headers.get('x-injected')).toBeNull();
      expect(dl.headers.get('content-disposition')).toMatch(/^attachment; filename="[\x20-\x7e]*"; filename\*=UTF-8''[\x21-\x7e]+$/);
    }
    expect(jobs.map((j) => j.filename)).toContain('_CON.png');
    const zip = Buffer.from(await (await client.get('/api/download-all')).arrayBuffer());
    expect(zip.includes(Buffer.from('dup (2).png'))).toBe(true);
    expect(zip.includes(Buffer.from('../'))).toBe(false);
  });

  describe('malformed multipart', () => {
    const boundary = 'XyZ123';
    const png = () => fs.readFileSync(corpusPath('png', 'pngsuite', 'basn0g08.png'));
    const cases: [string, () => Buffer][] = [
      ['truncated boundary', () => multipartRequest({ boundary, body: Buffer.concat([filePart(boundary, 'images', 'a.png', png()), Buffer.from(`--${boundary.slice(0, 3)}`)]) })],
      ['part header starting with a space', () => multipartRequest({ boundary, body: `--${boundary}\r\n Content-Disposition: form-data; name="images"; filename="a.png"\r\n\r\nxx\r\n--${boundary}--\r\n` })],
      ['empty field name', () => multipartRequest({ boundary, body: Buffer.concat([filePart(boundary, '', 'a.png', png()), Buffer.from(`--${boundary}--\r\n`)]) })],
      ['thousands of parts', () => multipartRequest({ boundary, body: Array.from({ length: 3000 }, (_, i) => `--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`).join('') + `--${boundary}--\r\n` })],
      ['Content-Length shorter than the body', () => multipartRequest({ boundary, body: Buffer.concat([filePart(boundary, 'images', 'a.png', png()), Buffer.from(`--${boundary}--\r\n`)]), contentLength: 100 })],
      ['no boundary parameter', () => Buffer.from('POST /api/compress HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello')],
      ['garbage instead of multipart', () => multipartRequest({ boundary, body: 'this is not multipart at all' })],
    ];
    for (const [name, build] of cases) {
      it(`answers "${name}" with a 4xx or a clean close, never a 5xx`, async () => {
        const r = await rawRequest(server.port, build());
        if (r.status !== null) {
          expect(r.status, `${name}: ${r.head}\n${r.body}`).toBeGreaterThanOrEqual(200);
          expect(r.status).toBeLessThan(500);
          if (r.status >= 400) expect(r.body).toMatch(/"message"/);
        }
        expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      });
    }

    it('cleans up after a Content-Length longer than the body and after a client abort mid-upload', async () => {
      const big = Buffer.alloc(2 * 1024 * 1024, 1);
      const body = filePart(boundary, 'images', 'a.png', Buffer.concat([png(), big]));
      await rawRequest(server.port, multipartRequest({ boundary, body, contentLength: body.length + 5000 }), { timeoutMs: 3000 });
      await rawRequest(server.port, multipartRequest({ boundary, body: Buffer.concat([body, body]), contentLength: body.length * 4 }), { abortAfterMs: 50 });
      await waitFor(async () => fs.readdirSync(path.join(server.dataDir, 'files', 'tmp')).length === 0, 10_000, 'temp files to go');
    });
  });

  describe('JSON and cookies', () => {
    it('refuses oversized and malformed JSON with 4xx JSON', async () => {
      const c = new HttpClient(server.url);
      const cases: [string, string, number][] = [
        ['/api/login', `{"email":"a@b.co","password":"${'x'.repeat(200_000)}"}`, 413],
        ['/api/login', '{"email": "a@b.co", "password": ', 400],
        ['/api/login', '[1,2,3]', 400],
        ['/api/login', 'null', 400],
        ['/api/register', `${'['.repeat(5000)}${']'.repeat(5000)}`, 400],
        ['/api/register', '{"email":{"$gt":""},"password":"secret1","firstName":"a","lastName":"b"}', 400],
        // Prototype pollution attempts are refused by the JSON parser itself.
        ['/api/login', '{"__proto__":{"admin":true},"email":"a@b.co","password":"secret1"}', 400],
      ];
      for (const [route, body, status] of cases) {
        const res = await c.request('POST', route, { body, headers: { 'content-type': 'application/json' } });
        expect(res.status, `${route} ${body.slice(0, 40)}`).toBe(status);
        expect(((await res.json()) as { message: string }).message).toBeTruthy();
      }
      const wrongType = await c.request('POST', '/api/login', { body: 'email=a', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(wrongType.status).toBe(415);
    });

    it('treats malformed and oversized cookies as no session', async () => {
      for (const cookie of ['sid=', 'sid=%%%', `sid=${'a'.repeat(4000)}`, 'sid=a; sid=b', '=;;;=', 'sid="quoted"']) {
        const res = await fetch(`${server.url}/api/jobs`, { headers: { cookie } });
        expect(res.status, cookie.slice(0, 30)).toBe(200);
        expect(await res.json()).toEqual([]);
      }
      const r = await rawRequest(server.port, `GET /api/jobs HTTP/1.1\r\nHost: x\r\nCookie: sid=${'b'.repeat(70_000)}\r\nConnection: close\r\n\r\n`);
      expect(r.status === null || (r.status >= 400 && r.status < 500)).toBe(true);
    });
  });

  it('leaves every guest with only their own results', async () => {
    // After all the hostile uploads above, each guest still lists exactly its own job, can fetch its own result and
    // gets 404 for its neighbour's; a new visitor sees nothing.
    expect(guests.length).toBeGreaterThan(1);
    for (const [i, { client, job }] of guests.entries()) {
      expect((await listJobs(client)).map((j) => j.id)).toEqual([job.id]);
      if (job.status === 'completed') expect((await client.get(job.compressedPath!)).status).toBe(200);
      const neighbour = guests[(i + 1) % guests.length]!.job;
      expect((await client.get(`/api/download/${neighbour.id}`)).status).toBe(404);
      expect((await client.get(`/api/jobs/${neighbour.id}/original-preview`)).status).toBe(404);
    }
    expect(await listJobs(new HttpClient(server.url))).toEqual([]);
  });
});
