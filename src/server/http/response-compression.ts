// Compresses JSON and HTML answers (brotli, else gzip) when the client accepts it. A job list polled by a busy page
// is tens of kilobytes of repetitive JSON; images, ZIPs and prebuilt assets are never recompressed here (images are
// already compressed, and built assets are served from their precompressed .br/.gz files).
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Below this, the headers and the CPU cost more than the bytes saved. */
export const MIN_COMPRESSIBLE_BYTES = 512;
const COMPRESSIBLE = /^(application\/json|text\/html)\b/;

/** The encoding to use for an Accept-Encoding header: brotli first, then gzip; q=0 refuses one. */
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && (!q || Number(q.slice(2)) > 0)) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

export function installResponseCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' || reply.hasHeader('content-encoding')) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!COMPRESSIBLE.test(type)) return payload;
    reply.header('vary', appendVary(reply.getHeader('vary')));
    const body = Buffer.from(payload);
    if (body.length < MIN_COMPRESSIBLE_BYTES || request.method === 'HEAD') return payload;
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    const compressed =
      encoding === 'br'
        ? await brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
        : await gzip(body, { level: 6 });
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return compressed;
  });
}

function appendVary(current: unknown): string {
  const existing = current ? String(current) : '';
  return /accept-encoding/i.test(existing) ? existing : existing ? `${existing}, Accept-Encoding` : 'Accept-Encoding';
}
