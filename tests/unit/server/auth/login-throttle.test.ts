// The sign-in throttle: attempts are counted per account and per client address in fixed windows, before the
// password is checked (decision 0101), and a right password gives its attempt back.
import { describe, expect, it } from 'vitest';
import { DEFAULT_THROTTLE, LoginThrottle, type AttemptVerdict, type ThrottleLimits } from '#server/auth/login-throttle';
import { countInWindow } from '#server/auth/window-counter';
import { MINUTE, SECOND, useAuthEnvironments } from './auth-environment';

const LIMITS: ThrottleLimits = { windowMs: MINUTE, perAccount: 3, perAddress: 5 };

const allowed = (v: AttemptVerdict) => v.allowed;

describe('LoginThrottle', () => {
  const { setup: setupEnv } = useAuthEnvironments();

  async function setup(limits: ThrottleLimits = LIMITS) {
    const env = await setupEnv();
    const throttle = new LoginThrottle(env.db, env.clock, limits);
    /** `n` attempts in a row, each from the given address, returning whether each was allowed. */
    const attempts = async (n: number, email: string, address = '203.0.113.1') => {
      const verdicts: boolean[] = [];
      for (let i = 0; i < n; i++) verdicts.push(allowed(await throttle.reserveAttempt(email, address)));
      return verdicts;
    };
    return { ...env, throttle, attempts };
  }

  it('allows an account its limit of attempts in a window and refuses the next until the window ends', async () => {
    const { clock, throttle, attempts } = await setup();
    const start = clock.t;

    expect(await attempts(3, 'ada@example.com')).toEqual([true, true, true]);
    clock.t = start + 15 * SECOND;
    expect(await throttle.reserveAttempt('ada@example.com', '203.0.113.1')).toEqual({ allowed: false, retryAfterSeconds: 45 });
    clock.t = start + MINUTE - 1;
    expect(await attempts(1, 'ada@example.com')).toEqual([false]);

    clock.t = start + MINUTE;
    expect(await attempts(3, 'ada@example.com')).toEqual([true, true, true]);
    expect(await attempts(1, 'ada@example.com')).toEqual([false]);
  });

  it('counts each account on its own, from any address', async () => {
    const { attempts } = await setup();

    expect(await attempts(3, 'ada@example.com', '203.0.113.1')).toEqual([true, true, true]);
    expect(await attempts(1, 'ada@example.com', '198.51.100.7')).toEqual([false]);
    expect(await attempts(3, 'grace@example.com', '198.51.100.7')).toEqual([true, true, true]);
  });

  it('limits one address trying many accounts, without using up those accounts\' attempts', async () => {
    const { clock, throttle, attempts } = await setup();
    const start = clock.t;
    for (const name of ['a', 'b', 'c', 'd', 'e']) expect(await attempts(1, `${name}@example.com`)).toEqual([true]);
    clock.t = start + 20 * SECOND;

    expect(await throttle.reserveAttempt('victim@example.com', '203.0.113.1')).toEqual({ allowed: false, retryAfterSeconds: 40 });
    expect(await attempts(2, 'victim@example.com')).toEqual([false, false]);
    // Refused by its address, the victim's own count never moved: another address still has all three tries.
    expect(await attempts(3, 'victim@example.com', '198.51.100.7')).toEqual([true, true, true]);
    expect(await attempts(1, 'victim@example.com', '198.51.100.7')).toEqual([false]);
  });

  it('clears the account\'s failures after a right password', async () => {
    const { throttle, attempts } = await setup();
    await attempts(2, 'ada@example.com');
    const verdict = await throttle.reserveAttempt('ada@example.com', '203.0.113.1');
    if (!verdict.allowed) throw new Error('the third attempt should be allowed');

    await throttle.succeeded(verdict.reservation);

    expect(await attempts(4, 'ada@example.com', '198.51.100.7')).toEqual([true, true, true, false]);
  });

  it('gives the right attempt back to the address, but not the address\'s other failures', async () => {
    const { throttle, attempts } = await setup();
    // Four failures on various accounts, then one right password: the address has used four, not five.
    for (const name of ['a', 'b', 'c', 'd']) await attempts(1, `${name}@example.com`);
    const verdict = await throttle.reserveAttempt('ada@example.com', '203.0.113.1');
    if (!verdict.allowed) throw new Error('the fifth attempt should be allowed');
    await throttle.succeeded(verdict.reservation);

    expect(await attempts(1, 'y@example.com')).toEqual([true]);
    expect(await attempts(1, 'z@example.com')).toEqual([false]);
  });

  it('gives nothing back to a later window than the one the attempt was counted in', async () => {
    const { clock, throttle, attempts } = await setup({ windowMs: MINUTE, perAccount: 10, perAddress: 2 });
    const verdict = await throttle.reserveAttempt('ada@example.com', '203.0.113.1');
    if (!verdict.allowed) throw new Error('the first attempt should be allowed');
    clock.t += MINUTE;
    expect(await attempts(2, 'x@example.com')).toEqual([true, true]);

    await throttle.succeeded(verdict.reservation);

    expect(await attempts(1, 'y@example.com')).toEqual([false]);
  });

  it('by default allows ten tries per account in fifteen minutes', async () => {
    const { clock, attempts } = await setup(DEFAULT_THROTTLE);
    const start = clock.t;

    expect(await attempts(10, 'ada@example.com')).toEqual(Array(10).fill(true));
    expect(await attempts(1, 'ada@example.com')).toEqual([false]);
    clock.t = start + 15 * MINUTE;
    expect(await attempts(1, 'ada@example.com')).toEqual([true]);
  });

  it('by default allows fifty tries per address in fifteen minutes', async () => {
    const { attempts } = await setup(DEFAULT_THROTTLE);
    const verdicts: boolean[] = [];
    for (let i = 0; i < 51; i++) verdicts.push(...(await attempts(1, `user${i}@example.com`)));

    expect(verdicts.filter(Boolean)).toHaveLength(50);
    expect(verdicts.at(-1)).toBe(false);
  });

  it('sweeps away windows that have ended, of sign-ins and of guest sessions alike, and keeps live ones', async () => {
    const { clock, db, throttle, attempts } = await setup();
    await attempts(1, 'old@example.com');
    await countInWindow(db, 'guest:203.0.113.9', clock.t, MINUTE);
    clock.t += MINUTE + 1;
    await attempts(1, 'new@example.com', '198.51.100.7');

    await throttle.deleteExpired();

    const keys = (await db.selectFrom('auth_throttle').select('key').execute()).map((r) => r.key).sort();
    expect(keys).toEqual(['acct:new@example.com', 'addr:198.51.100.7']);
  });
});
