// SVG uploads through real HTTP: taken as image/svg+xml; `original` and Auto give the sanitised, minified SVG (never
// larger, served as an attachment under a sandboxing CSP, named .svg in the ZIP too), with a rendered preview for the
// card; a size the drawing does not fit and the other formats rasterise through the normal pipeline.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Estimate, Job } from '#contract/api';
import { HttpClient } from '../support/http-client';
import { waitForSettled } from '../support/jobs';
import { useServer } from '../support/server';
import { HOSTILE_SVGS, inkscapeSvgWithPng, PLAIN_SVG } from '../support/svg-files';

async function uploadOne(client: HttpClient, fields: Record<string, string> = {}): Promise<Job> {
  const res = await client.upload([{ name: 'logo.svg', data: Buffer.from(PLAIN_SVG) }], fields);
  expect(res.status, await res.clone().text()).toBe(201);
  const [job] = await waitForSettled(client);
  expect(job!.status, job!.error ?? '').toBe('completed');
  return job!;
}

/** Every channel of every pixel, as librsvg renders an SVG at a density (72 dpi: its own size). */
const rendering = (svg: Buffer, density: number) => sharp(svg, { density }).ensureAlpha().raw().toBuffer();

/** A 32×24 PNG of four coloured quarters with a soft alpha edge: any loss or shift of it shows in a rendering. */
const LOGO_PNG = () =>
  sharp({ create: { width: 32, height: 24, channels: 4, background: { r: 230, g: 40, b: 30, alpha: 1 } } })
    .composite([
      { input: { create: { width: 16, height: 12, channels: 4, background: { r: 20, g: 200, b: 60, alpha: 0.6 } } }, left: 16, top: 0 },
      { input: { create: { width: 16, height: 12, channels: 4, background: { r: 250, g: 220, b: 0, alpha: 1 } } }, left: 0, top: 12 },
    ])
    .png()
    .toBuffer();

async function download(client: HttpClient, job: Job) {
  const res = await client.get(job.compressedPath!);
  expect(res.status).toBe(200);
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** The colour at a pixel of a decoded image, as [r, g, b]. */
async function pixel(bytes: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + 3)];
}

