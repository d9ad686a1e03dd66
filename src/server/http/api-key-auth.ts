// API keys: one resolver for both ways a script presents one (`Authorization: Bearer <key>` on /api/*, and Tinify's
// HTTP Basic `api:<key>` on /shrink and /output/*), run before any route and before any body is read
// (docs/decisions/0261-api-key-scope.md, docs/decisions/0321-one-key-resolver.md). A request that presents a key is judged by the key
// alone: its cookies are ignored, so it needs no cross-site check. Which routes a key may reach is the contract's
// `auth` field of each route (contract/api-routes.ts), not a list kept here.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_ROUTES } from '#contract/api-routes';
import type { ApiKeyService, AuthenticatedKey } from '#server/auth/api-key-service';
import type { Session } from '#server/auth/session-service';
import { RateLimitExceeded, rateHeaders, type FairUse } from '#server/fair-use/fair-use';
import { DomainError } from '#server/errors';
import { sendDomainError } from './error-handler';
import { MESSAGES } from '#contract/messages';

declare module 'fastify' {
  interface FastifyRequest {
    /** The key that authenticated this request, or null for cookie (browser) requests. */
    apiKey: AuthenticatedKey | null;
  }
}

export type KeyScheme = 'bearer' | 'basic';

/** The key a request presents and how, or null when it presents none (Basic needs the user name Tinify uses: any). */
export function presentedKey(request: FastifyRequest): { scheme: KeyScheme; key: string } | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const bearer = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  if (bearer) return { scheme: 'bearer', key: bearer[1]! };
  const basic = /^Basic[ \t]+([A-Za-z0-9+/=]+)[ \t]*$/i.exec(header);
  if (!basic) return null;
  const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon >= 0 ? { scheme: 'basic', key: decoded.slice(colon + 1) } : null;
}

/** The key in an `Authorization: Bearer` header, or null when the request does not present one that way. */
export function bearerKey(request: FastifyRequest): string | null {
  const presented = presentedKey(request);
  return presented?.scheme === 'bearer' ? presented.key : null;
}

/** `GET /api/jobs/:id` style keys of the routes whose contract entry lets a Bearer key in (public ones too). */
const KEY_ROUTES = new Set(
  API_ROUTES.filter((r) => r.auth === 'session-or-key' || r.auth === 'public').map((r) => `${r.method.toUpperCase()} ${fastifyPath(r.path)}`),
);

/** The contract writes `/api/jobs/{id}`; Fastify registers `/api/jobs/:id`. */
export function fastifyPath(contractPath: string): string {
  return contractPath.replace(/\{([^}]+)\}/g, ':$1');
}

/** Whether a key may reach the route Fastify matched (`url` is its pattern); HEAD goes where GET may. */
export function isKeyReachable(method: string, url: string | undefined): boolean {
  if (!url) return false;
  const m = method === 'HEAD' ? 'GET' : method;
  return KEY_ROUTES.has(`${m} ${url}`);
}

/** The session-shaped stand-in that lets every owner-scoped route treat a key request as its user. */
function keySession(key: AuthenticatedKey): Session {
  return { id: `api-key:${key.id}`, user_id: key.user_id, guest_id: key.user_id };
}

/** The key, attached to the request as its caller, or null for an unknown or revoked key. */
export async function resolveKey(request: FastifyRequest, presented: string, keys: ApiKeyService): Promise<AuthenticatedKey | null> {
  const key = await keys.resolve(presented);
  if (!key) return null;
  request.apiKey = key;
  request.session = keySession(key);
  return key;
}

export function installApiKeyAuth(app: FastifyInstance, keys: ApiKeyService, fairUse: FairUse): void {
  app.decorateRequest('apiKey', null);
  app.addHook('onRequest', async (request, reply) => {
    const presented = bearerKey(request);
    if (presented === null) return;
    const path = request.url.split('?')[0] ?? '';
    if (!path.startsWith('/api/')) return;
    const row = await resolveKey(request, presented, keys);
    if (!row) {
      reply.header('WWW-Authenticate', 'Bearer realm="api", error="invalid_token"');
      return sendDomainError(reply, new DomainError('INVALID_API_KEY', `${MESSAGES.unauthorized}: the API key is not valid or was revoked`));
    }
    if (!isKeyReachable(request.method, request.routeOptions.url)) {
      return sendDomainError(reply, new DomainError('SESSION_REQUIRED', 'API keys cannot manage accounts or keys; sign in on the website to do that.'));
    }
    // Counted after authentication: a wrong key never uses up the owner's allowance. Throws 429 when over.
    const state = await fairUse.countRequest(row).catch((err: unknown) => {
      if (err instanceof RateLimitExceeded) reply.headers(rateHeaders(err.state));
      throw err;
    });
    reply.headers(rateHeaders(state));
  });
}
