// Maps every thrown error to JSON { message, code } with the status of http/error-status.ts; never leaks internals
// on 5xx. Services throw DomainError; low-level faults are named by classifyFault; Fastify's own errors by their code.
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { ZodError } from 'zod';
import type { ApiError } from '#contract/api';
import { DomainError } from '#server/errors';
import { classifyFault } from '#server/faults';
import { CODE_OF_STATUS, FRAMEWORK_ERRORS, STATUS_OF } from './error-status';
import type { PageFallback } from './static-client';

const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';

export function sendDomainError(reply: FastifyReply, error: DomainError, status = STATUS_OF[error.code]): FastifyReply {
  if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.retryAfterSeconds));
  if (error.bodyAbandoned) reply.header('Connection', 'close');
  const body: ApiError = { ...error.details, message: error.message, code: error.code };
  if (error.field !== undefined) body.field = error.field;
  // So a user can quote it, and an operator find every log line of the request (http/request-id.ts).
  body.requestId = reply.request.id;
  return reply.code(status).send(body);
}

/** Fastify's own 4xx errors (bad JSON, body limits, multipart framing) as domain errors, keeping their status. */
function frameworkError(error: FastifyError): { error: DomainError; status: number } | null {
  const known = FRAMEWORK_ERRORS[error.code];
  if (known) return { error: new DomainError(known.code, known.message), status: STATUS_OF[known.code] };
  const status = error.statusCode ?? 500;
  if (status < 400 || status >= 500) return null;
  const code = CODE_OF_STATUS[status] ?? 'MALFORMED_REQUEST';
  return { error: new DomainError(code, error.message || 'Bad request'), status };
}

export function installErrorHandler(app: FastifyInstance, pageFallback: () => PageFallback | null): void {
  app.setErrorHandler((error: FastifyError | DomainError | ZodError, request, reply) => {
    if (error instanceof DomainError) return sendDomainError(reply, error);
    if (error instanceof ZodError) {
      const issue = error.issues[0];
      const field = issue?.path.length ? issue.path.join('.') : undefined;
      return sendDomainError(reply, new DomainError('VALIDATION_FAILED', issue?.message ?? 'Invalid request', { field }));
    }
    const fault = classifyFault(error);
    if (fault) {
      request.log.warn({ err: error, code: fault.code }, 'environment fault');
      return sendDomainError(reply, fault);
    }
    const framework = frameworkError(error as FastifyError);
    if (framework) return sendDomainError(reply, framework.error, framework.status);
    request.log.error({ err: error }, 'request failed');
    return sendDomainError(reply, new DomainError('INTERNAL', INTERNAL_MESSAGE));
  });

  // Unknown API paths get a JSON 404; unknown page paths get the app (which shows its 404 page) with status 404.
  app.setNotFoundHandler((request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    const fallback = pageFallback();
    if (fallback && request.method === 'GET' && !urlPath.startsWith('/api/') && urlPath !== '/api') {
      return fallback(request, reply);
    }
    return sendDomainError(reply, new DomainError('NOT_FOUND', `No such endpoint: ${request.method} ${urlPath}`));
  });
}
