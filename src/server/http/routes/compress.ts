// POST /api/compress: a multipart upload of images -> pending jobs. This route reads the body (streamed to temp files
// under the caller's limits); what the files become is the upload use case's (jobs/upload-service.ts).
import type { FastifyInstance } from 'fastify';
import { DomainError } from '#server/errors';
import { classifyFault } from '#server/faults';
import { receiveUpload, type IntakeResult } from '#server/http/upload-intake';
import { intakeLimitsFor, maxUploadBodyBytes } from '#server/http/upload-limits';
import { callerOf, ensureStoredSession } from '#server/http/session-hook';
import type { RouteDeps } from '#server/http/deps';

export function registerCompressRoutes(app: FastifyInstance, deps: RouteDeps): void {
  app.post('/api/compress', async (request, reply) => {
    // A new visitor's first upload is what gives them a stored guest session.
    await ensureStoredSession(request, reply, deps.sessions);
    const caller = callerOf(request);
    await deps.uploads.admit(caller);
    const limits = intakeLimitsFor(request.session, deps.uploadMinRate);
    const maxBody = maxUploadBodyBytes(limits);
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBody) {
      throw new DomainError(limits.tooLargeCode, limits.tooLargeMessage, { bodyAbandoned: true });
    }

    let intake: IntakeResult;
    try {
      intake = await receiveUpload(request, deps.blobs, limits, maxBody);
    } catch (err) {
      throw classifyFault(err) ?? unreadableUpload(err) ?? err;
    }
    const body = await deps.uploads.create(caller, intake).catch((err: unknown) => {
      throw classifyFault(err) ?? err;
    });
    return reply.code(201).send(body);
  });
}

/**
 * The multipart parser's own failures (broken boundaries, bad part headers, a body that ends early) are the
 * client's fault: 400. File-system errors (they carry a syscall) are ours and stay 5xx unless mapped above.
 */
function unreadableUpload(err: unknown): DomainError | null {
  if (err instanceof DomainError || (err as NodeJS.ErrnoException)?.syscall) return null;
  const status = (err as { statusCode?: number }).statusCode;
  if (status && status < 500) return null; // already a client error with its own message
  return new DomainError('MALFORMED_REQUEST', 'The upload could not be read: the multipart data is malformed or incomplete');
}
