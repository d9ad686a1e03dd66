// Connections from a trusted reverse proxy carry many clients, so the per-address bound exempts exactly them.
import { describe, expect, it } from 'vitest';
import { trustedProxyMatcher } from '#server/http/connection-limit';

describe('trustedProxyMatcher', () => {
  it('matches listed addresses, CIDR ranges and range names, IPv4-mapped peers included', () => {
    const isProxy = trustedProxyMatcher(['loopback', '10.1.0.0/16', '2001:db8::1']);
    expect(['127.0.0.5', '::ffff:127.0.0.1', '::1', '10.1.2.3', '2001:db8::1'].map(isProxy)).toEqual([true, true, true, true, true]);
    expect(['10.2.0.1', '8.8.8.8', '::ffff:8.8.8.8', '2001:db8::2'].map(isProxy)).toEqual([false, false, false, false]);
  });

  it('exempts no one when no proxy is trusted', () => {
    expect(trustedProxyMatcher(false)('127.0.0.1')).toBe(false);
  });
});
