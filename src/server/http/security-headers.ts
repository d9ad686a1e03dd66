// Safe serving on every response: HSTS, nosniff, referrer policy, no framing; a locked-down CSP for everything
// that is not the app page (the page gets its own nonce-based CSP, see static-client.ts).
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ASSET_ISOLATION_HEADERS } from './isolated-page';
import { hashedScripts, pageContentPolicy } from './page-policy';

const BASE_HEADERS: Record<string, string> = {
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
};

const NON_PAGE_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * Our built scripts (/assets/*.js). A worker runs under its own script's policy, and private mode's codec workers
 * must import their sibling chunks, fetch the WebAssembly encoders and compile them: exactly that, from this origin
 * only ('wasm-unsafe-eval' allows compiling WebAssembly, not eval). A script loaded by the page runs under the page's.
 */
export const SCRIPT_ASSET_CSP = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'; frame-ancestors 'none'";

const isScriptAsset = (url: string) => /^\/assets\/[^?]+\.js(\?|$)/.test(url);

/**
 * The workers that run libvips in WebAssembly on the private page (its codec worker and libvips's own thread
 * workers): libvips's JavaScript bindings (Emscripten's embind) build their call wrappers with `new Function`, so
 * these workers, and only these, also allow 'unsafe-eval'. They still load and fetch from this origin only, and a
 * worker has no page to inject into (docs/decisions/0560).
 */
export const VIPS_WORKER_CSP = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval' 'unsafe-eval'; connect-src 'self'; frame-ancestors 'none'";

const isVipsWorker = (url: string) => /^\/assets\/(vips-codec-worker-[\w-]+\.js|wasm-vips-[\d.]+\/vips-es6\.js)(\?|$)/.test(url);

export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    for (const [name, value] of Object.entries(BASE_HEADERS)) if (!reply.hasHeader(name)) reply.header(name, value);
    if (!reply.hasHeader('Content-Security-Policy')) {
      reply.header('Content-Security-Policy', isVipsWorker(request.url) ? VIPS_WORKER_CSP : isScriptAsset(request.url) ? SCRIPT_ASSET_CSP : NON_PAGE_CSP);
    }
    // Built files may be loaded by the isolated private page (isolated-page.ts): its workers need the same policy.
    if (request.url.startsWith('/assets/')) for (const [name, value] of Object.entries(ASSET_ISOLATION_HEADERS)) reply.header(name, value);
    return payload;
  });
}

export const newNonce = (): string => randomBytes(18).toString('base64');

/** The site's pages take images, requests and frames from other sites: the ads and what they show. */
const SITE_SOURCES = { img: "'self' data: blob: https:", connect: "'self' https:", frame: 'https:' };

/**
 * The app page's policy. Scripts run only with this response's nonce; 'strict-dynamic' lets those scripts load
 * our code-split chunks and the ad script (ad networks support only nonce-based strict CSP, not allowlists).
 * 'unsafe-inline' and https: are ignored by browsers that understand nonces and exist only for old ones.
 */
export function pagePolicy(nonce: string): string {
  return pageContentPolicy({ ...SITE_SOURCES, script: `'nonce-${nonce}' 'strict-dynamic' 'unsafe-inline' https:` });
}

/**
 * Private mode's offline shell (static-client.ts): the same page for nobody, answered offline. Nothing from elsewhere
 * runs there (it is only shown offline anyway).
 */
export function offlineShellPolicy(inlineScriptHashes: readonly string[]): string {
  return pageContentPolicy({ ...SITE_SOURCES, script: hashedScripts(inlineScriptHashes) });
}
