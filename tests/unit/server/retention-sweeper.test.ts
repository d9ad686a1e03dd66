// The sweeper keeps the 24-hour promise against a real SQLite database and a real file store.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '#server/db/database';
import { JobRepository } from '#server/jobs/job-repository';
import { createBlobStore } from '#server/storage/create-store';
import { SessionService } from '#server/auth/session-service';
import { LoginThrottle } from '#server/auth/login-throttle';
import { RetentionSweeper } from '#server/retention/sweeper';
import type { NewJob } from '#server/db/schema';

const DAY = 24 * 3600_000;

describe('RetentionSweeper', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0)) await c();
  });

  async function setup() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sweeper-'));
    const clock = { t: Date.now(), now() { return this.t; } };
    const db: Db = await openDatabase({ databaseUrl: undefined, sqlitePath: path.join(dir, 'app.db') });
    const blobs = await createBlobStore({ kind: 'file' }, dir, path.join(dir, 'files'));
    const jobs = new JobRepository(db);
    const sweeper = new RetentionSweeper(jobs, blobs, new SessionService(db, clock), new LoginThrottle(db, clock), clock, 60_000, (e) => {
      throw e;
    });
    cleanups.push(async () => {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    });
    const addJob = async (createdAt: number) => {
      const id = randomUUID();
      const row: NewJob = {
        id,
        owner_id: 'owner',
        filename: 'a.png',
        mime_type: 'image/png',
        status: 'completed',
        original_size: 3,
        compressed_size: 2,
        original_width: 1,
        original_height: 1,
        compressed_width: 1,
        compressed_height: 1,
        quality: 80,
        compression_type: 'web',
        error: null,
        available_at: createdAt,
        lease_until: null,
        lease_token: null,
        created_at: createdAt,
        started_at: createdAt,
        completed_at: createdAt,
        expires_at: createdAt + DAY,
      };
      await jobs.insertMany([row]);
      for (const kind of ['original', 'result'] as const) {
        const temp = blobs.tempPath();
        fs.writeFileSync(temp, kind);
        await blobs.commit(temp, kind, id);
      }
      return id;
    };
    return { clock, db, blobs, jobs, sweeper, addJob };
  }

  it('deletes expired jobs and both of their files, and keeps younger ones', async () => {
    const { clock, blobs, jobs, sweeper, addJob } = await setup();
    const old = await addJob(clock.t - DAY - 1000);
    const young = await addJob(clock.t - DAY + 60_000);

    const report = await sweeper.sweep();

    expect(report.expiredJobs).toBe(1);
    expect([...(await jobs.existingIds([old, young]))]).toEqual([young]);
    expect(fs.existsSync(blobs.pathOf('original', old))).toBe(false);
    expect(fs.existsSync(blobs.pathOf('result', old))).toBe(false);
    expect(fs.existsSync(blobs.pathOf('result', young))).toBe(true);
  });

  it('removes the files before the row, so a job gone from the list never still has files on disk', async () => {
    const { clock, blobs, jobs, sweeper, addJob } = await setup();
    const id = await addJob(clock.t - DAY - 1000);
    const rowPresentAtRemoval: boolean[] = [];
    const remove = blobs.remove.bind(blobs);
    blobs.remove = async (blobId: string) => {
      rowPresentAtRemoval.push((await jobs.existingIds([blobId])).has(blobId));
      await remove(blobId);
    };

    await sweeper.sweep();

    expect(rowPresentAtRemoval).toEqual([true]);
    expect((await jobs.existingIds([id])).size).toBe(0);
  });

  it('leaves a row whose expiry moved forward between selection and deletion', async () => {
    const { clock, jobs, addJob } = await setup();
    const id = await addJob(clock.t - DAY - 1000);
    const ids = await jobs.expiredIds(clock.t);
    expect(ids).toEqual([id]);
    // A clock stepping back (or any later writer) makes the row live again: the guarded delete must not take it.
    await jobs.deleteExpiredByIds(ids, clock.t - 2 * DAY);
    expect((await jobs.existingIds([id])).size).toBe(1);
  });
});
