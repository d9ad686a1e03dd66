// `{"source": {"url": ...}}` for POST /shrink: refused unless the operator lists allowed hosts
// (TINIFY_SOURCE_URL_HOSTS), and even then never fetched from a private, loopback or link-local address (no SSRF).
import dns from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

const PRIVATE = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) PRIVATE.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of [['::', 127], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8]] as const) PRIVATE.addSubnet(address, prefix, 'ipv6');

export class SourceUrlRefused extends Error {}

export const MAX_SOURCE_BYTES = 50 * 1024 * 1024;

/** Fetches an allowed source URL's bytes; throws SourceUrlRefused for anything not allowed. */
export async function fetchSourceUrl(raw: string, allowedHosts: readonly string[]): Promise<Buffer> {
  if (allowedHosts.length === 0) throw new SourceUrlRefused('Compressing from a URL is not enabled on this server');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new SourceUrlRefused('The source URL is not valid');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new SourceUrlRefused('The source URL must be http or https');
  const host = url.hostname.toLowerCase();
  if (!allowedHosts.includes(host)) throw new SourceUrlRefused(`The host ${host} is not on this server's allow-list`);
  // An address literal is connected to directly, without the lookup below: judge it here.
  const literal = host.replace(/^\[|\]$/g, '');
  if (net.isIP(literal) && isPrivateAddress(literal)) throw new SourceUrlRefused('The source URL resolves to a private address');
  return download(url);
}

/**
 * The address check happens in the socket's own DNS lookup, so the name cannot resolve to a public address for the
 * check and a private one for the connection (DNS rebinding). No redirects: they could lead anywhere.
 */
function download(url: URL): Promise<Buffer> {
  const lookup: net.LookupFunction = (hostname, options, callback) => {
    dns
      .lookup(hostname, { all: true })
      .then((addresses) => {
        const safe = addresses.filter((a) => !isPrivateAddress(a.address));
        if (safe.length === 0 || safe.length !== addresses.length) {
          return callback(new SourceUrlRefused('The source URL resolves to a private address'), '', 4);
        }
        if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: typeof safe) => void)(null, safe);
        callback(null, safe[0]!.address, safe[0]!.family);
      })
      .catch(() => callback(new SourceUrlRefused('The source host could not be resolved'), '', 4));
  };
  const get = url.protocol === 'https:' ? https.get : http.get;
  return new Promise((resolve, reject) => {
    const req = get(url, { lookup, timeout: 20_000 }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        return reject(new SourceUrlRefused(`The source URL answered ${res.statusCode}`));
      }
      const chunks: Buffer[] = [];
      let total = 0;
      res.on('data', (chunk: Buffer) => {
        total += chunk.length;
        if (total > MAX_SOURCE_BYTES) {
          req.destroy();
          reject(new SourceUrlRefused('The source file is too large'));
        } else chunks.push(chunk);
      });
      res.on('end', () => resolve(Buffer.concat(chunks)));
      res.on('error', () => reject(new SourceUrlRefused('The source URL could not be fetched')));
    });
    req.on('timeout', () => req.destroy(new SourceUrlRefused('The source URL took too long')));
    req.on('error', (err) => reject(err instanceof SourceUrlRefused ? err : new SourceUrlRefused('The source URL could not be fetched')));
  });
}

/** IPv4-mapped IPv6 addresses (::ffff:a.b.c.d) are judged by their IPv4 part. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE.check(mapped[1]!, 'ipv4');
  return PRIVATE.check(address, net.isIPv6(address) ? 'ipv6' : 'ipv4');
}
