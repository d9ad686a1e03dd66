// `Authorization: Bearer <key>` resolves to the key's user before any route runs (docs/decisions/0261-api-key-scope.md).
// A request that presents a key is judged by the key alone: its cookies are ignored, so it needs no cross-site check.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiKeyRow, SessionRow } from '#server/db/schema';
import type { ApiKeyService } from '#server/auth/api-key-service';
import { RateLimitExceeded, rateHeaders, type FairUse } from '#server/api/fair-use';
import { DomainError } from '#server/errors';
import { sendDomainError } from './error-handler';
import { MESSAGES } from '#contract/messages';

declare module 'fastify' {
  interface FastifyRequest {
    /** The key that authenticated this request, or null for cookie (browser) requests. */
    apiKey: ApiKeyRow | null;
  }
}

/**
 * What a key may reach: jobs, queue, downloads, upload settings and its own usage. Account and key management stay
 * session-only, so a leaked key can neither mint new keys, revoke the owner's, nor delete or export the account.
 */
const KEY_REACHABLE = [
  /^\/api\/compress$/,
  /^\/api\/jobs(\/.*)?$/,
  /^\/api\/queue\/[^/]+$/,
  /^\/api\/download(-all|\/[^/]+)$/,
  /^\/api\/upload-config$/,
  /^\/api\/compression-presets$/,
  /^\/api\/usage$/,
  /^\/api\/webhooks(\/.*)?$/,
  /^\/api\/openapi\.json$/,
];

export const isKeyReachable = (path: string): boolean => KEY_REACHABLE.some((re) => re.test(path));

/** The key in an `Authorization: Bearer` header, or null when the request does not present one. */
export function bearerKey(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  return match ? match[1]! : null;
}

/** The session-shaped stand-in that lets every owner-scoped route treat a key request as its user. */
function keySession(row: ApiKeyRow): SessionRow {
  return {
    id: `api-key:${row.id}`,
    user_id: row.user_id,
    guest_id: row.user_id,
    created_at: row.created_at,
    last_seen_at: row.last_used_at ?? row.created_at,
    expires_at: Number.MAX_SAFE_INTEGER,
  };
}

export function installApiKeyAuth(app: FastifyInstance, keys: ApiKeyService, fairUse: FairUse): void {
  app.decorateRequest('apiKey', null);
  app.addHook('onRequest', async (request, reply) => {
    const presented = bearerKey(request);
    if (presented === null) return;
    const path = request.url.split('?')[0] ?? '';
    if (!path.startsWith('/api/')) return;
    const row = await keys.resolve(presented);
    if (!row) {
      reply.header('WWW-Authenticate', 'Bearer realm="api", error="invalid_token"');
      return sendDomainError(reply, new DomainError('INVALID_API_KEY', `${MESSAGES.unauthorized}: the API key is not valid or was revoked`));
    }
    if (!isKeyReachable(path)) {
      return sendDomainError(reply, new DomainError('SESSION_REQUIRED', 'API keys cannot manage accounts or keys; sign in on the website to do that.'));
    }
    request.apiKey = row;
    request.session = keySession(row);
    // Counted after authentication: a wrong key never uses up the owner's allowance. Throws 429 when over.
    const state = await fairUse.countRequest(row).catch((err: unknown) => {
      if (err instanceof RateLimitExceeded) reply.headers(rateHeaders(err.state));
      throw err;
    });
    reply.headers(rateHeaders(state));
  });
}
