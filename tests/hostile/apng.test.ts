// Hostile animated PNGs over real HTTP: an acTL claiming a million frames is refused at upload (413, the limit
// named); the same bomb with a large chunk pushed in front of acTL (past what the upload reads) is refused by the codec
// from acTL before any frame is decoded; a frame outside the canvas and truncated frame data fail as damaged files,
// never a 5xx, and the server stays healthy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apng, textured } from '../support/animation';
import { HttpClient } from '../support/http-client';
import { waitForSettled } from '../support/jobs';
import { startServer, type TestServer } from '../support/server';
import { pngChunk } from './generators';

const LIMIT_MESSAGE = 'The animation is 100×100 pixels × 1000000 frames (10000 megapixels in all); the limit is 100 megapixels (width × height × frames)';
const frames = (n: number, side = 100) => Array.from({ length: n }, (_, k) => ({ rgba: textured(side, side, k), width: side, height: side, delay: 100 }));

describe('hostile APNG', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    await server.stop();
    server.cleanup();
  });

  async function settled(name: string, data: Buffer) {
    const client = new HttpClient(server.url);
    const res = await client.upload([{ name, data }]);
    expect(res.status, name).toBe(201);
    const [job] = await waitForSettled(client, 120_000);
    return job!;
  }

  it('refuses an acTL claiming a million frames at upload, naming the limit', async () => {
    const res = await new HttpClient(server.url).upload([{ name: 'bomb.png', data: await apng({ width: 100, height: 100, loop: 0 }, frames(2), 1_000_000) }]);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message: string }).message).toBe(LIMIT_MESSAGE);
  });

  it('refuses the same bomb hidden behind a large chunk in the codec, from acTL, before decoding', async () => {
    const bomb = await apng({ width: 100, height: 100, loop: 0 }, frames(2), 1_000_000);
    const afterIhdr = 8 + 25;
    const hidden = Buffer.concat([bomb.subarray(0, afterIhdr), pngChunk('tEXt', Buffer.concat([Buffer.from('Comment\0'), Buffer.alloc(64 * 1024, 0x41)])), bomb.subarray(afterIhdr)]);
    const job = await settled('hidden-bomb.png', hidden);
    expect(job.status).toBe('error');
    expect(job.error).toBe(LIMIT_MESSAGE);
  });

  it('fails a frame outside the canvas and truncated frame data as damaged files', async () => {
    const outside = await apng({ width: 40, height: 40, loop: 0 }, [...frames(1, 40), { rgba: textured(20, 20, 1), width: 20, height: 20, x: 30, y: 30, delay: 100 }]);
    const whole = await apng({ width: 40, height: 40, loop: 0 }, frames(2, 40));
    const truncated = whole.subarray(0, whole.indexOf('fdAT') + 40);
    for (const [name, data] of [['outside.png', outside], ['truncated.png', truncated]] as const) {
      const job = await settled(name, data);
      expect(job.status, name).toBe('error');
      expect(job.error, name).toMatch(/damaged|corrupt/i);
    }
  });
});
