// The command-line client's wait loop against a plain HTTP server standing in for ours: when long polls come back at
// once without a final job (the server's waiters are full), it pauses before the next poll, doubling the pause while
// answers stay early, instead of polling back to back and spending the key's per-minute allowance.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '#cli/client';

let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A server answering each poll at once: `pending` the first `early` times, then `completed`. */
async function answeringAtOnce(early: number): Promise<{ url: string; polls: () => number }> {
  let polls = 0;
  server = http.createServer((req, res) => {
    polls += 1;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ id: 'j', status: polls > early ? 'completed' : 'pending' }));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server!.address() as AddressInfo).port}`, polls: () => polls };
}

describe('the CLI wait loop', () => {
  it('pauses 1 s, 2 s, 4 s ... (at most 30 s) after polls that answer early, and not after the final answer', async () => {
    const { url, polls } = await answeringAtOnce(7);
    const pauses: number[] = [];
    const client = new ApiClient(url, 'key', async (ms) => {
      pauses.push(ms);
    });
    const job = await client.waitUntilFinal('j');
    expect(job.status).toBe('completed');
    expect(polls()).toBe(8);
    expect(pauses).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
  });

  it('does not pause after a poll that really waited', async () => {
    const { url } = await answeringAtOnce(3);
    const pauses: number[] = [];
    // A clock that moves 30 s during each request: every poll waited its full time.
    let t = 0;
    const client = new ApiClient(url, 'key', async (ms) => void pauses.push(ms), () => (t += 30_000));
    expect((await client.waitUntilFinal('j')).status).toBe('completed');
    expect(pauses).toEqual([]);
  });
});
