// The long-poll waiter: bounded per owner and in total (past the bound a request is answered at once), and every wait
// ends when the client goes away or the server stops.
import { describe, expect, it } from 'vitest';
import { JobWaiter, MAX_WAITERS_PER_OWNER } from '#server/jobs/job-waiter';
import type { JobRow } from '#server/db/schema';

const pending = { id: 'j', status: 'pending' } as JobRow;
const HOUR = 3_600_000;

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((r) => setImmediate(r));
}

describe('JobWaiter', () => {
  it('answers at once past the per-owner bound, and lets other owners wait', async () => {
    const waiter = new JobWaiter();
    const client = new AbortController();
    const waits = Array.from({ length: MAX_WAITERS_PER_OWNER }, () => waiter.wait('a', HOUR, async () => pending, client.signal));
    await until(() => waiter.waiting === MAX_WAITERS_PER_OWNER);
    // Would hang for an hour if the bound did not hold.
    expect(await waiter.wait('a', HOUR, async () => pending, client.signal)).toBe(pending);
    const other = waiter.wait('b', HOUR, async () => pending, client.signal);
    await until(() => waiter.waiting === MAX_WAITERS_PER_OWNER + 1);
    client.abort();
    await Promise.all([...waits, other]);
    expect(waiter.waiting).toBe(0);
  });

  it('returns the final row as soon as a read shows it, and stop() ends every wait', async () => {
    const waiter = new JobWaiter();
    let reads = 0;
    const done = { ...pending, status: 'completed' } as JobRow;
    const job = await waiter.wait('a', HOUR, async () => (++reads >= 2 ? done : pending), new AbortController().signal);
    expect(job).toBe(done);
    expect(reads).toBe(2);

    const hanging = waiter.wait('a', HOUR, async () => pending, new AbortController().signal);
    await until(() => waiter.waiting === 1);
    waiter.stop();
    expect(await hanging).toBe(pending);
    expect(waiter.waiting).toBe(0);
  });
});
