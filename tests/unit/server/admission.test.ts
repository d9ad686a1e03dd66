// Admission ceilings counted by the real SQL on a real SQLite database: what counts against the total, the
// owner and the guest address, and that a refused upload inserts nothing.
import type { JobStatus } from '#contract/api';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '#server/db/database';
import { JobRepository } from '#server/jobs/job-repository';
import { AdmissionRepository } from '#server/jobs/admission-repository';
import { AdmissionControl } from '#server/jobs/admission';
import { DomainError } from '#server/errors';
import { STATUS_OF } from '#server/http/error-status';
import type { NewJob } from '#server/db/schema';

const row = (ownerId: string, status: JobStatus = 'pending', guestAddress: string | null = null): NewJob => ({
  id: randomUUID(),
  owner_id: ownerId,
  filename: 'a.png',
  mime_type: 'image/png',
  status,
  original_size: 3,
  compressed_size: null,
  original_width: null,
  original_height: null,
  compressed_width: null,
  compressed_height: null,
  quality: 80,
  compression_type: 'web',
  error: null,
  available_at: 0,
  lease_until: null,
  lease_token: null,
  created_at: 0,
  started_at: null,
  completed_at: null,
  expires_at: Date.now() + 3600_000,
  guest_address: guestAddress,
});

describe('admission control', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0)) await c();
  });

  async function setup(limits = { perOwner: 3, perGuestAddress: 4, total: 5 }) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'admission-'));
    const db: Db = await openDatabase({ databaseUrl: undefined, sqlitePath: path.join(dir, 'app.db') });
    cleanups.push(async () => {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    });
    const jobs = new JobRepository(db);
    const repo = new AdmissionRepository(db);
    return { jobs, repo, admission: new AdmissionControl(repo, limits) };
  }

  const refusalOf = async (p: Promise<unknown>) => {
    const err = await p.then(() => null, (e: unknown) => e);
    return err instanceof DomainError ? { status: STATUS_OF[err.code], code: err.code } : err;
  };

  it('counts only runnable work against the total: paused owners count against themselves alone', async () => {
    const { jobs, repo, admission } = await setup();
    for (const owner of ['p1', 'p2']) {
      await jobs.setPaused(owner, true, 0);
      await jobs.insertMany([row(owner), row(owner), row(owner, 'processing')]);
    }
    await jobs.insertMany([row('r1'), row('r1', 'processing'), row('r1', 'completed'), row('r1', 'error')]);
    expect(await repo.counts({ ownerId: 'p1', guestAddress: null })).toEqual({ owner: 3, address: 0, runnable: 2 });
    await expect(admission.check({ ownerId: 'new', guestAddress: null })).resolves.toBeUndefined();
    expect(await refusalOf(admission.check({ ownerId: 'p1', guestAddress: null }))).toEqual({ status: 429, code: 'OWNER_BACKLOG_FULL' });

    // Runnable work does fill the total: 2 + 3 = 5.
    await admission.insert({ ownerId: 'r2', guestAddress: null }, [row('r2'), row('r2'), row('r2')]);
    expect(await refusalOf(admission.check({ ownerId: 'new', guestAddress: null }))).toEqual({ status: 429, code: 'SERVER_BUSY' });
    // A paused owner resuming brings its jobs back into the count.
    await jobs.setPaused('p1', false, 0);
    expect((await repo.counts({ ownerId: 'x', guestAddress: null })).runnable).toBe(8);
  });

  it('shares one ceiling among guests of one address, and a refused insert writes nothing', async () => {
    const { jobs, repo, admission } = await setup();
    await admission.insert({ ownerId: 'g1', guestAddress: '10.0.0.1' }, [row('g1', 'pending', '10.0.0.1'), row('g1', 'pending', '10.0.0.1')]);
    await admission.insert({ ownerId: 'g2', guestAddress: '10.0.0.1' }, [row('g2', 'pending', '10.0.0.1'), row('g2', 'pending', '10.0.0.1')]);
    const third = [row('g3', 'pending', '10.0.0.1')];
    expect(await refusalOf(admission.insert({ ownerId: 'g3', guestAddress: '10.0.0.1' }, third))).toEqual({ status: 429, code: 'RATE_LIMITED' });
    expect(await jobs.findById(third[0]!.id)).toBeUndefined();
    // Another address, and a signed-in user on the same one, are not affected.
    await expect(admission.check({ ownerId: 'g4', guestAddress: '10.0.0.2' })).resolves.toBeUndefined();
    await expect(admission.check({ ownerId: 'user', guestAddress: null })).resolves.toBeUndefined();
    // Jobs moved into an account no longer count against the address.
    await jobs.transferOwner('g1', 'user');
    expect((await repo.counts({ ownerId: 'g3', guestAddress: '10.0.0.1' })).address).toBe(2);
  });
});
