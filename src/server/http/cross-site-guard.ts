// Refuses state-changing requests sent by another site (CSRF). Multipart uploads need this too:
// a cross-site HTML form can post them without a CORS preflight.
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '#contract/messages';
import { bearerKey } from './api-key-auth';
import { DomainError } from '#server/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function installCrossSiteGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    // A request carrying a key is authenticated by it alone, never by cookies, and another site cannot make a
    // browser send an Authorization header without a CORS preflight (which we never grant): no forgery possible.
    if (bearerKey(request) !== null) return;
    const fetchSite = request.headers['sec-fetch-site'];
    const crossSiteFetch = fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none';
    const origin = request.headers.origin;
    if (crossSiteFetch || (origin !== undefined && !sameHost(origin, request.headers.host))) {
      throw new DomainError('CROSS_SITE', MESSAGES.crossSite);
    }
  });
}

// Host only: behind a TLS-terminating proxy our own origin is https while the request reached us as http.
function sameHost(origin: string, host: string | undefined): boolean {
  if (!host || origin === 'null') return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
