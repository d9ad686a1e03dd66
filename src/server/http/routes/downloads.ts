// Downloads: one result, a card preview, one original (for the comparison view), or a streamed ZIP of all results.
// What may be downloaded is the download use case's (jobs/download-service.ts); these map it to responses.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { once } from 'node:events';
import { ZipArchive } from 'archiver';
import type { StoredFile } from '#server/jobs/download-service';
import { attachmentHeader } from '#server/http/content-disposition';
import { ownerOfRequest } from '#server/http/session-hook';
import type { RouteDeps } from '#server/http/deps';

/** A download must never be rendered as a page, even if a browser opens it directly. */
const DOWNLOAD_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
  'Cache-Control': 'private, no-cache',
};

const sendAttachment = (reply: FastifyReply, file: StoredFile) =>
  reply
    .headers(DOWNLOAD_HEADERS)
    .header('Content-Type', file.mimeType)
    .header('Content-Length', String(file.size))
    .header('Content-Disposition', attachmentHeader(file.filename))
    .send(file.body);

export function registerDownloadRoutes(app: FastifyInstance, deps: RouteDeps): void {
  app.get<{ Params: { id: string } }>('/api/download/:id', async (request, reply) =>
    sendAttachment(reply, await deps.downloads.result(ownerOfRequest(request), request.params.id)),
  );

  // The card preview: immutable under its versioned URL, and private (only its owner may keep a copy).
  app.get<{ Params: { id: string } }>('/api/jobs/:id/preview', async (request, reply) => {
    const preview = await deps.downloads.preview(ownerOfRequest(request), request.params.id);
    return reply
      .headers({ ...DOWNLOAD_HEADERS, 'Cache-Control': 'private, max-age=86400, immutable' })
      .header('Content-Type', preview.mimeType)
      .header('Content-Length', String(preview.size))
      .send(preview.body);
  });

  // The original for the comparison and Adjust: the upload, or a WebP rendering of an upload browsers cannot show.
  app.get<{ Params: { id: string } }>('/api/jobs/:id/original-preview', async (request, reply) =>
    sendAttachment(reply, await deps.originalViews.open(ownerOfRequest(request), request.params.id)),
  );

  // The page checks with HEAD before it hands the download to the browser through a plain link (which streams the
  // ZIP to disk but cannot report a refusal), so a refusal still gets its toast. HEAD never builds the archive.
  app.head('/api/download-all', async (request, reply) => {
    await deps.downloads.zipEntries(ownerOfRequest(request));
    return reply.headers(DOWNLOAD_HEADERS).header('Content-Type', 'application/zip').send();
  });

  app.get('/api/download-all', { exposeHeadRoute: false }, async (request, reply) => {
    const entries = await deps.downloads.zipEntries(ownerOfRequest(request));

    // Stored, not deflated: every image format we write is already compressed. Streamed: never built in memory or on disk.
    const zip = new ZipArchive({ store: true });
    zip.on('warning', (err: Error) => request.log.warn({ err }, 'zip warning'));
    zip.on('error', (err: Error) => {
      request.log.error({ err }, 'zip failed');
      reply.raw.destroy(err);
    });
    reply
      .headers(DOWNLOAD_HEADERS)
      .header('Content-Type', 'application/zip')
      .header('Content-Disposition', attachmentHeader('compressed-images.zip'));
    void (async () => {
      for (const entry of entries) {
        const body = await entry.open();
        if (!body) continue;
        // One stored file open at a time: the next is opened once this one is in the archive.
        const added = once(zip, 'entry');
        zip.append(body, { name: entry.name, date: entry.date });
        await added;
      }
      await zip.finalize();
    })().catch((err) => zip.emit('error', err));
    return reply.send(zip);
  });
}
