// API keys over a real database: the whole key is shown once and stored only as its SHA-256 (decision 0260); each
// key acts for its owner alone, and a revoked key stops working at once (decision 0261).
import { describe, expect, it } from 'vitest';
import { ApiKeyService } from '#server/auth/api-key-service';
import { hashToken } from '#server/auth/tokens';
import { API_KEY_PREFIX, MAX_KEYS_PER_USER } from '#contract/api-keys';
import { MINUTE, SECOND, expectDomainError, useAuthEnvironments } from './auth-environment';

describe('ApiKeyService', () => {
  const { setup: setupEnv } = useAuthEnvironments();

  async function setup() {
    const env = await setupEnv();
    const keys = new ApiKeyService(env.db, env.clock);
    const storedRows = () => env.db.selectFrom('api_keys').selectAll().execute();
    return { ...env, keys, storedRows };
  }

  it('hands out a recognisable 256-bit key once, and stores only its hash and a short visible prefix', async () => {
    const { clock, keys, addUser, storedRows } = await setup();
    const user = await addUser();

    const { key, summary } = await keys.create(user.id, { name: 'CI' });

    expect(key).toMatch(/^isq_live_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(key.slice(API_KEY_PREFIX.length), 'base64url')).toHaveLength(32);
    // What the owner is shown never includes the hash.
    expect(Object.keys(summary).sort()).toEqual(['created_at', 'id', 'last_used_at', 'name', 'prefix']);
    expect(summary.prefix).toBe(key.slice(0, API_KEY_PREFIX.length + 8));
    const stored = await storedRows();
    expect(stored).toEqual([{ ...summary, user_id: user.id, hash: hashToken(key), created_at: clock.t, last_used_at: null, revoked_at: null }]);
    expect(JSON.stringify(stored)).not.toContain(key.slice(API_KEY_PREFIX.length + 8));
  });

  it('makes a different key every time', async () => {
    const { keys, addUser } = await setup();
    const user = await addUser();

    const a = await keys.create(user.id, { name: 'a' });
    const b = await keys.create(user.id, { name: 'a' });

    expect(b.key).not.toBe(a.key);
    expect(b.summary.id).not.toBe(a.summary.id);
  });

  it('resolves the exact key to its row, and nothing else', async () => {
    const { keys, addUser, storedRows } = await setup();
    const { key } = await keys.create((await addUser()).id, { name: 'CI' });
    const [row] = await storedRows();

    // The caller is told which key and whose, nothing of the stored row beyond that.
    expect(await keys.resolve(key)).toEqual({ id: row!.id, user_id: row!.user_id });
    expect(await keys.resolve(`${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    expect(await keys.resolve(row!.hash)).toBeNull();
    expect(await keys.resolve(row!.prefix)).toBeNull();
    expect(await keys.resolve(`${key}x`)).toBeNull();
    expect(await keys.resolve(key.slice(API_KEY_PREFIX.length))).toBeNull();
    expect(await keys.resolve('')).toBeNull();
  });

  it('records when a key was last used, at most once a minute', async () => {
    const { clock, keys, addUser, storedRows } = await setup();
    const { key } = await keys.create((await addUser()).id, { name: 'CI' });
    const first = clock.t + 5 * SECOND;

    clock.t = first;
    await keys.resolve(key);
    expect((await storedRows())[0]?.last_used_at).toBe(first);
    clock.t = first + MINUTE - 1;
    await keys.resolve(key);
    expect((await storedRows())[0]?.last_used_at).toBe(first);
    clock.t = first + MINUTE;
    await keys.resolve(key);
    expect((await storedRows())[0]?.last_used_at).toBe(first + MINUTE);
  });

  it('lists only the owner\'s working keys, newest first', async () => {
    const { clock, keys, addUser } = await setup();
    const ada = await addUser();
    const grace = await addUser();
    const older = await keys.create(ada.id, { name: 'older' });
    clock.t += SECOND;
    const revoked = await keys.create(ada.id, { name: 'revoked' });
    clock.t += SECOND;
    const newer = await keys.create(ada.id, { name: 'newer' });
    await keys.create(grace.id, { name: 'grace' });
    await keys.revoke(revoked.summary.id, ada.id);

    expect((await keys.list(ada.id)).map((k) => k.name)).toEqual(['newer', 'older']);
    expect((await keys.list(ada.id)).map((k) => k.id)).toEqual([newer.summary.id, older.summary.id]);
    expect((await keys.list(grace.id)).map((k) => k.name)).toEqual(['grace']);
  });

  it('revokes a key for its owner only, once, and the key stops working at once', async () => {
    const { clock, keys, addUser, storedRows } = await setup();
    const ada = await addUser();
    const mallory = await addUser();
    const { key, summary: row } = await keys.create(ada.id, { name: 'CI' });

    expect(await keys.revoke(row.id, mallory.id)).toBe(false);
    expect(await keys.resolve(key)).not.toBeNull();
    expect(await keys.revoke('no-such-key', ada.id)).toBe(false);

    clock.t += MINUTE;
    expect(await keys.revoke(row.id, ada.id)).toBe(true);
    expect(await keys.resolve(key)).toBeNull();
    expect((await storedRows())[0]?.revoked_at).toBe(clock.t);
    clock.t += MINUTE;
    expect(await keys.revoke(row.id, ada.id)).toBe(false);
    expect((await storedRows())[0]?.revoked_at).toBe(clock.t - MINUTE);
  });

  it(`refuses a user's key past ${MAX_KEYS_PER_USER} working ones, and allows another after a revocation`, async () => {
    const { keys, addUser } = await setup();
    const ada = await addUser();
    const grace = await addUser();
    const made = [];
    for (let i = 0; i < MAX_KEYS_PER_USER; i++) made.push(await keys.create(ada.id, { name: `key ${i}` }));

    const err = await expectDomainError(keys.create(ada.id, { name: 'one too many' }), 'TOO_MANY_KEYS');
    expect(err.message).toContain(String(MAX_KEYS_PER_USER));
    await expect(keys.create(grace.id, { name: 'grace' })).resolves.toBeTruthy();

    await keys.revoke(made[0]!.summary.id, ada.id);
    await expect(keys.create(ada.id, { name: 'replacement' })).resolves.toBeTruthy();
    await expectDomainError(keys.create(ada.id, { name: 'one too many again' }), 'TOO_MANY_KEYS');
  });
});
