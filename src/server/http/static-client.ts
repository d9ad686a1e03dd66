// Serves the built React app: hashed assets cached for a year, index.html never cached,
// known client routes answered with index.html (200) and any other page path with index.html and 404.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { CLIENT_ROUTES } from '../../contract/routes';
import { newNonce, pagePolicy } from './security-headers';

const NONCE_PLACEHOLDER = '__CSP_NONCE__';

const KNOWN_ROUTES = new Set<string>(CLIENT_ROUTES);

export type PageFallback = (request: FastifyRequest, reply: FastifyReply) => FastifyReply;

/** Registers the asset and page routes; returns the handler for page paths no route matched. */
export async function installStaticClient(app: FastifyInstance, clientDir: string): Promise<PageFallback | null> {
  const indexFile = path.join(clientDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn(`No built client at ${clientDir}; run "npm run build". Serving the API only.`);
    return null;
  }
  // Every script and module preload gets the response's nonce; the placeholder is replaced per response.
  const indexTemplate = fs
    .readFileSync(indexFile, 'utf8')
    .replace(/<script(?=[\s>])/g, `<script nonce="${NONCE_PLACEHOLDER}"`)
    .replace(/<link rel="modulepreload"/g, `<link rel="modulepreload" nonce="${NONCE_PLACEHOLDER}"`);

  await app.register(fastifyStatic, {
    root: path.join(clientDir, 'assets'),
    prefix: '/assets/',
    immutable: true,
    maxAge: '365d',
    // The build writes .br and .gz beside each asset (scripts/precompress.ts).
    preCompressed: true,
    index: false,
    wildcard: true,
  });

  const sendIndex = (reply: FastifyReply, status: number) => {
    const nonce = newNonce();
    return reply
      .code(status)
      .header('Cache-Control', 'no-cache')
      .header('Content-Security-Policy', pagePolicy(nonce))
      .type('text/html; charset=utf-8')
      .send(indexTemplate.replaceAll(NONCE_PLACEHOLDER, nonce));
  };

  for (const route of CLIENT_ROUTES) app.get(route, (_request, reply) => sendIndex(reply, 200));

  return (request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    return sendIndex(reply, KNOWN_ROUTES.has(urlPath.replace(/\/$/, '') || '/') ? 200 : 404);
  };
}