describe('SVG over HTTP', () => {
  const server = useServer();

  it.each(['original', 'auto'])('%s: the minified SVG, smaller, served as an SVG attachment under a sandboxing CSP', async (format) => {
    const client = new HttpClient(server.url);
    const job = await uploadOne(client, { format });
    expect(job.mimeType).toBe('image/svg+xml');
    expect(job.outputMimeType).toBe('image/svg+xml');
    expect(job.formatNote).toBeNull();
    expect([job.compressedWidth, job.compressedHeight]).toEqual([120, 80]);
    const { res, bytes } = await download(client, job);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment;.*logo\.svg/);
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'.*\bsandbox\b/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(bytes.length).toBe(job.compressedSize);
    expect(bytes.length).toBeLessThan(Buffer.byteLength(PLAIN_SVG));
    expect(bytes.toString('utf8')).toMatch(/^<svg[\s>]/);
    expect(bytes.toString('utf8')).not.toContain('a comment in the prolog');
    // The same drawing: librsvg renders it with the upload's colours at its own size.
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'svg', width: 120, height: 80 });
    expect(await pixel(bytes, 10, 40)).toEqual([255, 0, 0]);
    expect(await pixel(bytes, 110, 40)).toEqual([0, 0, 255]);
    // The card's preview is a rendering (WebP), never the SVG itself.
    const preview = await client.get(`/api/jobs/${job.id}/preview`);
    expect(preview.headers.get('content-type')).toBe('image/webp');
    const [r, g, b] = await pixel(Buffer.from(await preview.arrayBuffer()), 10, 40);
    expect([r! > 240, g! < 16, b! < 16]).toEqual([true, true, true]);
  });

  it('Adjust\'s live estimate says SVG with the exact size the result has, previewing its rendering; a raster format estimates the raster', async () => {
    const client = new HttpClient(server.url);
    const job = await uploadOne(client);
    const res = await client.post(`/api/jobs/${job.id}/estimate`, {});
    expect(res.status, await res.clone().text()).toBe(200);
    const estimate = (await res.json()) as Estimate;
    expect(estimate).toMatchObject({ outputFormat: 'svg', outputMimeType: 'image/svg+xml', estimatedSize: job.compressedSize, keepsOriginal: false, width: 120, height: 80 });
    const preview = Buffer.from(estimate.preview.replace(/^data:image\/png;base64,/, ''), 'base64');
    expect(await pixel(preview, 10, 40)).toEqual([255, 0, 0]);
    const asWebp = (await (await client.post(`/api/jobs/${job.id}/estimate`, { format: 'webp' })).json()) as Estimate;
    expect(asWebp).toMatchObject({ outputFormat: 'webp', outputMimeType: 'image/webp' });
  });

  it('the ZIP of all results keeps the .svg name', async () => {
    const client = new HttpClient(server.url);
    await uploadOne(client);
    const zip = Buffer.from(await (await client.get('/api/download-all')).arrayBuffer());
    // A stored (uncompressed) ZIP names each entry in its local header: the name is in the bytes as written.
    expect(zip.includes(Buffer.from('logo.svg'))).toBe(true);
    expect(zip.includes(Buffer.from('logo.png'))).toBe(false);
  });

  it('original with a size the drawing does not fit: a PNG at that size, with the note saying why', async () => {
    const client = new HttpClient(server.url);
    const job = await uploadOne(client, { maxWidth: '60' });
    expect(job.outputMimeType).toBe('image/png');
    expect(job.formatNote).toBe('SVG converted to PNG: rendered at the size asked for, with transparency kept');
    const { res, bytes } = await download(client, job);
    expect(res.headers.get('content-disposition')).toContain('logo.png');
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'png', width: 60, height: 40 });
  });

  it.each(['webp', 'avif', 'jpeg'])('format=%s rasterises through the normal pipeline', async (format) => {
    const client = new HttpClient(server.url);
    const job = await uploadOne(client, { format, quality: '90' });
    const { bytes } = await download(client, job);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: format === 'avif' ? 'heif' : format, width: 120, height: 80 });
    const [r, , b] = await pixel(bytes, 10, 40);
    expect(r).toBeGreaterThan(200);
    expect(b).toBeLessThan(60);
  });

  it('an Inkscape SVG with an embedded PNG: the picture is kept and the result renders as the upload did, with no note', async () => {
    const client = new HttpClient(server.url);
    const upload = Buffer.from(inkscapeSvgWithPng(await LOGO_PNG()));
    expect((await client.upload([{ name: 'logo.svg', data: upload }])).status).toBe(201);
    const [job] = await waitForSettled(client);
    expect(job!.status, job!.error ?? '').toBe('completed');
    expect(job!.outputMimeType).toBe('image/svg+xml');
    expect(job!.formatNote).toBeNull();
    const { bytes } = await download(client, job!);
    expect(bytes.toString('utf8')).toMatch(/<image [^>]*href="data:image\/png;base64,/);
    expect(bytes.length).toBeLessThan(upload.length);
    for (const density of [72, 288]) expect((await rendering(bytes, density)).equals(await rendering(upload, density)), `${density} dpi`).toBe(true);
  });

  it('what the sanitiser removes is named in the note, for the SVG result and for a raster made from it', async () => {
    const svg = Buffer.from(HOSTILE_SVGS.find((h) => h.name === 'event handler on a shape')!.svg.replace('<rect x="60"', '<script>alert(1)</script><rect x="60"'));
    for (const format of ['original', 'png']) {
      const client = new HttpClient(server.url);
      expect((await client.upload([{ name: 'hostile.svg', data: svg }], { format })).status).toBe(201);
      const [job] = await waitForSettled(client);
      expect(job!.status, job!.error ?? '').toBe('completed');
      expect(job!.formatNote, format).toBe('Removed from the SVG: 1 onclick attribute, 1 onmouseover attribute, <script>');
    }
  });
});
