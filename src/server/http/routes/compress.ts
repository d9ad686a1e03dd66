// POST /api/compress: a multipart upload of images -> pending jobs. This route reads the body (streamed to temp files
// under the caller's limits); what the files become is the upload use case's (jobs/upload-service.ts).
import type { FastifyInstance } from 'fastify';
import { classifyFault } from '#server/faults';
import { receiveUpload, unreadableUpload, type IntakeResult } from '#server/http/upload-intake';
import { intakeLimitsFor, maxUploadBodyBytes } from '#server/http/upload-limits';
import { callerOf, ensureStoredSession } from '#server/http/session-hook';
import type { RouteDeps } from '#server/http/deps';

export function registerCompressRoutes(app: FastifyInstance, deps: RouteDeps): void {
  app.post('/api/compress', async (request, reply) => {
    // A new visitor's first upload is what gives them a stored guest session.
    await ensureStoredSession(request, reply, deps.sessions);
    const caller = callerOf(request);
    await deps.uploads.admit(caller);
    const limits = { ...intakeLimitsFor(request.session, deps.uploadMinRate), heicInput: deps.heicInput };
    let intake: IntakeResult;
    try {
      // The settings are judged before any file is stored: a refused upload writes nothing to disk.
      intake = await receiveUpload(request, deps.uploadScratch, limits, maxUploadBodyBytes(limits), (fields) => deps.uploads.checkFieldsBeforeFiles(fields));
    } catch (err) {
      throw classifyFault(err) ?? unreadableUpload(err) ?? err;
    }
    const body = await deps.uploads.create(caller, intake).catch((err: unknown) => {
      throw classifyFault(err) ?? err;
    });
    return reply.code(201).send(body);
  });
}
