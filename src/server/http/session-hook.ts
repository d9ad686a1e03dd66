// Attaches the caller's session to every API request. A browser without one is an unsaved guest who owns nothing:
// reads answer as for an empty guest and store nothing; a guest session is stored (and its cookie set) only when
// the visitor first needs one, through `ensureStoredSession` (first upload, first pause). Storing one for every
// cookieless request let any client write thousands of session rows a second, each kept for two days.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ownerOf, type IssuedSession, type Session, type SessionService } from '#server/auth/session-service';
import { SESSION_LIFETIMES } from '#server/auth/session-service';
import type { Caller } from '#server/jobs/job-service';

export const SESSION_COOKIE = 'sid';

declare module 'fastify' {
  interface FastifyRequest {
    session: Session;
    /** False while `session` is an unsaved guest (no cookie, or an unknown or expired one). */
    sessionStored: boolean;
  }
}

/** Paths that never need a session, not even to read one. */
const SESSIONLESS = new Set(['/api/health']);

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, issued: IssuedSession): void {
  const lifetime = issued.session.user_id ? SESSION_LIFETIMES.user : SESSION_LIFETIMES.guest;
  reply.setCookie(SESSION_COOKIE, issued.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: Math.floor(lifetime.absoluteMs / 1000),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https' });
}

export function installSessionHook(app: FastifyInstance, sessions: SessionService): void {
  app.decorateRequest('session', null as unknown as Session);
  app.decorateRequest('sessionStored', false);
  app.addHook('onRequest', async (request) => {
    const path = request.url.split('?')[0] ?? '';
    if (!path.startsWith('/api/') || SESSIONLESS.has(path)) return;
    if (request.apiKey) return; // authenticated by an API key (api-key-auth.ts): no cookie, no guest session
    const existing = await sessions.resolve(request.cookies[SESSION_COOKIE]);
    request.session = existing ?? sessions.unsavedGuest();
    request.sessionStored = existing !== null;
  });
}

/**
 * The caller's stored session, storing a guest session (and setting its cookie) if the caller has none yet. For
 * actions that must be remembered: an upload, a pause. 429 past the per-address limit of new guest sessions.
 */
export async function ensureStoredSession(request: FastifyRequest, reply: FastifyReply, sessions: SessionService): Promise<Session> {
  if (request.sessionStored || request.apiKey) return request.session;
  const issued = await sessions.createGuest(request.ip);
  setSessionCookie(request, reply, issued);
  request.session = issued.session;
  request.sessionStored = true;
  return issued.session;
}

export const ownerOfRequest = (request: FastifyRequest): string => ownerOf(request.session);

/** The caller as the use cases see it: owner, guest address (guests only) and the API key presented, if any. */
export const callerOf = (request: FastifyRequest): Caller => ({
  ownerId: ownerOfRequest(request),
  guestAddress: request.session.user_id ? null : request.ip,
  apiKey: request.apiKey,
  requestId: request.id,
});
