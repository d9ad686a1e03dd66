// Tinify-compatible endpoints (docs/decisions/0266-tinify-compatible-endpoints.md): POST /shrink, GET /output/<id>,
// POST /output/<id>. HTTP Basic auth `api:<key>`, checked before the body is read; the use cases are in tinify/.
// Errors are Tinify's `{ error, message }` with its statuses.
import fsp from 'node:fs/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FORMAT_MIME_TYPES } from '#contract/settings';
import { USER_MAX_FILE_SIZE } from '#contract/limits';
import { fileTooLargeMessage } from '#contract/messages';
import { tinifyOutputRequestSchema, tinifyShrinkSourceSchema } from '#contract/tinify';
import type { AuthenticatedKey } from '#server/auth/api-key-service';
import { outputFactsOf, shrinkResponse, type TinifyOutputFacts } from '#server/tinify/tinify-output-facts';
import { fetchSourceUrl, SourceUrlRefused } from '#server/tinify/source-url';
import { TinifyError } from '#server/tinify/tinify-error';
import { RateLimitExceeded, rateHeaders } from '#server/fair-use/fair-use';
import { DomainError } from '#server/errors';
import { STATUS_OF } from '#server/http/error-status';
import { presentedKey, resolveKey } from '#server/http/api-key-auth';
import { RawBodyRefused, receiveRawBody, storeRawBytes } from '#server/http/raw-body-intake';
import type { RouteDeps } from '#server/http/deps';
import { attachmentHeader } from '#server/http/content-disposition';

/**
 * An output is never rendered as a page in our origin. Any finished job of the key's owner can be fetched here by
 * id, so also an SVG uploaded through the web or the API (Tinify's /shrink takes none), whose result is an SVG: as
 * for our downloads, it is sandboxed and an attachment (docs/decisions/0404-svg-output.md).
 */
function outputHeaders(facts: TinifyOutputFacts): Record<string, string> {
  // The app's policy for responses that are not pages, plus sandbox.
  const headers: Record<string, string> = { 'X-Content-Type-Options': 'nosniff', 'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'; sandbox" };
  if (facts.mimeType === 'image/svg+xml') headers['Content-Disposition'] = attachmentHeader(facts.filename);
  if (facts.note) headers['Compression-Note'] = facts.note;
  return headers;
}

/** The parsed body of a raw upload: nothing yet, the bytes are still in the socket for /shrink to stream to disk. */
const UNREAD = Symbol('unread body');

const REFUSAL_STATUS = { empty: [400, 'InputMissing'], unsupported: [415, 'Unsupported media type'], 'too-large': [413, 'BadRequest'] } as const;

/** Abort signal of the client going away before we answered. */
function clientGone(reply: FastifyReply): AbortSignal {
  const gone = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) gone.abort();
  });
  return gone.signal;
}

