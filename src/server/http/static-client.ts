// Serves the built React app: hashed assets cached for a year, index.html never cached,
// known client routes answered with index.html (200) and any other page path with index.html and 404.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { User } from '#contract/api';
import { CLIENT_ROUTES, OFFLINE_SHELL_PATH, PRIVATE_OFFLINE_SHELL_PATH } from '#contract/routes';
import { newNonce, offlineShellPolicy, pagePolicy, SCRIPT_ASSET_CSP } from './security-headers';
import { NOT_FOUND_MODULE, pageModule, preloadLinks, preloadsFor, readManifest } from './page-preloads';
import { ASSET_ISOLATION_HEADERS, ISOLATED_PAGES, ISOLATION_HEADERS, isolatedPagePolicy, isolatedShellPolicy } from './isolated-page';

const NONCE_PLACEHOLDER = '__CSP_NONCE__';

export type PageFallback = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

/** Who is signed in on this request (null for a guest or no session); the page starts with it instead of asking. */
export type CurrentUser = (request: FastifyRequest) => Promise<User | null>;

const BOOTSTRAP_PLACEHOLDER = '<!--session-bootstrap-->';

/** JSON safe inside a <script> element whatever the user typed into their name: no "<" can close the element. */
export const scriptSafeJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');

/** Registers the asset and page routes; returns the handler for page paths no route matched. */
export async function installStaticClient(app: FastifyInstance, clientDir: string, currentUser: CurrentUser): Promise<PageFallback | null> {
  const indexFile = path.join(clientDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn(`No built client at ${clientDir}; run "npm run build". Serving the API only.`);
    return null;
  }
  // Every script and module preload gets the response's nonce; the placeholder is replaced per response.
  const indexTemplate = fs
    .readFileSync(indexFile, 'utf8')
    .replace(/<script(?=[\s>])/g, `<script nonce="${NONCE_PLACEHOLDER}"`)
    .replace(/<link rel="modulepreload"/g, `<link rel="modulepreload" nonce="${NONCE_PLACEHOLDER}"`)
    .replace('<div id="root">', `${BOOTSTRAP_PLACEHOLDER}<div id="root">`);

  // One template per page: the shared head plus that page's own chunks to preload.
  const manifest = readManifest(clientDir);
  const templateFor = (pageKey: string | null) =>
    manifest && pageKey ? indexTemplate.replace('</head>', `${preloadLinks(preloadsFor(manifest, pageKey), NONCE_PLACEHOLDER)}</head>`) : indexTemplate;
  const routeTemplates = new Map<string, string>(CLIENT_ROUTES.map((route) => [route, templateFor(pageModule(route))]));
  const notFoundTemplate = templateFor(NOT_FOUND_MODULE);

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

  // Private mode's offline service worker (written by the build): at the root, so its scope is the whole app.
  const serviceWorker = path.join(clientDir, 'sw.js');
  if (fs.existsSync(serviceWorker)) {
    const source = fs.readFileSync(serviceWorker, 'utf8');
    app.get('/sw.js', (_request, reply) =>
      reply.header('Cache-Control', 'no-cache').header('Content-Security-Policy', SCRIPT_ASSET_CSP).headers(ASSET_ISOLATION_HEADERS).type('text/javascript; charset=utf-8').send(source),
    );
  }

  // Private mode's offline shells: the tool page and the private page for nobody. The service worker keeps these
  // pages, never one served to a signed-in person (their id, email and name are in the session bootstrap), and
  // answers offline navigations with them (docs/decisions/0532-offline-shell-holds-no-person.md).
  const shellOf = (route: string) =>
    routeTemplates
      .get(route)!
      .replaceAll(` nonce="${NONCE_PLACEHOLDER}"`, '')
      .replace(BOOTSTRAP_PLACEHOLDER, `<script type="application/json" id="session-bootstrap">${scriptSafeJson({ user: null })}</script>`);
  const shell = shellOf('/');
  const shellPolicy = offlineShellPolicy(inlineScriptHashes(shell));
  app.get(OFFLINE_SHELL_PATH, (_request, reply) =>
    reply.header('Cache-Control', 'no-cache').header('Content-Security-Policy', shellPolicy).type('text/html; charset=utf-8').send(shell),
  );
  const privateShell = shellOf('/private');
  const privateShellPolicy = isolatedShellPolicy(inlineScriptHashes(privateShell));
  app.get(PRIVATE_OFFLINE_SHELL_PATH, (_request, reply) =>
    reply
      .headers(ISOLATION_HEADERS)
      .header('Cache-Control', 'no-cache')
      .header('Content-Security-Policy', privateShellPolicy)
      .type('text/html; charset=utf-8')
      .send(privateShell),
  );

  const sendIndex = async (request: FastifyRequest, reply: FastifyReply, status: number, template: string, route?: string) => {
    const nonce = newNonce();
    const isolated = route !== undefined && ISOLATED_PAGES.has(route);
    if (isolated) reply.headers(ISOLATION_HEADERS);
    // A data block (never executed; it carries the nonce only so every script element does): the signed-in user, so the first render needs no /api/user round trip
    // (and a guest's console shows no 401 for asking).
    const bootstrap = `<script type="application/json" id="session-bootstrap" nonce="${nonce}">${scriptSafeJson({ user: await currentUser(request) })}</script>`;
    return reply
      .code(status)
      .header('Cache-Control', 'no-cache')
      .header('Content-Security-Policy', isolated ? isolatedPagePolicy(nonce) : pagePolicy(nonce))
      .type('text/html; charset=utf-8')
      .send(template.replaceAll(NONCE_PLACEHOLDER, nonce).replace(BOOTSTRAP_PLACEHOLDER, bootstrap));
  };

  for (const route of CLIENT_ROUTES) app.get(route, (request, reply) => sendIndex(request, reply, 200, routeTemplates.get(route)!, route));

  return (request, reply) => {
    const route = (request.url.split('?')[0] ?? '/').replace(/\/$/, '') || '/';
    const known = routeTemplates.get(route);
    return known ? sendIndex(request, reply, 200, known, route) : sendIndex(request, reply, 404, notFoundTemplate);
  };
}

/** CSP hashes of a page's executable inline scripts (data blocks such as type="application/json" never run). */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => `sha256-${createHash('sha256').update(match[1]!).digest('base64')}`,
  );
}
