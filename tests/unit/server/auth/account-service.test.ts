// Accounts over a real database, file store and job service: sign-up and sign-in hand out a new session and move a
// guest's jobs into the account; failures give one answer whatever was wrong, and are throttled; deleting an
// account removes everything it owns. The codec is the outside edge and never runs: the queue is not started, so
// jobs stay pending, which is all these rules need.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { AccountService, normaliseEmail, toUserJson } from '#server/auth/account-service';
import { ApiKeyService } from '#server/auth/api-key-service';
import { LoginThrottle, type ThrottleLimits } from '#server/auth/login-throttle';
import { needsRehash, verifyPassword } from '#server/auth/passwords';
import { SessionService } from '#server/auth/session-service';
import { createBlobStore } from '#server/storage/create-store';
import { InProcessQueue } from '#server/jobs/in-process-queue';
import { JobRepository } from '#server/jobs/job-repository';
import { JobRunner } from '#server/jobs/job-runner';
import { JobService } from '#server/jobs/job-service';
import { AdmissionControl } from '#server/jobs/admission';
import { AdmissionRepository } from '#server/jobs/admission-repository';
import { FairUse } from '#server/fair-use/fair-use';
import { UsageRepository } from '#server/db/usage-repository';
import type { FileCompressor } from '#server/sandbox/protocol';
import type { Session } from '#server/auth/session-service';
import { compressSettingsSchema } from '#contract/settings-schema';
import { MESSAGES } from '#contract/messages';
import { hash } from '@node-rs/argon2';
import { MINUTE, expectDomainError, useAuthEnvironments } from './auth-environment';

const LIMITS: ThrottleLimits = { windowMs: 15 * MINUTE, perAccount: 3, perAddress: 6 };
const ADDRESS = '203.0.113.1';
const PASSWORD = 'correct horse 🐎 battery';

const registration = (email = 'ada@example.com') => ({ email, password: PASSWORD, firstName: 'Ada', lastName: 'Lovelace' });

