// Compare and Adjust show the original through /api/jobs/{id}/original-preview: the upload itself when browsers show
// it, and a WebP rendering at the original's size (upright) for a HEIC original, which Chrome and Firefox cannot show;
// owner-only, and deleted with the job (docs/decisions/0555-originals-every-browser-can-show.md).
import fs from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Job } from '#contract/api';
import { HttpClient, fileFrom } from '../support/http-client';
import { heicFrom, withIrot } from '../support/heic';
import { storedFiles, waitForSettled } from '../support/jobs';
import { corpusPath } from '../support/paths';
import { useServer } from '../support/server';
import { HEIF_ENC_MISSING } from '../support/system-tools';

describe('the original as the comparison shows it', () => {
  const server = useServer();

  it('is the upload itself when browsers can show it', async () => {
    const owner = new HttpClient(server.url);
    const path = corpusPath('photos', 'turbo-testorig.jpg');
    expect((await owner.upload([fileFrom(path)])).status).toBe(201);
    const [job] = (await waitForSettled(owner)) as Job[];
    const res = await owner.get(`/api/jobs/${job!.id}/original-preview`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await res.arrayBuffer()).equals(fs.readFileSync(path))).toBe(true);
  });

  it.skipIf(HEIF_ENC_MISSING)('is a WebP rendering of a HEIC upload, upright at its size, for its owner only, gone with the job', async () => {
    const owner = new HttpClient(server.url);
    // Stored rotated a quarter turn (irot): the rendering must be upright, as the result is.
    const heic = withIrot(heicFrom(corpusPath('photos', 'kodim23.png'), 80), 1);
    expect((await owner.upload([{ name: 'IMG_0002.HEIC', data: heic }])).status).toBe(201);
    const [job] = (await waitForSettled(owner)) as Job[];
    expect(job!.status).toBe('completed');

    const url = `/api/jobs/${job!.id}/original-preview`;
    const res = await owner.get(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    const bytes = Buffer.from(await res.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([job!.originalWidth, job!.originalHeight]);
    // Faithful: close to the result made from the same upload (both decoded from the same HEIC).
    const result = Buffer.from(await (await owner.get(`/api/download/${job!.id}`)).arrayBuffer());
    const [a, b] = await Promise.all([bytes, result].map((buf) => sharp(buf).resize(64, 64, { fit: 'fill' }).raw().toBuffer()));
    let diff = 0;
    for (let i = 0; i < a!.length; i++) diff += Math.abs(a![i]! - b![i]!);
    expect(diff / a!.length).toBeLessThan(6);

    // Asked again: the same stored rendering.
    expect(Buffer.from(await (await owner.get(url)).arrayBuffer()).equals(bytes)).toBe(true);
    expect((await new HttpClient(server.url).get(url)).status).toBe(404);

    expect((await owner.delete(`/api/jobs/${job!.id}`)).status).toBe(204);
    expect((await storedFiles(server.dataDir)).filter((f) => f.includes(job!.id))).toEqual([]);
  });
});
