// What a refused upload is told: each ceiling's code, message and Retry-After hint (the counting itself is pinned
// down in tests/unit/server/admission.test.ts), and that an upload of no rows is admitted without writing any.
import { describe, expect, it } from 'vitest';
import { AdmissionRepository } from '#server/jobs/admission-repository';
import { AdmissionControl } from '#server/jobs/admission';
import { useJobEnvironments } from './harness';

describe('admission refusals', () => {
  const { setup } = useJobEnvironments();

  async function refusalFor(limits: { perOwner: number; perGuestAddress: number; total: number }) {
    const { db } = await setup();
    const admission = new AdmissionControl(new AdmissionRepository(db), limits);
    const err = await admission.check({ ownerId: 'guest', guestAddress: '10.0.0.1' }).then(() => null, (e: unknown) => e);
    return err && { ...(err as object), message: (err as Error).message };
  }

  it('tells an owner with too much waiting to let it finish', async () => {
    expect(await refusalFor({ perOwner: 0, perGuestAddress: 9, total: 9 })).toMatchObject({
      code: 'OWNER_BACKLOG_FULL',
      message: 'You have many images waiting; please let them finish before uploading more.',
      retryAfterSeconds: 30,
    });
  });

  it('tells guests of a busy address to wait or sign in', async () => {
    expect(await refusalFor({ perOwner: 9, perGuestAddress: 0, total: 9 })).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Many images from your network are waiting; please let them finish, or sign in to upload more.',
      retryAfterSeconds: 60,
    });
  });

  it('tells everyone when the whole service is full', async () => {
    expect(await refusalFor({ perOwner: 9, perGuestAddress: 9, total: 0 })).toMatchObject({
      code: 'SERVER_BUSY',
      message: 'We are very busy right now; please try again in a minute.',
      retryAfterSeconds: 60,
    });
  });

  it('admits an empty upload without writing', async () => {
    const { db, jobs } = await setup();
    const repo = new AdmissionRepository(db);
    expect(await repo.insertIfAdmitted([], { ownerId: 'a', guestAddress: null }, () => null)).toBeNull();
    expect(await jobs.listByOwner('a')).toEqual([]);
  });
});
