// Admission control against the paused-queue denial of service: jobs parked in paused queues count only against
// their owner, guests from one address share one ceiling, and ceilings hold when uploads arrive all at once.
import { describe, expect, it } from 'vitest';
import { useServer } from '../support/server';
import { HttpClient, fileFrom } from '../support/http-client';
import { corpusPath } from '../support/paths';
import { waitForSettled } from '../support/jobs';

const tiny = () => fileFrom(corpusPath('png', 'pngsuite', 'basn0g08.png'));

describe('admission control', () => {
  // Ceilings far below the defaults so a few uploads reach them: 3 per owner, 7 per guest address, 4 runnable.
  const server = useServer({ env: { ADMISSION_PER_OWNER: '3', ADMISSION_GUEST_PER_ADDRESS: '7', ADMISSION_TOTAL: '4' } });
  const from = (address: string) => new HttpClient(server.url, { localAddress: address });

  it('jobs parked in paused queues beyond the total ceiling lock no one else out; one address hits its own ceiling', async () => {
    // Guests on one address pause and park 3 + 3 jobs: more than the whole service's ceiling of 4.
    const parkers = [from('127.0.0.2'), from('127.0.0.2')];
    for (const g of parkers) {
      expect((await g.post('/api/queue/pause')).status).toBe(200);
      expect((await g.upload([tiny(), tiny(), tiny()])).status).toBe(201);
    }
    // A third guest from that address may add one upload (6 < 7), then the address is full.
    const third = from('127.0.0.2');
    await third.post('/api/queue/pause');
    expect((await third.upload([tiny()])).status).toBe(201);
    const refused = await third.upload([tiny()]);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/network/) });
    // So is a brand-new guest from the same address.
    expect((await from('127.0.0.2').upload([tiny()])).status).toBe(429);

    // A guest and a signed-in user elsewhere upload as usual, and their jobs complete.
    const guest = from('127.0.0.3');
    expect((await guest.upload([tiny()])).status).toBe(201);
    const user = from('127.0.0.4');
    const email = `admission-${Date.now()}@example.com`;
    expect((await user.post('/api/register', { email, password: 'secret-password', firstName: 'A', lastName: 'B' })).status).toBe(201);
    expect((await user.upload([tiny(), tiny()])).status).toBe(201);
    for (const c of [guest, user]) expect((await waitForSettled(c)).map((j) => j.status)).toEqual(c === guest ? ['completed'] : ['completed', 'completed']);

    for (const c of [...parkers, third]) expect((await c.delete('/api/jobs')).status).toBe(200);
  });

  it('holds the per-owner ceiling when many uploads arrive at once', async () => {
    const owner = from('127.0.0.5');
    await owner.post('/api/queue/pause');
    expect((await owner.get('/api/jobs')).status).toBe(200);
    // 8 single-file uploads at once: the ceiling of 3 is counted with each insert, so exactly 3 get in.
    const results = await Promise.all(Array.from({ length: 8 }, () => owner.upload([tiny()])));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429, 429, 429]);
    const status = (await (await owner.get('/api/queue/status')).json()) as { pending: number };
    expect(status.pending).toBe(3);
    await owner.delete('/api/jobs');
  });
});
