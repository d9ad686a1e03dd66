// The job table's queue queries on real SQLite, where the queue and runner tests do not already pin them down: what
// is runnable and in which order, the conditional lease writes, and the per-owner queue state.
import { describe, expect, it } from 'vitest';
import { useJobEnvironments } from './harness';

describe('JobRepository', () => {
  const { setup } = useJobEnvironments();

  it('writes nothing for an empty batch', async () => {
    const { jobs } = await setup();
    await expect(jobs.insertMany([])).resolves.toBeUndefined();
    expect(await jobs.listByOwner('owner')).toEqual([]);
  });

  it("names each owner with due, unpaused work once, with the upload time of its oldest such job", async () => {
    const { clock, jobs, addJob } = await setup();
    const t = clock.t;
    await addJob({ owner_id: 'a', created_at: t + 5 });
    await addJob({ owner_id: 'a', created_at: t + 2 });
    await addJob({ owner_id: 'a', created_at: t + 1, status: 'completed' });
    await addJob({ owner_id: 'later', available_at: t + 1 });
    await addJob({ owner_id: 'paused' });
    await jobs.setPaused('paused', true, t);

    expect(await jobs.runnableOwners(t)).toEqual([{ owner_id: 'a', oldest: t + 2 }]);
    expect((await jobs.runnableOwners(t + 1)).map((o) => o.owner_id).sort()).toEqual(['a', 'later']);
  });

  it("picks an owner's oldest due job, the id breaking ties, and nothing when none is due", async () => {
    const { clock, jobs, addJob } = await setup();
    const t = clock.t;
    await addJob({ id: 'b0000000-0000-4000-8000-000000000000', created_at: t });
    const first = await addJob({ id: 'a0000000-0000-4000-8000-000000000000', created_at: t });
    await addJob({ created_at: t - 10, available_at: t + 1000 });

    expect(await jobs.nextRunnableJobOf('owner', t)).toBe(first);
    expect(await jobs.nextRunnableJobOf('nobody', t)).toBeUndefined();
  });

  it('renews a lease only for the worker that holds it', async () => {
    const { clock, jobs, addJob } = await setup();
    const id = await addJob();
    await jobs.claim(id, 'mine', clock.t + 1000, clock.t);

    expect(await jobs.renewLease(id, 'theirs', clock.t + 9000)).toBe(false);
    expect(await jobs.renewLease(id, 'mine', clock.t + 5000)).toBe(true);
    expect((await jobs.findById(id))!.lease_until).toBe(clock.t + 5000);
  });

  it('returns the ids it put back in the queue', async () => {
    const { clock, jobs, addJob } = await setup();
    const lapsed = await addJob({ status: 'processing', lease_token: 'x', lease_until: clock.t - 1 });
    const live = await addJob({ status: 'processing', lease_token: 'y', lease_until: clock.t + 1 });
    await addJob();

    expect(await jobs.requeueInterrupted(clock.t, true, [live])).toEqual([lapsed]);
    expect(await jobs.requeueInterrupted(clock.t, false)).toEqual([live]);
  });

  it("forgets one owner's queue state, and moves a guest's jobs and pause away when the guest signs in", async () => {
    const { clock, jobs, addJob } = await setup();
    for (const owner of ['a', 'b', 'guest']) await jobs.setPaused(owner, true, clock.t);
    const id = await addJob({ owner_id: 'guest', guest_address: '10.0.0.1' });

    await jobs.deleteOwnerQueueState('a');
    expect([await jobs.isPaused('a'), await jobs.isPaused('b')]).toEqual([false, true]);

    await jobs.transferOwner('guest', 'user');
    expect(await jobs.findById(id)).toMatchObject({ owner_id: 'user', guest_address: null });
    expect(await jobs.isPaused('guest')).toBe(false);
    expect(await jobs.isPaused('b')).toBe(true);
  });
});
