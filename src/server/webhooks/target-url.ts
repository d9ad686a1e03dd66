// Where webhooks may be sent: http(s) URLs on public addresses only, so a webhook cannot be aimed at the server's own
// network (SSRF), unless the operator lists the host in WEBHOOK_ALLOWED_HOSTS (tests, private networks). The rule is
// checked when the URL is registered and again in the socket's own DNS lookup at every attempt (DNS rebinding);
// redirects are never followed. The address list is the one Tinify's `source.url` uses.
import dns from 'node:dns/promises';
import net from 'node:net';
import { hostOf, isPrivateAddress, publicOnlyLookup as safeLookup, refusedLiteralHost } from '#server/net/safe-lookup';

export class TargetRefused extends Error {}

export interface TargetPolicy {
  /** Lower-case host names (or address literals) that may be private. */
  allowedHosts: readonly string[];
}

/** Parses and checks a URL for registration; throws TargetRefused with a message for the caller. */
export async function checkTargetUrl(raw: string, policy: TargetPolicy): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new TargetRefused('The webhook URL is not a valid URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new TargetRefused('The webhook URL must be http or https');
  if (url.username || url.password) throw new TargetRefused('The webhook URL must not carry a user name or password');
  const host = hostOf(url);
  if (policy.allowedHosts.includes(host)) return url;
  if (net.isIP(host)) {
    if (isPrivateAddress(host)) throw new TargetRefused('The webhook URL points to a private or loopback address');
    return url;
  }
  const addresses = await dns.lookup(host, { all: true }).catch(() => {
    throw new TargetRefused(`The webhook host ${host} could not be resolved`);
  });
  if (addresses.length === 0 || addresses.some((a) => isPrivateAddress(a.address))) {
    throw new TargetRefused('The webhook URL resolves to a private or loopback address');
  }
  return url;
}

/** A lookup for the delivery's socket: refuses private addresses unless the host is allowed (net/safe-lookup.ts). */
export function publicOnlyLookup(policy: TargetPolicy): net.LookupFunction {
  return safeLookup({
    allowedHosts: policy.allowedHosts,
    refuse: (reason, hostname) =>
      new TargetRefused(reason === 'private' ? 'The webhook URL resolves to a private or loopback address' : `The webhook host ${hostname} could not be resolved`),
  });
}

/** Address literals skip the socket's lookup, so they are judged before connecting. */
export function refusedLiteral(url: URL, policy: TargetPolicy): string | null {
  return refusedLiteralHost(url, policy.allowedHosts) ? 'The webhook URL points to a private or loopback address' : null;
}
