// Refuses state-changing requests sent by another site (CSRF). Multipart uploads need this too:
// a cross-site HTML form can post them without a CORS preflight.
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '../../contract/messages';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function installCrossSiteGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    const fetchSite = request.headers['sec-fetch-site'];
    if (fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none') {
      return reply.code(403).send({ message: MESSAGES.crossSite });
    }
    const origin = request.headers.origin;
    if (origin !== undefined && !sameHost(origin, request.headers.host)) {
      return reply.code(403).send({ message: MESSAGES.crossSite });
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
