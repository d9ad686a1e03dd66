// The rows the scale-out queue rebuilds Redis from: waiting and running jobs of owners that are not paused, grouped
// by owner in upload order (a job's position there is its fair-share rank).
import { describe, expect, it } from 'vitest';
import { BacklogRepository } from '#server/jobs/backlog-repository';
import { useJobEnvironments } from './harness';

describe('BacklogRepository', () => {
  const { setup: setupEnv } = useJobEnvironments();

  async function setup() {
    const env = await setupEnv();
    const backlog = new BacklogRepository(env.db);
    const t = env.clock.t;
    // Inserted out of order, so the ordering is the query's.
    const ids = {
      b2: await env.addJob({ id: 'b0000000-0000-4000-8000-000000000002', owner_id: 'b', created_at: t + 5 }),
      a2: await env.addJob({ id: 'a0000000-0000-4000-8000-000000000002', owner_id: 'a', created_at: t + 3, status: 'processing' }),
      // Same upload time as a2: the id breaks the tie.
      a1: await env.addJob({ id: 'a0000000-0000-4000-8000-000000000001', owner_id: 'a', created_at: t + 3 }),
      a0: await env.addJob({ id: 'a0000000-0000-4000-8000-000000000000', owner_id: 'a', created_at: t + 1 }),
      b1: await env.addJob({ id: 'b0000000-0000-4000-8000-000000000001', owner_id: 'b', created_at: t + 9, status: 'completed' }),
      b3: await env.addJob({ id: 'b0000000-0000-4000-8000-000000000003', owner_id: 'b', created_at: t + 2, status: 'error' }),
      p1: await env.addJob({ id: 'c0000000-0000-4000-8000-000000000001', owner_id: 'paused', created_at: t }),
      r1: await env.addJob({ id: 'd0000000-0000-4000-8000-000000000001', owner_id: 'resumed', created_at: t }),
    };
    await env.jobs.setPaused('paused', true, t);
    await env.jobs.setPaused('resumed', true, t);
    await env.jobs.setPaused('resumed', false, t);
    return { ...env, backlog, ids };
  }

  it("lists every unpaused owner's waiting and running jobs, by owner, then upload order", async () => {
    const { backlog, ids } = await setup();
    expect(await backlog.backlog()).toEqual([
      { id: ids.a0, owner_id: 'a', status: 'pending' },
      { id: ids.a1, owner_id: 'a', status: 'pending' },
      { id: ids.a2, owner_id: 'a', status: 'processing' },
      { id: ids.b2, owner_id: 'b', status: 'pending' },
      { id: ids.r1, owner_id: 'resumed', status: 'pending' },
    ]);
  });

  it('narrows to the given owners, and to nothing for an empty list', async () => {
    const { backlog, ids } = await setup();
    expect((await backlog.backlog(['b', 'paused'])).map((r) => r.id)).toEqual([ids.b2]);
    expect(await backlog.backlog([])).toEqual([]);
  });

  it('names the owners of the given jobs once each', async () => {
    const { backlog, ids } = await setup();
    expect((await backlog.ownersOf([ids.a0, ids.a1, ids.b1, 'not-a-job'])).sort()).toEqual(['a', 'b']);
    expect(await backlog.ownersOf([])).toEqual([]);
  });
});
