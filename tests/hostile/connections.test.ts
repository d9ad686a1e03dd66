// Idle and slow connections: every request has header, body and idle time limits, one address cannot hold more
// than its share of connections, and running out of file descriptors answers a retryable 503, never a 500.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { startServer, useServer } from '../support/server';
import { HttpClient, fileFrom } from '../support/http-client';
import { corpusPath } from '../support/paths';
import { waitFor, waitForSettled } from '../support/jobs';
import { filePart } from './raw-http';

const photo = () => fileFrom(corpusPath('photos', 'turbo-testorig.jpg'));

/** A connection from `localAddress` that sends `payload` (if any) and then nothing; `closed` settles when the server ends it. */
function idleSocket(port: number, localAddress: string, payload?: string) {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress });
  let data = '';
  socket.on('data', (d) => (data += d.toString()));
  socket.on('error', () => undefined);
  const connected = new Promise<void>((resolve) => {
    socket.once('connect', () => {
      if (payload) socket.write(payload);
      resolve();
    });
    socket.once('close', () => resolve());
  });
  const closed = new Promise<string>((resolve) => socket.once('close', () => resolve(data)));
  return { socket, connected, closed };
}

const postHead = (path: string, length: number) =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

describe('idle and slow connections', () => {
  const server = useServer({
    env: { HEADERS_TIMEOUT_SECONDS: '2', BODY_TIMEOUT_SECONDS: '2', IDLE_TIMEOUT_SECONDS: '3', MAX_CONNECTIONS_PER_ADDRESS: '60' },
  });

  it('closes every socket of a 2,000-socket idle flood while another address uploads', { timeout: 90_000 }, async () => {
    const kinds = [
      undefined, // connects and says nothing
      postHead('/api/login', 50) + '{"email":', // a JSON body that stops half-way
      postHead('/api/queue/pause', 100), // headers, then no body at all
    ];
    const flood = Array.from({ length: 2000 }, (_, i) => idleSocket(server.port, '127.0.0.2', kinds[i % kinds.length]));
    await Promise.all(flood.map((s) => s.connected));
    // And from another address, JSON bodies dripped a byte at a time: busy enough for the idle limit, never done.
    const drips = Array.from({ length: 10 }, () => idleSocket(server.port, '127.0.0.4', postHead('/api/login', 200) + '{'));
    await Promise.all(drips.map((s) => s.connected));
    const dripper = setInterval(() => drips.forEach((s) => s.socket.writable && s.socket.write(' ')), 250);

    // Another client uploads and gets its result while the flood is open.
    const other = new HttpClient(server.url, { localAddress: '127.0.0.3' });
    const up = await other.upload([photo()]);
    expect(up.status).toBe(201);
    expect((await waitForSettled(other)).map((j) => j.status)).toEqual(['completed']);

    // Every flood socket is ended by the server: past the per-address bound at once, the rest by the header,
    // body or idle limit. A cut JSON body gets a 408 with a JSON message.
    const answers = await Promise.all(flood.map((s) => s.closed));
    const timedOut = answers.filter((a) => a.startsWith('HTTP/1.1 408'));
    expect(timedOut.length).toBeGreaterThan(0);
    expect(timedOut.some((a) => /"message":"The request body took too long/.test(a))).toBe(true);
    expect(answers.every((a) => a === '' || a.startsWith('HTTP/1.1 408'))).toBe(true);
    const dripped = await Promise.all(drips.map((s) => s.closed));
    clearInterval(dripper);
    expect(dripped.every((a) => a.startsWith('HTTP/1.1 408'))).toBe(true);
  });
});

describe('connections per address', () => {
  it('refuses connections past the bound for that address only, and admits again once one closes', async () => {
    const server = await startServer({ env: { MAX_CONNECTIONS_PER_ADDRESS: '5' } });
    const health = 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';
    const answered = (s: ReturnType<typeof idleSocket>) =>
      new Promise<string>((resolve) => {
        let data = '';
        s.socket.on('data', (d) => {
          data += d.toString();
          if (data.includes('\r\n\r\n')) resolve(data);
        });
        s.socket.once('close', () => resolve(data));
      });
    const held: ReturnType<typeof idleSocket>[] = [];
    try {
      for (let i = 0; i < 5; i++) {
        const s = idleSocket(server.port, '127.0.0.6', health);
        held.push(s);
        expect(await answered(s)).toMatch(/^HTTP\/1\.1 200/);
      }
      // Five keep-alive connections are open for 127.0.0.6: a sixth is closed unread.
      const sixth = idleSocket(server.port, '127.0.0.6', health);
      expect(await sixth.closed).toBe('');
      // Another address is not affected.
      const other = idleSocket(server.port, '127.0.0.7', health);
      expect(await answered(other)).toMatch(/^HTTP\/1\.1 200/);
      other.socket.destroy();
      // Once one of the five closes, the address may connect again.
      held.shift()!.socket.destroy();
      await waitFor(async () => {
        const again = idleSocket(server.port, '127.0.0.6', health);
        const reply = await answered(again);
        again.socket.destroy();
        return /^HTTP\/1\.1 200/.test(reply);
      }, 30_000, 'a new connection to be admitted');
    } finally {
      for (const s of held) s.socket.destroy();
      await server.stop();
      server.cleanup();
    }
  });
});

describe('out of file descriptors', () => {
  it('answers an upload with 503, Retry-After and a JSON message, and recovers when descriptors free up', { timeout: 90_000 }, async () => {
    // One address may hold any number of connections here: the flood must reach the descriptor limit.
    const server = await startServer({ env: { MAX_CONNECTIONS_PER_ADDRESS: '100000' } });
    const flood: ReturnType<typeof idleSocket>[] = [];
    try {
      const pid = server.process.pid!;
      const guest = new HttpClient(server.url);
      expect((await guest.get('/api/jobs')).status).toBe(200);
      // The upload's connection is open before descriptors run out; the temp file it needs is not.
      const keep = idleSocket(server.port, '127.0.0.1');
      await keep.connected;
      const fds = () => fs.readdirSync(`/proc/${pid}/fd`).length;
      const limit = fds() + 20;
      execFileSync('prlimit', ['--pid', String(pid), `--nofile=${limit}:${limit}`]);
      for (let i = 0; i < 60; i++) flood.push(idleSocket(server.port, '127.0.0.2'));
      await waitFor(async () => fds() >= limit - 1, 30_000, 'the server to run out of descriptors');

      const boundary = 'FDS';
      const body = Buffer.concat([filePart(boundary, 'images', 'a.jpg', photo().data), Buffer.from(`--${boundary}--\r\n`)]);
      keep.socket.write(
        `POST /api/compress HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${guest.cookie}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\n` +
          `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
      );
      keep.socket.write(body);
      const answer = await keep.closed;
      expect(answer).toMatch(/^HTTP\/1\.1 503/);
      expect(answer).toMatch(/\r\nretry-after: \d+\r\n/i);
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ code: 'SERVER_OVERLOADED', message: expect.stringMatching(/overloaded/) });

      for (const s of flood) s.socket.destroy();
      await waitFor(async () => fds() < limit - 10, 30_000, 'descriptors to be freed');
      expect((await guest.upload([photo()])).status).toBe(201);
    } finally {
      for (const s of flood) s.socket.destroy();
      await server.stop();
      server.cleanup();
    }
  });
});
