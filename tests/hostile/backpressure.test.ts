// Backpressure and slow clients: long queues answer 429 with Retry-After before storing anything;
// clients dribbling headers or bodies are cut off while everyone else is served.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useServer } from '../support/server';
import { HttpClient, fileFrom } from '../support/http-client';
import { corpusPath } from '../support/paths';
import { storedFiles } from '../support/jobs';

const tiny = () => fileFrom(corpusPath('png', 'pngsuite', 'basn0g08.png'));

describe('backpressure and slow clients', () => {
  const server = useServer({
      env: {
        ADMISSION_PER_OWNER: '3',
        ADMISSION_TOTAL: '5',
        HEADERS_TIMEOUT_SECONDS: '2',
        UPLOAD_MIN_BYTES_PER_SECOND: '1000',
        UPLOAD_RATE_GRACE_SECONDS: '2',
      },
    });

  // The total ceiling counts only runnable work (tests/unit/server/admission.test.ts); paused queues beyond it
  // lock no one out (tests/api/admission.test.ts).
  it('refuses uploads with 429 and Retry-After once an owner has too much waiting, before storing anything', async () => {
    const a = new HttpClient(server.url);
    const b = new HttpClient(server.url);
    for (const client of [a, b]) await client.post('/api/queue/pause');
    expect((await a.upload([tiny(), tiny(), tiny()])).status).toBe(201);
    const originals = async () => (await storedFiles(server.dataDir)).filter((f) => f.startsWith('original/')).length;
    const stored = await originals();

    const perOwner = await a.upload([tiny()]);
    expect(perOwner.status).toBe(429);
    expect(Number(perOwner.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await perOwner.json()).toMatchObject({ message: expect.stringMatching(/waiting/), code: 'OWNER_BACKLOG_FULL' });
    expect(await originals()).toBe(stored);

    // Another owner is not held up by the first one's parked jobs (3 + 3 is past the total of 5: paused work
    // does not count against it).
    expect((await b.upload([tiny(), tiny(), tiny()])).status).toBe(201);
    expect(await originals()).toBe(stored + 3);
    expect(fs.readdirSync(path.join(server.dataDir, 'files', 'tmp'))).toEqual([]);

    // Once the queue drains, uploads are welcome again.
    await a.post('/api/queue/clear');
    expect((await a.upload([tiny()])).status).toBe(201);
    for (const client of [a, b]) await client.delete('/api/jobs');
  });

  const openSocket = () =>
    new Promise<net.Socket>((resolve) => {
      const s = net.connect(server.port, '127.0.0.1', () => resolve(s));
    });
  const closedWithin = (socket: net.Socket, ms: number) =>
    new Promise<{ closed: boolean; data: string }>((resolve) => {
      let data = '';
      socket.on('data', (d) => (data += d.toString()));
      const t = setTimeout(() => resolve({ closed: false, data }), ms);
      socket.on('close', () => {
        clearTimeout(t);
        resolve({ closed: true, data });
      });
      socket.on('error', () => undefined);
    });

  it('cuts off a client that dribbles its headers, while others are served', async () => {
    const slow = await openSocket();
    slow.write('GET /api/jobs HTTP/1.1\r\nHost: x\r\n');
    const dribble = setInterval(() => slow.writable && slow.write('X'), 300);
    const outcome = closedWithin(slow, 10_000);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    const { closed, data } = await outcome;
    clearInterval(dribble);
    expect(closed).toBe(true);
    expect(data === '' || data.startsWith('HTTP/1.1 408')).toBe(true);
  });

  it('cuts off an upload body trickling in at a few bytes per second, and cleans up', async () => {
    const client = new HttpClient(server.url);
    await client.get('/api/jobs');
    const slow = await openSocket();
    const boundary = 'SLOW';
    slow.write(
      `POST /api/compress HTTP/1.1\r\nHost: x\r\nCookie: ${client.cookie}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 100000\r\n\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="slow.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n`,
    );
    const trickle = setInterval(() => slow.writable && slow.write('abcde'), 1000);
    const outcome = closedWithin(slow, 15_000);
    // Others keep being served meanwhile.
    for (let i = 0; i < 3; i++) expect((await new HttpClient(server.url).get('/api/queue/status')).status).toBe(200);
    const { closed, data } = await outcome;
    clearInterval(trickle);
    expect(closed).toBe(true);
    expect(data).toMatch(/^HTTP\/1\.1 408/);
    expect(data).toContain('too slow');
    expect(fs.readdirSync(path.join(server.dataDir, 'files', 'tmp'))).toEqual([]);
  });
});
