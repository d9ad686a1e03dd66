// Outbound connections to addresses a caller names (Tinify's `source.url` and `store`, webhooks) must not reach the
// server's own network (SSRF). The check is made in the socket's own DNS lookup, so a name cannot resolve to a public
// address for a check and to a private one for the connection (DNS rebinding). Address literals skip that lookup,
// so `refusedLiteralHost` judges them before connecting. Hosts the operator allow-lists may be private. What counts as
// private is decided in one place, public-address.ts.
import dns from 'node:dns/promises';
import net from 'node:net';
import { isPrivateAddress } from './public-address';

export { isPrivateAddress };

/** A URL's host, lower-case, IPv6 brackets removed. */
export const hostOf = (url: URL): string => url.hostname.toLowerCase().replace(/^\[|\]$/g, '');

export interface LookupPolicy {
  /** Lower-case host names (or address literals) that may be private; empty for none. */
  allowedHosts: readonly string[];
  /** The error a refused lookup fails with (the caller's own class, so it can tell it from network errors). */
  refuse(reason: 'private' | 'unresolved', hostname: string): Error;
}

/** A `lookup` for http(s) requests and agents: refuses private addresses unless the host is allowed. */
export function publicOnlyLookup(policy: LookupPolicy): net.LookupFunction {
  return (hostname, options, callback) => {
    const allowed = policy.allowedHosts.includes(hostname.toLowerCase());
    dns
      .lookup(hostname, { all: true })
      .then((addresses) => {
        const usable = allowed ? addresses : addresses.filter((a) => !isPrivateAddress(a.address));
        // A name with both kinds is refused whole: the socket could otherwise be steered to the private one.
        if (usable.length === 0 || usable.length !== addresses.length) return callback(policy.refuse('private', hostname), '', 4);
        if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: typeof usable) => void)(null, usable);
        callback(null, usable[0]!.address, usable[0]!.family);
      })
      .catch(() => callback(policy.refuse('unresolved', hostname), '', 4));
  };
}

/** True when the URL's host is a private address literal that is not allow-listed (the lookup never sees those). */
export function refusedLiteralHost(url: URL, allowedHosts: readonly string[]): boolean {
  const host = hostOf(url);
  return net.isIP(host) !== 0 && !allowedHosts.includes(host) && isPrivateAddress(host);
}
