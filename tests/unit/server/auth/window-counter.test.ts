// Fixed-window event counts in the database, shared by the sign-in throttle and the guest-session limit.
import { describe, expect, it } from 'vitest';
import { countInWindow, secondsUntilWindowEnds } from '#server/auth/window-counter';
import { MINUTE, SECOND, useAuthEnvironments } from './auth-environment';

describe('countInWindow', () => {
  const { setup } = useAuthEnvironments();

  it('counts events per key within one window that starts at the first event', async () => {
    const { db, clock } = await setup();
    const start = clock.t;

    expect(await countInWindow(db, 'a', start, MINUTE)).toEqual({ count: 1, windowStart: start });
    expect(await countInWindow(db, 'a', start + 10 * SECOND, MINUTE)).toEqual({ count: 2, windowStart: start });
    expect(await countInWindow(db, 'b', start + 20 * SECOND, MINUTE)).toEqual({ count: 1, windowStart: start + 20 * SECOND });
    expect(await countInWindow(db, 'a', start + MINUTE - 1, MINUTE)).toEqual({ count: 3, windowStart: start });
  });

  it('starts a new window at one once the last one has ended', async () => {
    const { db, clock } = await setup();
    const start = clock.t;
    await countInWindow(db, 'a', start, MINUTE);
    await countInWindow(db, 'a', start + SECOND, MINUTE);

    expect(await countInWindow(db, 'a', start + MINUTE, MINUTE)).toEqual({ count: 1, windowStart: start + MINUTE });
    expect(await countInWindow(db, 'a', start + MINUTE + SECOND, MINUTE)).toEqual({ count: 2, windowStart: start + MINUTE });
  });

  it('never loses an event among simultaneous ones', async () => {
    const { db, clock } = await setup();

    const counts = await Promise.all(Array.from({ length: 20 }, () => countInWindow(db, 'a', clock.t, MINUTE)));

    expect(counts.map((c) => c.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });
});

describe('secondsUntilWindowEnds', () => {
  it('rounds the time left up to whole seconds', () => {
    expect(secondsUntilWindowEnds(0, MINUTE, 0)).toBe(60);
    expect(secondsUntilWindowEnds(0, MINUTE, 10 * SECOND)).toBe(50);
    expect(secondsUntilWindowEnds(5 * SECOND, MINUTE, 10 * SECOND + 700)).toBe(55);
    expect(secondsUntilWindowEnds(0, MINUTE, MINUTE - 1)).toBe(1);
  });

  it('says at least one second, even when the window has just ended', () => {
    expect(secondsUntilWindowEnds(0, MINUTE, MINUTE)).toBe(1);
    expect(secondsUntilWindowEnds(0, MINUTE, 2 * MINUTE)).toBe(1);
  });
});
