// Downloads: one result, one original (for the comparison view), or a streamed ZIP of all results.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { once } from 'node:events';
import { ZipArchive } from 'archiver';
import type { JobRow } from '#server/jobs/job-service';
import { uniqueNames, zipEntryName } from '#server/jobs/filename';
import { outputFilename } from '#contract/settings';
import { attachmentHeader } from '#server/http/content-disposition';
import { DomainError, notFound } from '#server/errors';
import { ownerOfRequest } from '#server/http/session-hook';
import type { RouteDeps } from '#server/http/deps';

/** A download must never be rendered as a page, even if a browser opens it directly. */
const DOWNLOAD_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
  'Cache-Control': 'private, no-cache',
};

/** The result's type and name: the output format's, which Auto or a conversion may have changed. */
function resultFile(job: JobRow): { mimeType: string; filename: string } {
  const mimeType = job.output_mime_type ?? job.mime_type;
  return { mimeType, filename: outputFilename(job.filename, job.mime_type, mimeType) };
}

export function registerDownloadRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const ownedLiveJob = async (id: string, ownerId: string): Promise<JobRow> => {
    const job = await deps.jobService.findOwned(id, ownerId);
    if (!job) throw notFound('Job not found');
    if (job.expires_at <= deps.clock.now()) throw new DomainError('EXPIRED', 'This file has expired and was deleted');
    return job;
  };

  const sendBlob = async (reply: FastifyReply, job: JobRow, kind: 'result' | 'original') => {
    const size = await deps.blobs.size(kind, job.id);
    const body = size === null ? null : await deps.blobs.openRead(kind, job.id);
    if (size === null || !body) throw notFound('File not found');
    const file = kind === 'result' ? resultFile(job) : { mimeType: job.mime_type, filename: job.filename };
    return reply
      .headers(DOWNLOAD_HEADERS)
      .header('Content-Type', file.mimeType)
      .header('Content-Length', String(size))
      .header('Content-Disposition', attachmentHeader(file.filename))
      .send(body);
  };

  app.get<{ Params: { id: string } }>('/api/download/:id', async (request, reply) => {
    const job = await ownedLiveJob(request.params.id, ownerOfRequest(request));
    if (job.status !== 'completed') throw new DomainError('NOT_READY', 'This image has not finished compressing yet');
    return sendBlob(reply, job, 'result');
  });

  // The card preview: immutable under its versioned URL, and private (only its owner may keep a copy).
  app.get<{ Params: { id: string } }>('/api/jobs/:id/preview', async (request, reply) => {
    const job = await ownedLiveJob(request.params.id, ownerOfRequest(request));
    const size = job.status === 'completed' ? await deps.blobs.size('preview', job.id) : null;
    const body = size === null ? null : await deps.blobs.openRead('preview', job.id);
    if (size === null || !body) throw notFound('No preview for this job');
    return reply
      .headers({ ...DOWNLOAD_HEADERS, 'Cache-Control': 'private, max-age=86400, immutable' })
      .header('Content-Type', 'image/webp')
      .header('Content-Length', String(size))
      .send(body);
  });

  // The original for the comparison and Adjust: the upload, or a WebP rendering of an upload browsers cannot show.
  app.get<{ Params: { id: string } }>('/api/jobs/:id/original-preview', async (request, reply) => {
    const view = await deps.originalViews.open(ownerOfRequest(request), request.params.id);
    return reply
      .headers(DOWNLOAD_HEADERS)
      .header('Content-Type', view.mimeType)
      .header('Content-Length', String(view.size))
      .header('Content-Disposition', attachmentHeader(view.filename))
      .send(view.body);
  });

  /** The owner's downloadable results, oldest first so the first upload keeps the plain name in the ZIP. */
  const zipJobs = async (ownerId: string): Promise<JobRow[]> => {
    const now = deps.clock.now();
    const jobs = (await deps.jobService.list(ownerId)).filter((j) => j.status === 'completed' && j.expires_at > now).reverse();
    if (jobs.length === 0) throw notFound('There are no compressed images to download yet');
    return jobs;
  };

  // The page checks with HEAD before it hands the download to the browser through a plain link (which streams the
  // ZIP to disk but cannot report a refusal), so a refusal still gets its toast. HEAD never builds the archive.
  app.head('/api/download-all', async (request, reply) => {
    await zipJobs(ownerOfRequest(request));
    return reply.headers(DOWNLOAD_HEADERS).header('Content-Type', 'application/zip').send();
  });

  app.get('/api/download-all', { exposeHeadRoute: false }, async (request, reply) => {
    const jobs = await zipJobs(ownerOfRequest(request));

    // Stored, not deflated: every image format we write is already compressed. Streamed: never built in memory or on disk.
    const zip = new ZipArchive({ store: true });
    zip.on('warning', (err: Error) => request.log.warn({ err }, 'zip warning'));
    zip.on('error', (err: Error) => {
      request.log.error({ err }, 'zip failed');
      reply.raw.destroy(err);
    });
    // Made unique after the extension change: "a.jpg" and "a.png" both converted to AVIF are "a.avif" and "a (2).avif".
    const names = uniqueNames(jobs.map((j) => zipEntryName(resultFile(j).filename)));
    reply
      .headers(DOWNLOAD_HEADERS)
      .header('Content-Type', 'application/zip')
      .header('Content-Disposition', attachmentHeader('compressed-images.zip'));
    void (async () => {
      for (const [i, job] of jobs.entries()) {
        // A job deleted after we listed it simply drops out of the archive.
        const body = await deps.blobs.openRead('result', job.id);
        if (!body) continue;
        // One stored file open at a time: the next is opened once this one is in the archive.
        const added = once(zip, 'entry');
        zip.append(body, { name: names[i]!, date: new Date(job.completed_at ?? job.created_at) });
        await added;
      }
      await zip.finalize();
    })().catch((err) => zip.emit('error', err));
    return reply.send(zip);
  });
}
