// Decoders inside the memory plan, over real HTTP: a 14 KB JPEG XL whose header says 4 MP but which holds 40 frames
// (160 MP decoded) is refused at upload with the numbers, as a GIF or APNG frame bomb is; so are a HEIC whose
// declared picture (its `ispe`) is over the limit and an animated WebP whose canvas alone is (also through Tinify's
// /shrink). A small JPEG XL
// animation is taken and compressed. The server stays healthy.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animation } from '../support/animation';
import { createKey, signedInUser } from '../support/api-keys';
import { heicFrom } from '../support/heic';
import { HttpClient } from '../support/http-client';
import { waitForSettled } from '../support/jobs';
import { corpusPath } from '../support/paths';
import { startServer, type TestServer } from '../support/server';

const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

/** Every `ispe` (image spatial extents) property of a HEIF file set to `width`×`height`, in place. */
function withExtents(heic: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(heic);
  for (let at = out.indexOf('ispe', 0, 'latin1'); at >= 0; at = out.indexOf('ispe', at + 4, 'latin1')) {
    out.writeUInt32BE(width, at + 8);
    out.writeUInt32BE(height, at + 12);
  }
  return out;
}

/** An animated WebP's container with its VP8X canvas set to `width`×`height` (frames untouched). */
function withCanvas(webp: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(webp);
  expect(out.toString('latin1', 12, 16)).toBe('VP8X');
  out.writeUIntLE(width - 1, 24, 3);
  out.writeUIntLE(height - 1, 27, 3);
  return out;
}

/** A RIFF chunk: type, little-endian size, payload, padding to an even length. */
const chunk = (type: string, payload: Buffer) => {
  const header = Buffer.alloc(8);
  header.write(type, 0, 'latin1');
  header.writeUInt32LE(payload.length, 4);
  return Buffer.concat([header, payload, Buffer.alloc(payload.length & 1)]);
};

describe('decoders inside the memory plan', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    await server.stop();
    server.cleanup();
  });

  const refusal = async (name: string, data: Buffer) => {
    const res = await new HttpClient(server.url).upload([{ name, data }]);
    expect(res.status, name).toBe(413);
    return ((await res.json()) as { message: string; code: string });
  };

  it('refuses a JPEG XL animation by all its frames at upload, with the numbers', async () => {
    const body = await refusal('anim.jxl', fixture('jxl-animation-2000x2000x40.jxl'));
    expect(body).toMatchObject({
      code: 'FILE_TOO_LARGE',
      message: 'The animation is 2000×2000 pixels × 40 frames (160 megapixels in all); the limit is 100 megapixels (width × height × frames)',
    });
  });

  it('takes and compresses a small JPEG XL animation', async () => {
    const client = new HttpClient(server.url);
    // As animated WebP, which keeps its frames (docs/decisions/0513-animated-jpeg-xl.md): every frame is decoded.
    const res = await client.upload([{ name: 'small.jxl', data: fixture('jxl-animation-160x120x6.jxl') }], { format: 'webp' });
    expect(res.status).toBe(201);
    const [job] = await waitForSettled(client, 120_000);
    expect(job!.status, job!.error ?? '').toBe('completed');
    expect(job!.animationFrames).toBe(6);
  });

  it('refuses a JPEG XL whose size header alone is over the limit', async () => {
    // A bare codestream: FF 0A, then the SizeHeader (bits least significant first): not small, height as 1 + u(30),
    // aspect ratio 1:1. Nothing after it: the frames cannot be counted, the size alone refuses it.
    const bits: number[] = [0, 1, 1, ...Array.from({ length: 30 }, (_, i) => ((100_000 - 1) >> i) & 1), 1, 0, 0];
    const bytes = Buffer.alloc(Math.ceil(bits.length / 8) + 16);
    bits.forEach((bit, i) => (bytes[i >> 3]! |= bit << (i & 7)));
    const body = await refusal('huge.jxl', Buffer.concat([Buffer.from([0xff, 0x0a]), bytes]));
    expect(body.message).toBe('The image is 100000×100000 pixels (10000 megapixels); the limit is 100 megapixels');
  });

  it('refuses a HEIC whose declared picture is over the limit, with the numbers', async () => {
    const huge = withExtents(heicFrom(corpusPath('photos', 'kodim23.png'), 50), 20_000, 20_000);
    const body = await refusal('huge.heic', huge);
    expect(body.message).toBe('The image is 20000×20000 pixels (400 megapixels); the limit is 100 megapixels');
  });

  it('refuses an animated WebP whose canvas alone is over the limit, one frame or more', async () => {
    const two = await animation('webp', { frames: 2, width: 64, height: 64, delay: [100, 100], loop: 0 });
    const body = await refusal('canvas.webp', withCanvas(two, 16_000, 16_000));
    expect(body.message).toBe('The animation is 16000×16000 pixels × 2 frames (512 megapixels in all); the limit is 100 megapixels (width × height × frames)');
    // One frame on a 16000×16000 canvas: the decoder fills the canvas all the same.
    const vp8x = Buffer.alloc(10);
    vp8x[0] = 0x02; // animation
    vp8x.writeUIntLE(16_000 - 1, 4, 3);
    vp8x.writeUIntLE(16_000 - 1, 7, 3);
    const body1 = Buffer.concat([Buffer.from('WEBP', 'latin1'), chunk('VP8X', vp8x), chunk('ANIM', Buffer.alloc(6)), chunk('ANMF', Buffer.alloc(64))]);
    const riff = Buffer.concat([Buffer.from('RIFF', 'latin1'), Buffer.alloc(4), body1]);
    riff.writeUInt32LE(body1.length, 4);
    expect((await refusal('one-frame.webp', riff)).message).toBe('The image is 16000×16000 pixels (256 megapixels); the limit is 100 megapixels');

    // The same canvas through Tinify's /shrink (the raw body): refused alike, before any work.
    const { key } = await createKey(await signedInUser(server.url));
    const shrink = await fetch(`${server.url}/shrink`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`api:${key}`).toString('base64')}` },
      body: new Uint8Array(withCanvas(two, 16_000, 16_000)),
    });
    expect(shrink.status).toBe(413);
    expect(((await shrink.json()) as { message: string }).message).toMatch(/^The animation is 16000×16000 pixels × 2 frames/);
  });
});
