// Downloads: one result, one original (for the comparison view), or a streamed ZIP of all results.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ZipArchive } from 'archiver';
import type { JobRow } from '../../db/schema';
import type { BlobKind } from '../../storage/blob-store';
import { uniqueNames } from '../../jobs/filename';
import { attachmentHeader } from '../content-disposition';
import { HttpError, notFound } from '../errors';
import { ownerOfRequest } from '../session-hook';
import type { RouteDeps } from './index';

/** A download must never be rendered as a page, even if a browser opens it directly. */
const DOWNLOAD_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
  'Cache-Control': 'private, no-cache',
};

export function registerDownloadRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const ownedLiveJob = async (id: string, ownerId: string): Promise<JobRow> => {
    const job = await deps.jobService.findOwned(id, ownerId);
    if (!job) throw notFound('Job not found');
    if (job.expires_at <= deps.clock.now()) throw new HttpError(410, 'This file has expired and was deleted');
    return job;
  };

  const sendBlob = async (reply: FastifyReply, job: JobRow, kind: BlobKind) => {
    const size = await deps.blobs.size(kind, job.id);
    if (size === null) throw notFound('File not found');
    return reply
      .headers(DOWNLOAD_HEADERS)
      .header('Content-Type', job.mime_type)
      .header('Content-Length', String(size))
      .header('Content-Disposition', attachmentHeader(job.filename))
      .send(deps.blobs.createReadStream(kind, job.id));
  };

  app.get<{ Params: { id: string } }>('/api/download/:id', async (request, reply) => {
    const job = await ownedLiveJob(request.params.id, ownerOfRequest(request));
    if (job.status !== 'completed') throw new HttpError(409, 'This image has not finished compressing yet');
    return sendBlob(reply, job, 'result');
  });

  app.get<{ Params: { id: string } }>('/api/jobs/:id/original-preview', async (request, reply) => {
    const job = await ownedLiveJob(request.params.id, ownerOfRequest(request));
    return sendBlob(reply, job, 'original');
  });

  app.get('/api/download-all', async (request, reply) => {
    const now = deps.clock.now();
    const jobs = (await deps.jobService.list(ownerOfRequest(request)))
      .filter((j) => j.status === 'completed' && j.expires_at > now)
      .reverse(); // oldest first, so the first upload keeps the plain name
    if (jobs.length === 0) throw notFound('There are no compressed images to download yet');

    // Stored, not deflated: JPEG and PNG are already compressed. Streamed: never built in memory or on disk.
    const zip = new ZipArchive({ store: true });
    zip.on('warning', (err: Error) => request.log.warn({ err }, 'zip warning'));
    zip.on('error', (err: Error) => {
      request.log.error({ err }, 'zip failed');
      reply.raw.destroy(err);
    });
    const names = uniqueNames(jobs.map((j) => j.filename));
    reply
      .headers(DOWNLOAD_HEADERS)
      .header('Content-Type', 'application/zip')
      .header('Content-Disposition', attachmentHeader('compressed-images.zip'));
    void (async () => {
      for (const [i, job] of jobs.entries()) {
        // A job deleted after we listed it simply drops out of the archive.
        if ((await deps.blobs.size('result', job.id)) === null) continue;
        zip.append(deps.blobs.createReadStream('result', job.id), { name: names[i]!, date: new Date(job.completed_at ?? now) });
      }
      await zip.finalize();
    })().catch((err) => zip.emit('error', err));
    return reply.send(zip);
  });
}
