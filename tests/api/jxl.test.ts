// JPEG XL through real HTTP: format=jxl downloads as image/jxl named .jxl with a WebP preview, a JPEG kept lossless
// comes back as a JPEG XL that libjxl's reference decoder turns into the very upload, and JXL uploads are taken.
import fs from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Job } from '#contract/api';
import { HttpClient } from '../support/http-client';
import { cjxlFrom, djxl, isJxlBytes } from '../support/jxl';
import { waitForSettled } from '../support/jobs';
import { corpusPath } from '../support/paths';
import { useServer } from '../support/server';
import { LIBJXL_TOOLS_MISSING } from '../support/system-tools';

async function uploadOne(client: HttpClient, name: string, data: Buffer, fields: Record<string, string> = {}): Promise<Job> {
  const res = await client.upload([{ name, data }], fields);
  expect(res.status, await res.clone().text()).toBe(201);
  const [job] = await waitForSettled(client);
  expect(job!.status, job!.error ?? '').toBe('completed');
  return job!;
}

describe.skipIf(LIBJXL_TOOLS_MISSING)(`JPEG XL over HTTP${LIBJXL_TOOLS_MISSING ? ` (skipped: ${LIBJXL_TOOLS_MISSING})` : ''}`, () => {
  const server = useServer();

  it('format=jxl: image/jxl named .jxl, and a WebP preview the card can show', async () => {
    const client = new HttpClient(server.url);
    const job = await uploadOne(client, 'photo.png', fs.readFileSync(corpusPath('photos', 'kodim23.png')), { format: 'jxl' });
    expect(job.outputMimeType).toBe('image/jxl');
    const res = await client.get(job.compressedPath!);
    expect(res.headers.get('content-type')).toBe('image/jxl');
    expect(res.headers.get('content-disposition')).toContain('photo.jxl');
    expect(isJxlBytes(Buffer.from(await res.arrayBuffer()))).toBe(true);
    const preview = await client.get(job.previewPath!);
    expect(preview.status).toBe(200);
    expect(await sharp(Buffer.from(await preview.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 400 });
  });

  it('a JPEG kept lossless and metadata kept: the JPEG XL rebuilds the upload bit for bit', async () => {
    const client = new HttpClient(server.url);
    const upload = fs.readFileSync(corpusPath('photos', 'turbo-testorig.jpg'));
    const job = await uploadOne(client, 'photo.jpg', upload, { format: 'jxl', mode: 'lossless', metadata: 'keep-all' });
    const bytes = Buffer.from(await (await client.get(job.compressedPath!)).arrayBuffer());
    expect(bytes.length).toBeLessThan(upload.length);
    expect(djxl(bytes, 'jpg').equals(upload)).toBe(true);
  });

  it('takes a JPEG XL upload as image/jxl and keeps it JPEG XL in original format', async () => {
    const client = new HttpClient(server.url);
    const job = await uploadOne(client, 'photo.jxl', cjxlFrom(corpusPath('photos', 'kodim23.png'), 95), { quality: '70' });
    expect(job.mimeType).toBe('image/jxl');
    expect(job.outputMimeType).toBe('image/jxl');
    expect(job.compressedSize!).toBeLessThan(job.originalSize);
  });
});