describe('AccountService', () => {
  const { setup: setupEnv, cleanups } = useAuthEnvironments();

  async function setup(limits: ThrottleLimits = LIMITS) {
    const env = await setupEnv();
    const blobs = await createBlobStore({ kind: 'file' }, env.dir, path.join(env.dir, 'files'));
    const jobs = new JobRepository(env.db);
    const log = pino({ level: 'silent' });
    const codec: FileCompressor = {
      compressFile: () => Promise.reject(new Error('these tests never start the queue')),
    };
    const queue = new InProcessQueue(jobs, new JobRunner(jobs, blobs, codec, env.clock, log), env.clock, log, 1);
    cleanups.push(() => queue.stop(0));
    const admission = new AdmissionControl(new AdmissionRepository(env.db), { perOwner: 100, perGuestAddress: 100, total: 100 });
    const fairUse = new FairUse(new UsageRepository(env.db), env.clock, { requestsPerMinutePerKey: 100, requestsPerMinutePerUser: 100, imagesPerMonthPerKey: 100, imagesPerMonthPerUser: 100 });
    const jobService = new JobService(jobs, blobs, queue, env.clock, admission, fairUse);
    const sessions = new SessionService(env.db, env.clock);
    const throttle = new LoginThrottle(env.db, env.clock, limits);
    const accounts = new AccountService(env.users, sessions, jobs, jobService, throttle, env.clock);
    const apiKeys = new ApiKeyService(env.db, env.clock);

    /** Stores `count` uploads for the owner, as the upload route does for a guest or a user. */
    const upload = async (ownerId: string, count: number, guestAddress: string | null = null) => {
      const received = Array.from({ length: count }, (_, i) => {
        const tempFile = blobs.tempPath();
        fs.writeFileSync(tempFile, `${ownerId} file ${i}`);
        return { tempFile, filename: `photo-${i}.png`, size: 10, mimeType: 'image/png' };
      });
      const rows = await jobService.createJobs({ ownerId, guestAddress }, received, compressSettingsSchema.parse({}));
      return rows.map((r) => r.id);
    };
    const jobIdsOf = async (ownerId: string) => (await jobService.list(ownerId)).map((j) => j.id).sort();
    const guest = async () => (await sessions.createGuest(ADDRESS)).session;
    const login = (email: string, password: string, current: Session | null = null, address = ADDRESS) =>
      accounts.login({ email, password }, current, address);
    return { ...env, blobs, jobs, jobService, sessions, throttle, accounts, apiKeys, upload, jobIdsOf, guest, login };
  }

  describe('sign-up', () => {
    it('stores the account with a normalised email and an argon2id hash, and signs it in', async () => {
      const { clock, users, sessions, accounts } = await setup();

      const { user, issued } = await accounts.register(registration('  Ada.Lovelace@Example.COM'), null);

      expect(user).toMatchObject({ email: 'ada.lovelace@example.com', first_name: 'Ada', last_name: 'Lovelace', profile_image_url: null, created_at: clock.t });
      const stored = await users.findById(user.id);
      expect(stored).toEqual(user);
      expect(stored!.password_hash).not.toContain(PASSWORD);
      expect(await verifyPassword(stored!.password_hash, PASSWORD)).toBe(true);
      expect(needsRehash(stored!.password_hash)).toBe(false);
      const session = await sessions.resolve(issued.token);
      expect(session?.user_id).toBe(user.id);
      expect(await accounts.currentUser(session!)).toEqual(user);
    });

    it('refuses an email already taken, whatever its case or spacing, with EMAIL_TAKEN', async () => {
      const { db, accounts } = await setup();
      await accounts.register(registration('ada@example.com'), null);

      const err = await expectDomainError(accounts.register(registration(' ADA@example.com '), null), 'EMAIL_TAKEN');

      expect(err.message).toBe(MESSAGES.emailTaken);
      expect(await db.selectFrom('users').select('email').execute()).toEqual([{ email: 'ada@example.com' }]);
    });

    it("moves the guest's jobs, files and all, into the new account and replaces the guest's session", async () => {
      const { blobs, sessions, accounts, upload, jobIdsOf } = await setup();
      const { token: guestToken, session: current } = await sessions.createGuest(ADDRESS);
      const otherBrowser = await sessions.createGuest(ADDRESS);
      const guestJobs = await upload(current.guest_id, 2, ADDRESS);
      const otherJobs = await upload(otherBrowser.session.guest_id, 1, ADDRESS);

      const { user, issued } = await accounts.register(registration(), current);

      expect(await jobIdsOf(user.id)).toEqual([...guestJobs].sort());
      expect(await jobIdsOf(current.guest_id)).toEqual([]);
      for (const id of guestJobs) expect(await blobs.size('original', id)).not.toBeNull();
      expect(issued.session).toMatchObject({ user_id: user.id, guest_id: current.guest_id });
      expect(await sessions.resolve(issued.token)).not.toBeNull();
      expect(await sessions.resolve(guestToken)).toBeNull();
      // Another browser's guest behind the same address is someone else.
      expect(await jobIdsOf(otherBrowser.session.guest_id)).toEqual(otherJobs);
      expect(await sessions.resolve(otherBrowser.token)).not.toBeNull();
    });

    it('leaves a refused guest with its jobs and its session', async () => {
      const { sessions, accounts, upload, jobIdsOf } = await setup();
      await accounts.register(registration('ada@example.com'), null);
      const { token, session } = await sessions.createGuest(ADDRESS);
      const guestJobs = await upload(session.guest_id, 1, ADDRESS);

      await expectDomainError(accounts.register(registration('ada@example.com'), session), 'EMAIL_TAKEN');

      expect(await jobIdsOf(session.guest_id)).toEqual(guestJobs);
      expect(await sessions.resolve(token)).toEqual(session);
    });
  });

  describe('sign-in', () => {
    it('signs in with the right password, whatever the email\'s case or spacing, with a new session each time', async () => {
      const { sessions, accounts, login } = await setup();
      const { user } = await accounts.register(registration('ada@example.com'), null);

      const first = await login(' ADA@Example.com ', PASSWORD);
      const second = await login('ada@example.com', PASSWORD);

      expect(first.user.id).toBe(user.id);
      expect(second.issued.token).not.toBe(first.issued.token);
      expect((await sessions.resolve(first.issued.token))?.user_id).toBe(user.id);
      expect((await sessions.resolve(second.issued.token))?.user_id).toBe(user.id);
    });

    it("moves the guest's jobs in beside the account's own, and ends the guest session", async () => {
      const { sessions, accounts, upload, jobIdsOf, login } = await setup();
      const { user } = await accounts.register(registration(), null);
      const own = await upload(user.id, 1);
      const { token: guestToken, session: current } = await sessions.createGuest(ADDRESS);
      const guestJobs = await upload(current.guest_id, 2, ADDRESS);

      const { issued } = await login('ada@example.com', PASSWORD, current);

      expect(await jobIdsOf(user.id)).toEqual([...own, ...guestJobs].sort());
      expect(await jobIdsOf(current.guest_id)).toEqual([]);
      expect(await sessions.resolve(guestToken)).toBeNull();
      expect((await sessions.resolve(issued.token))?.guest_id).toBe(current.guest_id);
    });

    it("never hands one account's jobs to another when someone signed in signs in as someone else", async () => {
      const { sessions, accounts, upload, jobIdsOf, login } = await setup();
      const ada = await accounts.register(registration('ada@example.com'), null);
      const grace = await accounts.register(registration('grace@example.com'), null);
      const adasJobs = await upload(ada.user.id, 2);

      await login('grace@example.com', PASSWORD, ada.issued.session);

      expect(await jobIdsOf(ada.user.id)).toEqual([...adasJobs].sort());
      expect(await jobIdsOf(grace.user.id)).toEqual([]);
      expect(await sessions.resolve(ada.issued.token)).toBeNull();
    });

    it('gives the same BAD_CREDENTIALS answer for a wrong password and an unknown email, and changes nothing', async () => {
      const { sessions, accounts, upload, jobIdsOf, login } = await setup();
      await accounts.register(registration('ada@example.com'), null);
      const { token, session } = await sessions.createGuest(ADDRESS);
      const guestJobs = await upload(session.guest_id, 1, ADDRESS);

      const wrong = await expectDomainError(login('ada@example.com', 'not the password', session), 'BAD_CREDENTIALS');
      const unknown = await expectDomainError(login('nobody@example.com', PASSWORD, session), 'BAD_CREDENTIALS');

      expect(wrong.message).toBe(MESSAGES.invalidCredentials);
      expect(unknown.message).toBe(wrong.message);
      expect(await jobIdsOf(session.guest_id)).toEqual(guestJobs);
      expect(await sessions.resolve(token)).toEqual(session);
    });

    it('locks the account out after its limit of failures, even for the right password, until the window ends', async () => {
      const { clock, accounts, login } = await setup();
      await accounts.register(registration(), null);
      const start = clock.t;
      for (let i = 0; i < LIMITS.perAccount; i++) await expectDomainError(login('ada@example.com', `guess ${i}`), 'BAD_CREDENTIALS');
      clock.t = start + 5 * MINUTE;

      const locked = await expectDomainError(login('ada@example.com', PASSWORD), 'LOCKED_OUT');

      expect(locked.retryAfterSeconds).toBe(10 * 60);
      expect(locked.message).toMatch(/too many failed sign-in attempts/i);
      clock.t = start + 15 * MINUTE;
      await expect(login('ada@example.com', PASSWORD)).resolves.toBeTruthy();
    });

    it('locks out one address trying many accounts, but not the same accounts from elsewhere', async () => {
      const { accounts, login } = await setup();
      await accounts.register(registration(), null);
      for (let i = 0; i < LIMITS.perAddress; i++) await expectDomainError(login(`guess${i}@example.com`, PASSWORD), 'BAD_CREDENTIALS');

      await expectDomainError(login('ada@example.com', PASSWORD), 'LOCKED_OUT');
      await expect(login('ada@example.com', PASSWORD, null, '198.51.100.7')).resolves.toBeTruthy();
    });

    it('forgets earlier failures after a successful sign-in', async () => {
      const { accounts, login } = await setup();
      await accounts.register(registration(), null);
      for (let i = 0; i < LIMITS.perAccount - 1; i++) await expectDomainError(login('ada@example.com', `guess ${i}`), 'BAD_CREDENTIALS');
      await login('ada@example.com', PASSWORD);

      for (let i = 0; i < LIMITS.perAccount; i++) await expectDomainError(login('ada@example.com', `again ${i}`), 'BAD_CREDENTIALS');
      await expectDomainError(login('ada@example.com', PASSWORD), 'LOCKED_OUT');
    });

    it('upgrades a hash made with older parameters at sign-in, and leaves a current one alone', async () => {
      const { users, addUser, login } = await setup();
      const old = await hash(PASSWORD, { algorithm: 2, memoryCost: 4096, timeCost: 3, parallelism: 1 });
      const user = await addUser({ email: 'ada@example.com', password_hash: old });

      await login('ada@example.com', PASSWORD);

      const upgraded = (await users.findById(user.id))!.password_hash;
      expect(upgraded).not.toBe(old);
      expect(needsRehash(upgraded)).toBe(false);
      expect(await verifyPassword(upgraded, PASSWORD)).toBe(true);

      await login('ada@example.com', PASSWORD);
      expect((await users.findById(user.id))!.password_hash).toBe(upgraded);
    });

    it('keeps an old hash when the password was wrong', async () => {
      const { users, addUser, login } = await setup();
      const old = await hash(PASSWORD, { algorithm: 2, memoryCost: 4096, timeCost: 3, parallelism: 1 });
      const user = await addUser({ email: 'ada@example.com', password_hash: old });

      await expectDomainError(login('ada@example.com', 'not the password'), 'BAD_CREDENTIALS');

      expect((await users.findById(user.id))!.password_hash).toBe(old);
    });
  });

  describe('signed-in state', () => {
    it('signs out by ending that session only', async () => {
      const { sessions, accounts, login } = await setup();
      const { issued: first } = await accounts.register(registration(), null);
      const { issued: second } = await login('ada@example.com', PASSWORD);

      await accounts.logout(first.session);

      expect(await sessions.resolve(first.token)).toBeNull();
      expect(await sessions.resolve(second.token)).not.toBeNull();
    });

    it('knows no current user for a guest, or for a session whose account is gone', async () => {
      const { accounts, guest } = await setup();
      const { user, issued } = await accounts.register(registration(), null);

      expect(await accounts.currentUser(await guest())).toBeNull();
      expect((await accounts.currentUser(issued.session))?.id).toBe(user.id);
      await accounts.deleteAccount(user.id);
      expect(await accounts.currentUser(issued.session)).toBeNull();
    });

    it('exports the account with its jobs, and refuses once the account is gone', async () => {
      const { accounts, upload } = await setup();
      const { user } = await accounts.register(registration(), null);
      const jobIds = await upload(user.id, 2);

      const exported = await accounts.export(user.id);

      expect(exported.user).toEqual(user);
      expect(exported.jobs.map((j) => j.id).sort()).toEqual([...jobIds].sort());
      await accounts.deleteAccount(user.id);
      const err = await expectDomainError(accounts.export(user.id), 'UNAUTHENTICATED');
      expect(err.message).toBe(MESSAGES.unauthorized);
    });
  });

  describe('account deletion', () => {
    it('removes the account with its sessions, API keys, jobs, files and queue state, and nobody else\'s', async () => {
      const { db, blobs, jobService, sessions, accounts, apiKeys, upload, jobIdsOf, login } = await setup();
      const ada = await accounts.register(registration('ada@example.com'), null);
      const adaElsewhere = await login('ada@example.com', PASSWORD);
      const adaKey = await apiKeys.create(ada.user.id, { name: 'CI' });
      const adaJobs = await upload(ada.user.id, 2);
      await jobService.pause(ada.user.id);
      const grace = await accounts.register(registration('grace@example.com'), null);
      const graceKey = await apiKeys.create(grace.user.id, { name: 'CI' });
      const graceJobs = await upload(grace.user.id, 1);
      await jobService.pause(grace.user.id);

      await accounts.deleteAccount(ada.user.id);

      expect(await sessions.resolve(ada.issued.token)).toBeNull();
      expect(await sessions.resolve(adaElsewhere.issued.token)).toBeNull();
      expect(await apiKeys.resolve(adaKey.key)).toBeNull();
      expect(await db.selectFrom('api_keys').select('user_id').execute()).toEqual([{ user_id: grace.user.id }]);
      expect(await jobIdsOf(ada.user.id)).toEqual([]);
      for (const id of adaJobs) expect(await blobs.size('original', id)).toBeNull();
      expect(await db.selectFrom('owner_queue').select('owner_id').execute()).toEqual([{ owner_id: grace.user.id }]);
      await expectDomainError(login('ada@example.com', PASSWORD), 'BAD_CREDENTIALS');

      expect(await sessions.resolve(grace.issued.token)).not.toBeNull();
      expect(await apiKeys.resolve(graceKey.key)).not.toBeNull();
      expect(await jobIdsOf(grace.user.id)).toEqual(graceJobs);
      expect(await blobs.size('original', graceJobs[0]!)).not.toBeNull();
      expect(await jobService.isPaused(grace.user.id)).toBe(true);
    });

    it('frees the email for a new account', async () => {
      const { accounts, login } = await setup();
      const { user } = await accounts.register(registration(), null);

      await accounts.deleteAccount(user.id);
      const again = await accounts.register(registration(), null);

      expect(again.user.id).not.toBe(user.id);
      await expect(login('ada@example.com', PASSWORD)).resolves.toMatchObject({ user: { id: again.user.id } });
    });
  });

  it('shows a user without secrets, with the creation time as an ISO date', async () => {
    const { accounts } = await setup();
    const { user } = await accounts.register(registration(), null);

    expect(toUserJson(user)).toEqual({
      id: user.id,
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      profileImageUrl: null,
      createdAt: new Date(user.created_at).toISOString(),
    });
    expect(normaliseEmail('  Ada@Example.COM \t')).toBe('ada@example.com');
  });
});
