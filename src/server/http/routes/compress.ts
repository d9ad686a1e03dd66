// POST /api/compress: multipart upload of images -> pending jobs.
import type { FastifyInstance } from 'fastify';
import { compressFieldsSchema, type CompressResponse } from '../../../contract/api';
import { MESSAGES } from '../../../contract/messages';
import { HttpError } from '../errors';
import { discardAccepted, receiveUpload, type IntakeResult } from '../upload-intake';
import { intakeLimitsFor, maxUploadBodyBytes } from '../upload-limits';
import { ownerOfRequest } from '../session-hook';
import { toJobJson } from '../../jobs/job-json';
import type { RouteDeps } from './index';

export function registerCompressRoutes(app: FastifyInstance, deps: RouteDeps): void {
  app.post('/api/compress', async (request, reply) => {
    if (!deps.acceptingUploads()) {
      throw new HttpError(503, 'The server is restarting; please try again in a moment.', { 'Retry-After': '10' });
    }
    const ownerId = ownerOfRequest(request);
    await deps.admission.check(ownerId);
    const limits = intakeLimitsFor(request.session, deps.uploadMinRate);
    const maxBody = maxUploadBodyBytes(limits);
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBody) {
      throw new HttpError(413, limits.tooLargeMessage, { Connection: 'close' });
    }

    let intake: IntakeResult;
    try {
      intake = await receiveUpload(request, deps.blobs, limits, maxBody);
    } catch (err) {
      throw storageError(err) ?? unreadableUpload(err) ?? err;
    }
    if (intake.tooManyFiles) {
      await discardAccepted(intake);
      throw new HttpError(400, MESSAGES.tooManyFiles);
    }
    const fields = compressFieldsSchema.safeParse(intake.fields);
    if (!fields.success) {
      await discardAccepted(intake);
      throw new HttpError(400, fields.error.issues[0]?.message ?? 'Invalid compression settings');
    }
    if (intake.accepted.length === 0) throw noFileAccepted(intake);

    const rows = await deps.jobService
      .createJobs(ownerId, intake.accepted, fields.data.quality, fields.data.type)
      .catch(async (err) => {
        await discardAccepted(intake);
        throw storageError(err) ?? err;
      });
    const body: CompressResponse = {
      jobs: rows.map(toJobJson),
      rejected: intake.rejected.map(({ filename, message }) => ({ filename, message })),
    };
    return reply.code(201).send(body);
  });
}

/** Nothing accepted: the status says why; the body still names every refused file so the UI can list them. */
function noFileAccepted(intake: IntakeResult): HttpError {
  const rejected = intake.rejected.map(({ filename, message }) => ({ filename, message }));
  const refuse = (status: number, message: string) => new HttpError(status, message, {}, { rejected });
  const first = (reason: string) => intake.rejected.find((r) => r.reason === reason);
  const size = first('size');
  if (size) return refuse(413, size.message);
  const type = first('type');
  if (type) return refuse(415, type.message);
  if (first('empty')) return refuse(400, 'The uploaded file is empty');
  return refuse(400, 'No images were uploaded: send them in the "images" field');
}

/**
 * The multipart parser's own failures (broken boundaries, bad part headers, a body that ends early) are the
 * client's fault: 400. File-system errors (they carry a syscall) are ours and stay 5xx unless mapped above.
 */
function unreadableUpload(err: unknown): HttpError | null {
  if (err instanceof HttpError || (err as NodeJS.ErrnoException)?.syscall) return null;
  const status = (err as { statusCode?: number }).statusCode;
  if (status && status < 500) return null; // already a client error with its own message
  return new HttpError(400, 'The upload could not be read: the multipart data is malformed or incomplete');
}

/** Disk full or read-only storage: the upload is refused with a clear message, the server keeps running. */
function storageError(err: unknown): HttpError | null {
  const code = (err as NodeJS.ErrnoException)?.code;
  if (code === 'ENOSPC' || code === 'EDQUOT') {
    return new HttpError(507, 'The server is out of storage space right now; please try again later.', { 'Retry-After': '60' });
  }
  if (code === 'EROFS' || code === 'EACCES' || code === 'EPERM') {
    return new HttpError(503, 'The server cannot store uploads right now; please try again later.', { 'Retry-After': '60' });
  }
  return null;
}
