// POST /api/compress: multipart upload of images -> pending jobs.
import type { FastifyInstance } from 'fastify';
import type { CompressResponse } from '#contract/api';
import { compressSettingsSchema, settingsFieldOf } from '#contract/settings-schema';
import type { ErrorCode } from '#contract/errors';
import { MESSAGES } from '#contract/messages';
import { DomainError } from '#server/errors';
import { classifyFault } from '#server/faults';
import { discardAccepted, receiveUpload, type IntakeResult } from '#server/http/upload-intake';
import { intakeLimitsFor, maxUploadBodyBytes } from '#server/http/upload-limits';
import { ensureStoredSession, ownerOfRequest } from '#server/http/session-hook';
import { toJobJson } from '#server/jobs/job-json';
import type { RouteDeps } from '#server/http/deps';

export function registerCompressRoutes(app: FastifyInstance, deps: RouteDeps): void {
  app.post('/api/compress', async (request, reply) => {
    if (!deps.acceptingUploads()) {
      throw new DomainError('SHUTTING_DOWN', 'The server is restarting; please try again in a moment.', { retryAfterSeconds: 10 });
    }
    // A new visitor's first upload is what gives them a stored guest session.
    await ensureStoredSession(request, reply, deps.sessions);
    const ownerId = ownerOfRequest(request);
    const applicant = { ownerId, guestAddress: request.session.user_id ? null : request.ip };
    await deps.admission.check(applicant);
    const limits = { ...intakeLimitsFor(request.session, deps.uploadMinRate), heicInput: deps.heicInput };
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
    if (intake.tooManyFiles) {
      await discardAccepted(intake);
      throw new DomainError('TOO_MANY_FILES', MESSAGES.tooManyFiles);
    }
    const fields = compressSettingsSchema.safeParse(intake.fields);
    if (!fields.success) {
      await discardAccepted(intake);
      const issue = fields.error.issues[0];
      const field = issue ? settingsFieldOf(issue) : undefined;
      throw new DomainError('INVALID_SETTINGS', issue?.message ?? 'Invalid compression settings', { field });
    }
    if (intake.accepted.length === 0) throw noFileAccepted(intake);
    // API keys: the images count against the key's and its user's monthly allowance (429 when over).
    if (request.apiKey) await deps.fairUse.chargeImages(request.apiKey, intake.accepted.length).catch(async (err) => {
      await discardAccepted(intake);
      throw err;
    });

    const rows = await deps.jobService
      .createJobs(
        { ...applicant, insert: (rows) => deps.admission.insert(applicant, rows) },
        intake.accepted,
        fields.data,
      )
      .catch(async (err) => {
        await discardAccepted(intake);
        throw classifyFault(err) ?? err;
      });
    const body: CompressResponse = {
      jobs: rows.map(toJobJson),
      rejected: intake.rejected,
      queuePaused: await deps.jobService.isPaused(applicant.ownerId),
    };
    return reply.code(201).send(body);
  });
}

/** Nothing accepted: the status says why; the body still names every refused file so the UI can list them. */
function noFileAccepted(intake: IntakeResult): DomainError {
  const refuse = (code: ErrorCode, message: string) => new DomainError(code, message, { details: { rejected: intake.rejected } });
  const first = (...codes: ErrorCode[]) => intake.rejected.find((r) => codes.includes(r.code));
  const size = first('GUEST_FILE_TOO_LARGE', 'FILE_TOO_LARGE');
  if (size) return refuse(size.code, size.message);
  const type = first('UNSUPPORTED_TYPE');
  if (type) return refuse(type.code, type.message);
  const small = first('FILE_TOO_SMALL');
  if (small) return refuse('FILE_TOO_SMALL', small.message);
  return refuse('NO_FILES', 'No images were uploaded: send them in the "images" field');
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
