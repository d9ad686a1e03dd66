// A valid file using a feature we cannot keep is refused at upload with UNSUPPORTED_FEATURE and a message naming it
// (never accepted and then failed as "damaged"); the rest of the batch still goes through.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ApiError, CompressResponse, Job } from '#contract/api';
import { HttpClient } from '../support/http-client';
import { heifSequenceOnly } from '../support/heic';
import { waitFor } from '../support/jobs';
import { corpusPath } from '../support/paths';
import { readRealFile } from '../support/real-files';
import { useServer } from '../support/server';

describe('unsupported features at upload', () => {
  const server = useServer();

  it.each([
    // A HEIF image sequence with no still, built from its boxes: no encoder here writes one (support/heic.ts).
    ['jxl-premultiplied-alpha.jxl', () => readRealFile('jxl-premultiplied-alpha.jxl'), 'Premultiplied alpha in JPEG XL is not supported'],
    ['avif-animated-alpha.avif', () => readRealFile('avif-animated-alpha.avif'), 'Animated AVIF is not supported'],
    ['sequence.heif', heifSequenceOnly, 'HEIF image sequences without a still picture are not supported'],
  ] as const)('%s is refused naming the feature, beside an accepted photo', async (name, file, named) => {
    const client = new HttpClient(server.url);
    const photo = fs.readFileSync(corpusPath('photos', 'kodim23.png'));
    const res = await client.upload([{ name, data: file() }, { name: 'photo.png', data: photo }]);
    expect(res.status).toBe(201);
    const body = (await res.json()) as CompressResponse;
    expect(body.jobs).toHaveLength(1);
    expect(body.rejected).toEqual([{ filename: name, code: 'UNSUPPORTED_FEATURE', message: expect.stringContaining(named) }]);

    const alone = await client.upload([{ name, data: file() }]);
    expect(alone.status).toBe(415);
    expect((await alone.json()) as ApiError).toMatchObject({ code: 'UNSUPPORTED_FEATURE', message: expect.stringContaining(named) });
  });
});

// Settings that cannot give what they ask for with a file are refused with it, not failed after it (0586).
describe('settings that cannot fit a file', () => {
  const server = useServer();

  it.each([
    ['gif-animated-fire.gif', { format: 'jpeg' }, /^This GIF is an animation of \d+ frames, and saved as JPEG it would keep only one of them: choose Keep original, WebP or Auto/],
    ['apng-delays.png', { format: 'avif' }, /^This PNG is an animation of \d+ frames, and saved as AVIF/],
    ['jxl-animated.jxl', { format: 'jxl' }, /^This JPEG XL is an animation of \d+ frames, and saved as JPEG XL/],
    ['png-rgba.png', { format: 'jpeg', mode: 'lossless' }, /^Lossless JPEG output is only possible for a JPEG upload, not for this PNG: choose PNG, WebP, AVIF or Auto/],
    ['heic-phone.heic', { format: 'png', mode: 'lossless' }, /^Lossless mode cannot make a HEIC smaller.*Choose Quality or Smart mode$/],
  ] as const)('%s with %o is refused at upload with the cause, beside a photo the same settings fit', async (name, fields, message) => {
    const client = new HttpClient(server.url);
    const photo = fs.readFileSync(corpusPath('photos', 'turbo-testorig.jpg'));
    const res = await client.upload([{ name, data: readRealFile(name) }, { name: 'photo.jpg', data: photo }], fields);
    expect(res.status).toBe(201);
    const body = (await res.json()) as CompressResponse;
    expect(body.jobs.map((j) => j.filename)).toEqual(['photo.jpg']);
    expect(body.rejected).toEqual([{ filename: name, code: 'UNSUPPORTED_FEATURE', message: expect.stringMatching(message) }]);
  });

  it('keeps an animation whose settings keep its frames, and refuses a re-tune to a still format naming the field', async () => {
    const client = new HttpClient(server.url);
    const res = await client.upload([{ name: 'fire.gif', data: readRealFile('gif-animated-fire.gif') }], { format: 'webp' });
    expect(res.status).toBe(201);
    const [job] = ((await res.json()) as CompressResponse).jobs;
    const done = await waitFor(async () => {
      const got = (await (await client.get(`/api/jobs/${job!.id}`)).json()) as Job;
      return got.status === 'completed' && got;
    });
    expect(done.animationFrames).toBeGreaterThan(1);
    const retune = await client.post(`/api/jobs/${job!.id}/recompress`, { format: 'png' });
    expect(retune.status).toBe(400);
    expect((await retune.json()) as ApiError).toMatchObject({ code: 'INVALID_SETTINGS', field: 'format', message: expect.stringMatching(/^This GIF is an animation of \d+ frames, and saved as PNG/) });
  });
});