export function registerTinifyRoutes(app: FastifyInstance, deps: RouteDeps): void {
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_req, body: Buffer, done) => {
      try {
        done(null, body.length ? JSON.parse(body.toString('utf8')) : {});
      } catch {
        done(new TinifyError(400, 'BadRequest', 'The request body is not valid JSON.'));
      }
    });
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null, UNREAD));

    scope.setErrorHandler((error: unknown, request, reply) => {
      if (error instanceof TinifyError) return reply.code(error.status).headers(error.headers).send({ requestId: request.id, error: error.type, message: error.message });
      if (error instanceof RawBodyRefused) {
        const [status, type] = REFUSAL_STATUS[error.reason];
        return reply.code(status).send({ requestId: request.id, error: type, message: error.message });
      }
      if (error instanceof DomainError) {
        const status = STATUS_OF[error.code];
        if (error instanceof RateLimitExceeded) reply.headers(rateHeaders(error.state));
        if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.retryAfterSeconds));
        if (error.bodyAbandoned) reply.header('Connection', 'close');
        const type = status === 429 ? 'TooManyRequests' : status === 401 ? 'Unauthorized' : status === 415 ? 'Unsupported media type' : status >= 500 ? 'ServerError' : 'BadRequest';
        return reply.code(status).send({ requestId: request.id, error: type, message: error.message });
      }
      const status = (error as { statusCode?: number }).statusCode ?? 500;
      if (status === 413) return reply.code(413).send({ requestId: request.id, error: 'BadRequest', message: 'The file is too large.' });
      if (status < 500) return reply.code(status).send({ requestId: request.id, error: 'BadRequest', message: (error as Error).message });
      request.log.error({ err: error }, 'tinify request failed');
      return reply.code(500).send({ requestId: request.id, error: 'ServerError', message: 'Something went wrong on our side. Please try again.' });
    });

    // The key first, before any body is read: a request without a valid one is answered 401 and its connection closed.
    scope.addHook('onRequest', async (request, reply) => {
      const presented = presentedKey(request);
      const key = presented?.scheme === 'basic' ? await resolveKey(request, presented.key, deps.apiKeys) : null;
      if (!key) throw new TinifyError(401, 'Unauthorized', 'Credentials are invalid.', hasBody(request) ? { Connection: 'close' } : {});
      reply.headers(rateHeaders(await deps.fairUse.countRequest(key)));
    });

    const keyOf = (request: FastifyRequest): AuthenticatedKey => request.apiKey!;
    const compressionCount = async (key: AuthenticatedKey) => String(await deps.fairUse.userImagesThisMonth(key.user_id));

    scope.post('/shrink', async (request, reply) => {
      const key = keyOf(request);
      const place = await deps.shrinks.admit(key);
      const job = await receiveShrinkInput(request, deps)
        .then((upload) => deps.shrinks.shrink(key, upload, place, clientGone(reply), request.id))
        .finally(() => place.release());
      const url = `${request.protocol}://${request.host}/output/${job.id}`;
      const body = shrinkResponse(job, url);
      return reply.code(201).header('Location', url).header('Compression-Count', await compressionCount(key)).send(body);
    });

    scope.get<{ Params: { id: string } }>('/output/:id', async (request, reply) => {
      const key = keyOf(request);
      const job = await deps.tinifyOutputs.finished(key, request.params.id, clientGone(reply));
      const file = await deps.downloads.resultOf(job);
      if (!file) throw new TinifyError(404, 'NotFound', 'The requested output no longer exists.');
      const facts = outputFactsOf(job);
      return reply
        .headers(outputHeaders(facts))
        .header('Content-Type', file.mimeType)
        .header('Content-Length', String(file.size))
        .header('Image-Width', String(facts.width))
        .header('Image-Height', String(facts.height))
        .header('Compression-Count', await compressionCount(key))
        .send(file.body);
    });

    scope.post<{ Params: { id: string } }>('/output/:id', async (request, reply) => {
      const key = keyOf(request);
      const parsed = tinifyOutputRequestSchema.safeParse(request.body === UNREAD ? {} : (request.body ?? {}));
      if (!parsed.success) throw new TinifyError(400, 'BadRequest', parsed.error.issues[0]?.message ?? 'Invalid request');
      const { store } = parsed.data;
      if (store) {
        // Tinify's answer to a store: where the object is and its size, no body.
        const stored = await deps.tinifyStores.store(key, request.params.id, { ...parsed.data, store }, clientGone(reply));
        return reply
          .code(200)
          .header('Location', stored.location)
          .header('Image-Width', String(stored.width))
          .header('Image-Height', String(stored.height))
          .header('Compression-Count', await compressionCount(key))
          .send();
      }
      const result = await deps.transforms.transform(key, request.params.id, parsed.data, clientGone(reply));
      try {
        const data = await fsp.readFile(result.outputPath);
        return reply
          .header('Content-Type', FORMAT_MIME_TYPES[result.format])
          .header('Image-Width', String(result.width))
          .header('Image-Height', String(result.height))
          .header('Compression-Count', await compressionCount(key))
          .send(data);
      } finally {
        await fsp.rm(result.outputPath, { force: true });
      }
    });
  });
}

const hasBody = (request: FastifyRequest) =>
  request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;

/** The image: the raw body streamed to disk, or `{"source": {"url"}}` fetched from an allowed host. */
async function receiveShrinkInput(request: FastifyRequest, deps: RouteDeps) {
  if (request.body === UNREAD) {
    return receiveRawBody(request, deps.uploadScratch, {
      maxBytes: USER_MAX_FILE_SIZE,
      tooLargeCode: 'FILE_TOO_LARGE',
      tooLargeMessage: fileTooLargeMessage(USER_MAX_FILE_SIZE),
      ...deps.uploadMinRate,
    });
  }
  if (!request.body || typeof request.body !== 'object' || Object.keys(request.body).length === 0) {
    throw new TinifyError(400, 'InputMissing', 'Input file is empty.');
  }
  const source = tinifyShrinkSourceSchema.safeParse(request.body);
  if (!source.success) throw new TinifyError(400, 'BadRequest', 'Send the image as the request body, or {"source": {"url": ...}}.');
  const data = await fetchSourceUrl(source.data.source.url, deps.tinifySourceHosts).catch((err: unknown) => {
    throw err instanceof SourceUrlRefused ? new TinifyError(400, 'Source', err.message) : err;
  });
  return storeRawBytes(data, deps.uploadScratch);
}
