// Safe serving on every response: HSTS, nosniff, referrer policy, no framing; a locked-down CSP for everything
// that is not the app page (the page gets its own nonce-based CSP, see static-client.ts).
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

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

export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    for (const [name, value] of Object.entries(BASE_HEADERS)) if (!reply.hasHeader(name)) reply.header(name, value);
    if (!reply.hasHeader('Content-Security-Policy')) reply.header('Content-Security-Policy', isScriptAsset(request.url) ? SCRIPT_ASSET_CSP : NON_PAGE_CSP);
    return payload;
  });
}

export const newNonce = (): string => randomBytes(18).toString('base64');

/**
 * The app page's policy. Scripts run only with this response's nonce; 'strict-dynamic' lets those scripts load
 * our code-split chunks and the ad script (ad networks support only nonce-based strict CSP, not allowlists).
 * 'unsafe-inline' and https: are ignored by browsers that understand nonces and exist only for old ones.
 */
export function pagePolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic' 'unsafe-inline' https:`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "connect-src 'self' https:",
    // Private mode's codec workers: our own scripts only (they run under SCRIPT_ASSET_CSP).
    "worker-src 'self'",
    'frame-src https:',
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
