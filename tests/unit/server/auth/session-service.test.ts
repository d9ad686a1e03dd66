// Sessions over a real database: the cookie token is never stored (only its hash, decision 0007), sessions end by
// idleness or age on the injected clock, and new guest sessions are limited per client address (decision 0103).
import { describe, expect, it } from 'vitest';
import {
  GUEST_SESSION_LIMIT_MESSAGE,
  SessionService,
  ownerOf,
  type GuestSessionLimit,
} from '#server/auth/session-service';
import { hashToken } from '#server/auth/tokens';
import { DAY, MINUTE, SECOND, expectDomainError, useAuthEnvironments } from './auth-environment';

describe('SessionService', () => {
  const { setup: setupEnv } = useAuthEnvironments();

  async function setup(guestLimit?: GuestSessionLimit) {
    const env = await setupEnv();
    const sessions = new SessionService(env.db, env.clock, guestLimit);
    const storedRows = () => env.db.selectFrom('sessions').selectAll().execute();
    return { ...env, sessions, storedRows };
  }

  describe('guest sessions', () => {
    it('stores only the hash of the token it hands out, and resolves the token to that row', async () => {
      const { clock, sessions, storedRows } = await setup();

      const { token, session } = await sessions.createGuest('203.0.113.1');

      expect(session).toEqual({ id: hashToken(token), user_id: null, guest_id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
      const rows = await storedRows();
      expect(rows).toEqual([{ ...session, created_at: clock.t, last_seen_at: clock.t, expires_at: clock.t + 7 * DAY }]);
      expect(JSON.stringify(rows)).not.toContain(token);
      expect(await sessions.resolve(token)).toEqual(session);
    });

    it('gives every guest a token and owner id of its own', async () => {
      const { sessions } = await setup();

      const a = await sessions.createGuest('203.0.113.1');
      const b = await sessions.createGuest('203.0.113.1');

      expect(b.token).not.toBe(a.token);
      expect(b.session.guest_id).not.toBe(a.session.guest_id);
      expect((await sessions.resolve(a.token))?.guest_id).toBe(a.session.guest_id);
      expect((await sessions.resolve(b.token))?.guest_id).toBe(b.session.guest_id);
    });

    it('resolves nothing for a missing, unknown or oversized token', async () => {
      const { sessions } = await setup();
      const { token } = await sessions.createGuest('203.0.113.1');

      expect(await sessions.resolve(undefined)).toBeNull();
      expect(await sessions.resolve('')).toBeNull();
      expect(await sessions.resolve(`${token.slice(0, -1)}x`)).toBeNull();
      expect(await sessions.resolve(hashToken(token))).toBeNull();
      expect(await sessions.resolve(token.repeat(3))).toBeNull();
    });

    it('ends after two idle days, and deletes the row', async () => {
      const { clock, sessions, storedRows } = await setup();
      const { token } = await sessions.createGuest('203.0.113.1');
      const start = clock.t;

      clock.t = start + 2 * DAY - 1;
      expect(await sessions.resolve(token)).not.toBeNull();
      clock.t += 2 * DAY;
      expect(await sessions.resolve(token)).toBeNull();
      expect(await storedRows()).toEqual([]);
      clock.t = start;
      expect(await sessions.resolve(token)).toBeNull();
    });

    it('stays alive while used, and ends seven days after it began however busy it is', async () => {
      const { clock, sessions, storedRows } = await setup();
      const { token } = await sessions.createGuest('203.0.113.1');
      expect((await storedRows())[0]?.expires_at).toBe(clock.t + 7 * DAY);
      const start = clock.t;

      for (let day = 1; day < 7; day++) {
        clock.t = start + day * DAY;
        expect(await sessions.resolve(token)).not.toBeNull();
      }
      clock.t = start + 7 * DAY - 1;
      expect(await sessions.resolve(token)).not.toBeNull();
      clock.t = start + 7 * DAY;
      expect(await sessions.resolve(token)).toBeNull();
    });

    it('writes the last-seen time at most once a minute', async () => {
      const { clock, sessions, storedRows } = await setup();
      const { token } = await sessions.createGuest('203.0.113.1');
      const start = clock.t;

      clock.t = start + MINUTE - 1;
      expect(await sessions.resolve(token)).not.toBeNull();
      expect((await storedRows())[0]?.last_seen_at).toBe(start);
      clock.t = start + MINUTE;
      expect(await sessions.resolve(token)).not.toBeNull();
      expect((await storedRows())[0]?.last_seen_at).toBe(start + MINUTE);
    });
  });

  describe('the limit of new guest sessions per address', () => {
    const limit: GuestSessionLimit = { perAddress: 2, windowMs: MINUTE };

    it('refuses new guests from an address past its limit, with the time until the window ends', async () => {
      const { clock, sessions, storedRows } = await setup(limit);
      const start = clock.t;
      await sessions.createGuest('203.0.113.1');
      await sessions.createGuest('203.0.113.1');
      clock.t = start + 20 * SECOND;

      const err = await expectDomainError(sessions.createGuest('203.0.113.1'), 'RATE_LIMITED');

      expect(err.message).toBe(GUEST_SESSION_LIMIT_MESSAGE);
      expect(err.retryAfterSeconds).toBe(40);
      expect(await storedRows()).toHaveLength(2);
    });

    it('lets other addresses in, and the same address again once the window ends', async () => {
      const { clock, sessions } = await setup(limit);
      const start = clock.t;
      await sessions.createGuest('203.0.113.1');
      await sessions.createGuest('203.0.113.1');

      await expect(sessions.createGuest('198.51.100.7')).resolves.toBeTruthy();
      clock.t = start + MINUTE;
      await expect(sessions.createGuest('203.0.113.1')).resolves.toBeTruthy();
    });

    it('is a hundred per address per fifteen minutes by default', async () => {
      const { clock, sessions } = await setup();
      for (let i = 0; i < 100; i++) await sessions.createGuest('203.0.113.1');

      await expectDomainError(sessions.createGuest('203.0.113.1'), 'RATE_LIMITED');
      clock.t += 15 * MINUTE;
      await expect(sessions.createGuest('203.0.113.1')).resolves.toBeTruthy();
    });
  });

  describe('the unsaved guest of a visitor who has done nothing yet', () => {
    it('is a fresh owner with nothing stored, which no token resolves to', async () => {
      const { sessions, storedRows } = await setup();

      const a = sessions.unsavedGuest();
      const b = sessions.unsavedGuest();

      expect(a).toMatchObject({ id: '', user_id: null });
      expect(a.guest_id).toMatch(/^[0-9a-f-]{36}$/);
      expect(b.guest_id).not.toBe(a.guest_id);
      expect(await storedRows()).toEqual([]);
      expect(await sessions.resolve('')).toBeNull();
    });
  });

  describe('user sessions', () => {
    it('replaces the guest session with a new token that keeps the guest id, so no token is fixed across sign-in', async () => {
      const { clock, sessions, addUser, storedRows } = await setup();
      const user = await addUser();
      const guest = await sessions.createGuest('203.0.113.1');

      const signedIn = await sessions.createForUser(user.id, guest.session);

      expect(signedIn.token).not.toBe(guest.token);
      expect(signedIn.session).toMatchObject({ id: hashToken(signedIn.token), user_id: user.id, guest_id: guest.session.guest_id });
      expect(await sessions.resolve(guest.token)).toBeNull();
      expect(await sessions.resolve(signedIn.token)).toEqual(signedIn.session);
      expect(await storedRows()).toEqual([{ ...signedIn.session, created_at: clock.t, last_seen_at: clock.t, expires_at: clock.t + 30 * DAY }]);
    });

    it('gets a fresh guest id when there was no session before', async () => {
      const { sessions, addUser } = await setup();
      const user = await addUser();

      const a = await sessions.createForUser(user.id, null);
      const b = await sessions.createForUser(user.id, null);

      expect(a.session.user_id).toBe(user.id);
      expect(b.session.guest_id).not.toBe(a.session.guest_id);
      expect(await sessions.resolve(a.token)).not.toBeNull();
      expect(await sessions.resolve(b.token)).not.toBeNull();
    });

    it('ends after three idle days (longer than a guest\'s two)', async () => {
      const { clock, sessions, addUser } = await setup();
      const { token } = await sessions.createForUser((await addUser()).id, null);
      const start = clock.t;

      clock.t = start + 3 * DAY - 1;
      expect(await sessions.resolve(token)).not.toBeNull();
      clock.t += 3 * DAY;
      expect(await sessions.resolve(token)).toBeNull();
    });

    it('ends thirty days after sign-in however busy it is', async () => {
      const { clock, sessions, addUser } = await setup();
      const { token } = await sessions.createForUser((await addUser()).id, null);
      const start = clock.t;

      for (let day = 2; day < 30; day += 2) {
        clock.t = start + day * DAY;
        expect(await sessions.resolve(token)).not.toBeNull();
      }
      clock.t = start + 30 * DAY;
      expect(await sessions.resolve(token)).toBeNull();
    });

    it('ends at once when destroyed, leaving other sessions alone', async () => {
      const { sessions, addUser } = await setup();
      const user = await addUser();
      const a = await sessions.createForUser(user.id, null);
      const b = await sessions.createForUser(user.id, null);

      await sessions.destroy(a.session.id);

      expect(await sessions.resolve(a.token)).toBeNull();
      expect(await sessions.resolve(b.token)).not.toBeNull();
    });
  });

  describe('the sweep', () => {
    it('deletes sessions past their age or idle limit, counts them, and keeps live ones', async () => {
      const { clock, sessions, addUser, storedRows } = await setup();
      const user = await addUser();
      const start = clock.t;
      await sessions.createGuest('203.0.113.1'); // left idle
      const busyGuest = await sessions.createGuest('203.0.113.1');
      const idleUser = await sessions.createForUser(user.id, null);
      const busyUser = await sessions.createForUser(user.id, null);
      clock.t = start + 2 * DAY - MINUTE;
      await sessions.resolve(busyGuest.token);
      await sessions.resolve(busyUser.token);

      clock.t = start + 2 * DAY;
      expect(await sessions.deleteExpired()).toBe(1);
      expect((await storedRows()).map((r) => r.id).sort()).toEqual([busyGuest, idleUser, busyUser].map((s) => s.session.id).sort());

      clock.t = start + 3 * DAY;
      expect(await sessions.deleteExpired()).toBe(1);
      expect((await storedRows()).map((r) => r.id).sort()).toEqual([busyGuest, busyUser].map((s) => s.session.id).sort());
    });

    it('deletes a guest session at its seven-day end even if it was used a minute ago', async () => {
      const { clock, sessions, storedRows } = await setup();
      const { token } = await sessions.createGuest('203.0.113.1');
      const start = clock.t;
      for (let day = 1; day <= 6; day++) {
        clock.t = start + day * DAY;
        await sessions.resolve(token);
      }
      clock.t = start + 7 * DAY - 1;
      expect(await sessions.deleteExpired()).toBe(0);

      clock.t = start + 7 * DAY;
      expect(await sessions.deleteExpired()).toBe(1);
      expect(await storedRows()).toEqual([]);
    });
  });

  it('names the user as owner when signed in, else the guest', async () => {
    const { sessions, addUser } = await setup();
    const user = await addUser();
    const guest = await sessions.createGuest('203.0.113.1');
    const signedIn = await sessions.createForUser(user.id, guest.session);

    expect(ownerOf(guest.session)).toBe(guest.session.guest_id);
    expect(ownerOf(signedIn.session)).toBe(user.id);
  });
});
