// Time source for everything that expires (sessions, jobs, leases). Production uses the system clock; tests that
// move time start the server through their own entry point with another Clock (tests/support/test-server-main.ts).

export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
