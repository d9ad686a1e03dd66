// Which peers may tell us the client's address and protocol (X-Forwarded-For / X-Forwarded-Proto): a list of
// proxy addresses and CIDR ranges, never "everyone". Trusting every hop would make the client's address whatever
// the client writes into X-Forwarded-For, and every per-address limit (sign-in throttle, guest ceilings) would be
// one header away from useless. With a list, the client is the nearest address, counting from our side, that is
// not one of our proxies (Fastify's `trustProxy` semantics); X-Forwarded-Proto is believed only from a listed
// proxy, so sessions behind TLS termination keep their Secure cookie.
import net from 'node:net';

/** proxy-addr's names for the reserved ranges, accepted as list entries. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

export type TrustedProxies = false | string[];

/**
 * Parses TRUST_PROXY: unset, empty, `false` or `0` trust no one; otherwise a comma-separated list of IP
 * addresses, CIDR ranges and the names `loopback`, `linklocal`, `uniquelocal`. Returns an error message for
 * anything else, `true` and hop counts included.
 */
export function parseTrustedProxies(value: string | undefined): { ok: true; value: TrustedProxies } | { ok: false; message: string } {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false' || text === '0') return { ok: true, value: false };
  if (text === 'true' || text === '1') {
    return {
      ok: false,
      message:
        'true would believe any client\'s X-Forwarded-For; list the addresses or CIDR ranges of your reverse proxies instead, ' +
        'e.g. TRUST_PROXY=10.0.0.0/8 or TRUST_PROXY=loopback',
    };
  }
  if (/^\d+$/.test(text)) {
    return { ok: false, message: 'a hop count is not accepted (X-Forwarded-Proto would be ignored); list the addresses or CIDR ranges of your reverse proxies' };
  }
  const entries = text.split(',').map((e) => e.trim());
  for (const entry of entries) {
    if (!isProxyEntry(entry)) {
      return { ok: false, message: `"${entry}" is not an IP address, a CIDR range or one of loopback, linklocal, uniquelocal` };
    }
  }
  return { ok: true, value: entries };
}

function isProxyEntry(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  if (rest.length > 0 || !address) return false;
  const family = net.isIP(address);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}
