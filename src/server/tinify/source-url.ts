// `{"source": {"url": ...}}` for POST /shrink: refused unless the operator lists allowed hosts
// (TINIFY_SOURCE_URL_HOSTS), and even then never fetched from a private, loopback or link-local address (no SSRF).
import http from 'node:http';
import https from 'node:https';
import { isPrivateAddress, publicOnlyLookup, refusedLiteralHost } from '#server/net/safe-lookup';

export { isPrivateAddress };

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
  // An address literal is connected to directly, without the lookup below: judge it here. Listing a host allows
  // fetching from it, never from a private address.
  if (refusedLiteralHost(url, [])) throw new SourceUrlRefused('The source URL resolves to a private address');
  return download(url);
}

/**
 * The address check happens in the socket's own DNS lookup, so the name cannot resolve to a public address for the
 * check and a private one for the connection (DNS rebinding). No redirects: they could lead anywhere.
 */
function download(url: URL): Promise<Buffer> {
  const lookup = publicOnlyLookup({
    allowedHosts: [],
    refuse: (reason) => new SourceUrlRefused(reason === 'private' ? 'The source URL resolves to a private address' : 'The source host could not be resolved'),
  });
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
