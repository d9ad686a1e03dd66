// Accounts: register, login, logout, current user, delete account, export data.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { loginSchema, registerSchema } from '#contract/api';
import { toUserJson } from '#server/auth/account-service';
import { toJobJson } from '#server/jobs/job-json';
import { attachmentHeader } from '#server/http/content-disposition';
import { unauthenticated } from '#server/errors';
import { clearSessionCookie, setSessionCookie } from '#server/http/session-hook';
import type { RouteDeps } from '#server/http/deps';

/** The caller's stored session, or null for a visitor who has none yet (nothing to carry over or end). */
const storedSession = (request: FastifyRequest) => (request.sessionStored ? request.session : null);

const requireUserId = (request: FastifyRequest): string => {
  if (!request.session.user_id) throw unauthenticated();
  return request.session.user_id;
};

export function registerAuthRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { accounts } = deps;

  app.post('/api/register', async (request, reply) => {
    const input = registerSchema.parse(request.body ?? {});
    const { user, issued } = await accounts.register(input, storedSession(request));
    setSessionCookie(request, reply, issued);
    return reply.code(201).send(toUserJson(user));
  });

  app.post('/api/login', async (request, reply) => {
    const input = loginSchema.parse(request.body ?? {});
    const { user, issued } = await accounts.login(input, storedSession(request), request.ip);
    setSessionCookie(request, reply, issued);
    return toUserJson(user);
  });

  app.post('/api/logout', async (request, reply) => {
    const current = storedSession(request);
    if (current) await accounts.logout(current);
    clearSessionCookie(request, reply);
    return reply.code(204).send();
  });

  app.get('/api/user', async (request) => {
    const user = await accounts.currentUser(request.session);
    if (!user) throw unauthenticated();
    return toUserJson(user);
  });

  app.delete('/api/user', async (request, reply) => {
    await accounts.deleteAccount(requireUserId(request));
    clearSessionCookie(request, reply);
    return reply.code(204).send();
  });

  app.get('/api/user/export', async (request, reply) => {
    const { user, jobs } = await accounts.export(requireUserId(request));
    const body = {
      exportedAt: new Date(deps.clock.now()).toISOString(),
      account: toUserJson(user),
      jobs: jobs.map(toJobJson),
    };
    return reply
      .header('Content-Disposition', attachmentHeader('my-data.json'))
      .header('Cache-Control', 'no-store')
      .send(body);
  });
}
