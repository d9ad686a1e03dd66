// SVG uploads through real HTTP: taken as image/svg+xml, rendered at their own size, `original` gives a PNG with the
// drawing's colours, and the other formats rasterise through the normal pipeline.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Job } from '#contract/api';
import { HttpClient } from '../support/http-client';
import { waitForSettled } from '../support/jobs';
import { useServer } from '../support/server';
import { PLAIN_SVG } from '../support/svg-files';

async function uploadOne(client: HttpClient, fields: Record<string, string> = {}): Promise<Job> {
  const res = await client.upload([{ name: 'logo.svg', data: Buffer.from(PLAIN_SVG) }], fields);
  expect(res.status, await res.clone().text()).toBe(201);
  const [job] = await waitForSettled(client);
  expect(job!.status, job!.error ?? '').toBe('completed');
  return job!;
}

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

  it('original: a PNG of the drawing at its intrinsic size, named .png, with the note saying why', async () => {
    const client = new HttpClient(server.url);
    const job = await uploadOne(client);
    expect(job.mimeType).toBe('image/svg+xml');
    expect(job.outputMimeType).toBe('image/png');
    expect(job.formatNote).toBe('SVG converted to PNG: rendered at its own size, with transparency kept');
    const { res, bytes } = await download(client, job);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toContain('logo.png');
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'png', width: 120, height: 80 });
    expect(await pixel(bytes, 10, 40)).toEqual([255, 0, 0]);
    expect(await pixel(bytes, 110, 40)).toEqual([0, 0, 255]);
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
});
