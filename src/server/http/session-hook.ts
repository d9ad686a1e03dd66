// Attaches the caller's session to every API request; a browser without one gets a guest session cookie.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SessionRow } from '../db/schema';
import { ownerOf, type IssuedSession, type SessionService } from '../auth/session-service';
import { SESSION_LIFETIMES } from '../auth/session-service';

export const SESSION_COOKIE = 'sid';

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionRow;
  }
}

/** Paths that never need a session (and so never create guest rows for health checkers). */
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
  app.decorateRequest('session', null as unknown as SessionRow);
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (!path.startsWith('/api/') || SESSIONLESS.has(path)) return;
    const existing = await sessions.resolve(request.cookies[SESSION_COOKIE]);
    if (existing) {
      request.session = existing;
      return;
    }
    const issued = await sessions.createGuest();
    setSessionCookie(request, reply, issued);
    request.session = issued.session;
  });
}

export const ownerOfRequest = (request: FastifyRequest): string => ownerOf(request.session);
