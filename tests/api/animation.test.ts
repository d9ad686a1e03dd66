// Animated uploads through real HTTP: an animated GIF comes back as an animated WebP with every frame, the job says
// "animated, N frames" and why it is WebP, its preview is the first frame, and a frame bomb is refused at upload.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Job } from '#contract/api';
import { animation, apng, gifFrameBomb, textured, tinyGif } from '../support/animation';
import { readRealFile } from '../support/real-files';
import { HttpClient } from '../support/http-client';
import { waitForSettled } from '../support/jobs';
import { useServer } from '../support/server';

async function uploadOne(client: HttpClient, name: string, data: Buffer, fields: Record<string, string> = {}): Promise<Job> {
  const res = await client.upload([{ name, data }], fields);
  expect(res.status, await res.clone().text()).toBe(201);
  const [job] = await waitForSettled(client);
  return job!;
}

describe('animated uploads over HTTP', () => {
  const server = useServer();

  it('an animated GIF: animated WebP named .webp with all frames, the note, and a first-frame preview', async () => {
    const client = new HttpClient(server.url);
    const gif = await animation('gif', { frames: 5, width: 120, height: 80, delay: [80, 80, 160, 80, 400], loop: 0 });
    const job = await uploadOne(client, 'dance.gif', gif);
    expect(job.status, job.error ?? '').toBe('completed');
    expect(job.mimeType).toBe('image/gif');
    expect(job.outputMimeType).toBe('image/webp');
    expect(job.animationFrames).toBe(5);
    expect(job.formatNote).toBe('GIF converted to WebP: WebP keeps the animation, usually in a smaller file, and every current browser shows it');
    const res = await client.get(job.compressedPath!);
    expect(res.headers.get('content-disposition')).toContain('dance.webp');
    const meta = await sharp(Buffer.from(await res.arrayBuffer()), { animated: true }).metadata();
    expect([meta.pages, meta.pageHeight, meta.delay, meta.loop]).toEqual([5, 80, [80, 80, 160, 80, 400], 0]);
    const preview = await sharp(Buffer.from(await (await client.get(job.previewPath!)).arrayBuffer()), { animated: true }).metadata();
    expect([preview.format, preview.pages ?? 1]).toEqual(['webp', 1]);
  });

  it('a frame bomb (a few kilobytes, 200 megapixels of frames) is refused at upload with the limit named', async () => {
    const client = new HttpClient(server.url);
    const res = await client.upload([{ name: 'bomb.gif', data: gifFrameBomb(200) }]);
    expect(res.status).toBe(413);
    const message = 'The animation is 1000×1000 pixels × 200 frames (200 megapixels in all); the limit is 100 megapixels (width × height × frames)';
    expect(await res.json()).toEqual({ message, code: 'FILE_TOO_LARGE', rejected: [{ filename: 'bomb.gif', message, code: 'FILE_TOO_LARGE' }], requestId: expect.any(String) });
  });

  it('an animated PNG: every frame kept, as animated WebP, with the frame count on the job', async () => {
    const client = new HttpClient(server.url);
    const frames = [0, 1, 2].map((k) => ({ rgba: textured(64, 48, k), width: 64, height: 48, delay: 120 }));
    const job = await uploadOne(client, 'spinner.png', await apng({ width: 64, height: 48, loop: 0 }, frames));
    expect(job.status, job.error ?? '').toBe('completed');
    expect([job.mimeType, job.outputMimeType, job.animationFrames]).toEqual(['image/png', 'image/webp', 3]);
    expect(job.formatNote).toBe('Animated PNG converted to WebP: WebP keeps the animation in a smaller file, and nothing here writes animated PNG');
    const res = await client.get(job.compressedPath!);
    expect(res.headers.get('content-disposition')).toContain('spinner.webp');
    const meta = await sharp(Buffer.from(await res.arrayBuffer()), { animated: true }).metadata();
    expect([meta.pages, meta.delay]).toEqual([3, [120, 120, 120]]);
  });

  it('an APNG frame bomb (acTL claiming a million frames) is refused at upload with the limit named', async () => {
    const client = new HttpClient(server.url);
    const frames = [0, 1].map((k) => ({ rgba: textured(100, 100, k), width: 100, height: 100, delay: 100 }));
    const res = await client.upload([{ name: 'bomb.png', data: await apng({ width: 100, height: 100, loop: 0 }, frames, 1_000_000) }]);
    expect(res.status).toBe(413);
    const body = (await res.json()) as { code: string; message: string };
    expect(body.code).toBe('FILE_TOO_LARGE');
    expect(body.message).toBe('The animation is 100×100 pixels × 1000000 frames (10000 megapixels in all); the limit is 100 megapixels (width × height × frames)');
  });

  it('an animation asked for as AVIF is refused at upload with the frames and what keeps them named (0586)', async () => {
    const client = new HttpClient(server.url);
    const gif = await animation('gif', { frames: 3, width: 60, height: 40, delay: [100, 100, 100], loop: 0 });
    const res = await client.upload([{ name: 'clip.gif', data: gif }], { format: 'avif' });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({
      code: 'UNSUPPORTED_FEATURE',
      message: 'This GIF is an animation of 3 frames, and saved as AVIF it would keep only one of them: choose Keep original, WebP or Auto to keep every frame (as animated WebP)',
    });
  });

  it('a GIF no WebP makes smaller comes back as it came: a GIF named .gif, and no note claiming a conversion', async () => {
    const client = new HttpClient(server.url);
    const gif = tinyGif('a comment');
    const job = await uploadOne(client, 'blink.gif', gif);
    expect([job.outputMimeType, job.formatNote, job.animationFrames]).toEqual(['image/gif', null, 6]);
    expect(job.compressedSize).toBeLessThanOrEqual(gif.length);
    const res = await client.get(job.compressedPath!);
    expect(res.headers.get('content-disposition')).toContain('blink.gif');
    expect((await sharp(Buffer.from(await res.arrayBuffer()), { animated: true }).metadata()).pages).toBe(6);
  });

  it('an animated JPEG XL: kept as it came when no WebP is smaller, else every frame kept as animated WebP', async () => {
    const client = new HttpClient(server.url);
    // Made by cjxl from the APNG apng-delays.png: 5 frames shown for 100, 500, 1000, 500 and 1000 ms.
    const upload = readRealFile('jxl-animated-apng.jxl');
    const kept = await uploadOne(client, 'delays.jxl', upload, { format: 'original', mode: 'lossless' });
    expect([kept.mimeType, kept.outputMimeType, kept.animationFrames, kept.formatNote]).toEqual(['image/jxl', 'image/jxl', 5, null]);
    expect(kept.compressedSize).toBe(upload.length);
    await client.delete(`/api/jobs/${kept.id}`);
    const webp = await uploadOne(client, 'delays.jxl', upload, { format: 'webp' });
    expect([webp.outputMimeType, webp.animationFrames]).toEqual(['image/webp', 5]);
    const meta = await sharp(Buffer.from(await (await client.get(webp.compressedPath!)).arrayBuffer()), { animated: true }).metadata();
    expect([meta.pages, meta.delay]).toEqual([5, [100, 500, 1000, 500, 1000]]);
  });
});
