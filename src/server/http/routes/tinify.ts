// Tinify-compatible endpoints (docs/decisions/0266-tinify-compatible-endpoints.md): POST /shrink, GET /output/<id>,
// POST /output/<id>. HTTP Basic auth `api:<key>` with our API keys; the same jobs, queue, limits and retention as
// every other upload. Errors are Tinify's `{ error, message }` with its statuses.
import fsp from 'node:fs/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUTO_DEFAULT_FORMATS, FORMAT_EXTENSIONS, FORMAT_MIME_TYPES, IMAGE_FORMATS, type ImageFormat } from '#contract/settings';
import { compressSettingsSchema } from '#contract/settings-schema';
import { USER_MAX_FILE_SIZE } from '#contract/limits';
import { tinifyOutputRequestSchema, tinifyShrinkSourceSchema, type TinifyShrinkResponse } from '#contract/tinify';
import type { ApiKeyRow, JobRow } from '#server/db/schema';
import { sniffImageFormat } from '#server/codec/planning';
import { CodecError } from '#server/codec/planning';
import { codecTimeLimit, DEFAULT_TIMEOUT_SECONDS } from '#server/codec/planning';
import { CodecCrashError } from '#server/sandbox/codec-pool';
import { JobWaiter } from '#server/api/job-waiter';
import { fetchSourceUrl, SourceUrlRefused } from '#server/tinify/source-url';
import { RateLimitExceeded, rateHeaders } from '#server/api/fair-use';
import { DomainError } from '#server/errors';
import { STATUS_OF } from '#server/http/error-status';
import type { RouteDeps } from '#server/http/deps';

/** How long POST /shrink waits for its job (Tinify answers synchronously). */
const SHRINK_WAIT_MS = 120_000;

class TinifyError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

const formatOfMime = (mime: string): ImageFormat | null => IMAGE_FORMATS.find((f) => FORMAT_MIME_TYPES[f] === mime) ?? null;

function basicKey(request: FastifyRequest): string | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(request.headers.authorization ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon >= 0 ? decoded.slice(colon + 1) : null;
}

export function registerTinifyRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const waiter = new JobWaiter();
  app.addHook('onClose', async () => waiter.stop());

  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_req, body: Buffer, done) => {
      try {
        done(null, body.length ? JSON.parse(body.toString('utf8')) : {});
      } catch {
        done(new TinifyError(400, 'BadRequest', 'The request body is not valid JSON.'));
      }
    });
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: USER_MAX_FILE_SIZE }, (_req, body: Buffer, done) => done(null, body));

    scope.setErrorHandler((error: unknown, request, reply) => {
      if (error instanceof TinifyError) return reply.code(error.status).headers(error.headers).send({ error: error.type, message: error.message });
      if (error instanceof DomainError) {
        const status = STATUS_OF[error.code];
        if (error instanceof RateLimitExceeded) reply.headers(rateHeaders(error.state));
        if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.retryAfterSeconds));
        const type = status === 429 ? 'TooManyRequests' : status === 401 ? 'Unauthorized' : status === 415 ? 'Unsupported media type' : status >= 500 ? 'ServerError' : 'BadRequest';
        return reply.code(status).send({ error: type, message: error.message });
      }
      const status = (error as { statusCode?: number }).statusCode ?? 500;
      if (status === 413) return reply.code(413).send({ error: 'BadRequest', message: 'The file is too large.' });
      if (status < 500) return reply.code(status).send({ error: 'BadRequest', message: (error as Error).message });
      request.log.error({ err: error }, 'tinify request failed');
      return reply.code(500).send({ error: 'ServerError', message: 'Something went wrong on our side. Please try again.' });
    });

    const authenticate = async (request: FastifyRequest, reply: FastifyReply): Promise<ApiKeyRow> => {
      const presented = basicKey(request);
      const key = presented ? await deps.apiKeys.resolve(presented) : null;
      if (!key) throw new TinifyError(401, 'Unauthorized', 'Credentials are invalid.');
      request.apiKey = key;
      reply.headers(rateHeaders(await deps.fairUse.countRequest(key)));
      return key;
    };

    const compressionCount = async (key: ApiKeyRow) => String(await deps.fairUse.userImagesThisMonth(key.user_id));

    const ownedJob = async (key: ApiKeyRow, id: string): Promise<JobRow> => {
      const job = /^[0-9a-f-]{36}$/.test(id) ? await deps.jobService.findOwned(id, key.user_id) : undefined;
      if (!job || job.expires_at <= deps.clock.now()) throw new TinifyError(404, 'NotFound', 'The requested output does not exist or has expired.');
      return job;
    };

    const finished = async (key: ApiKeyRow, job: JobRow, reply: FastifyReply): Promise<JobRow> => {
      const gone = new AbortController();
      reply.raw.once('close', () => gone.abort());
      const final = await waiter.wait(key.user_id, SHRINK_WAIT_MS, () => deps.jobService.findOwned(job.id, key.user_id), gone.signal);
      if (!final) throw new TinifyError(404, 'NotFound', 'The requested output no longer exists.');
      if (final.status === 'error') throw new TinifyError(415, 'Unsupported media type', final.error ?? 'The image could not be compressed.');
      if (final.status !== 'completed') throw new TinifyError(503, 'ServiceUnavailable', 'The image is still being compressed; try again shortly.', { 'Retry-After': '5' });
      return final;
    };

    scope.post('/shrink', async (request, reply) => {
      const key = await authenticate(request, reply);
      let data: Buffer;
      if (Buffer.isBuffer(request.body)) data = request.body;
      else if (request.body && typeof request.body === 'object' && Object.keys(request.body).length > 0) {
        const source = tinifyShrinkSourceSchema.safeParse(request.body);
        if (!source.success) throw new TinifyError(400, 'BadRequest', 'Send the image as the request body, or {"source": {"url": ...}}.');
        try {
          data = await fetchSourceUrl(source.data.source.url, deps.tinifySourceHosts);
        } catch (err) {
          if (err instanceof SourceUrlRefused) throw new TinifyError(400, 'Source', err.message);
          throw err;
        }
      } else throw new TinifyError(400, 'InputMissing', 'Input file is empty.');
      if (data.length === 0) throw new TinifyError(400, 'InputMissing', 'Input file is empty.');
      const format = sniffImageFormat(data);
      if (!format) throw new TinifyError(415, 'Unsupported media type', 'File type is not supported.');

      const applicant = { ownerId: key.user_id, guestAddress: null };
      await deps.admission.check(applicant);
      await deps.fairUse.chargeImages(key, 1);
      const temp = deps.blobs.tempPath();
      await fsp.writeFile(temp, data, { flag: 'wx' });
      const [created] = await deps.jobService
        .createJobs(
          { ...applicant, insert: (rows) => deps.admission.insert(applicant, rows) },
          [{ tempFile: temp, filename: `image.${FORMAT_EXTENSIONS[format]}`, size: data.length, mimeType: FORMAT_MIME_TYPES[format] }],
          compressSettingsSchema.parse({}),
        )
        .catch(async (err: unknown) => {
          await fsp.rm(temp, { force: true });
          throw err;
        });
      const job = await finished(key, created!, reply);
      const url = `${request.protocol}://${request.host}/output/${job.id}`;
      const size = job.compressed_size ?? job.original_size;
      const body: TinifyShrinkResponse = {
        input: { size: job.original_size, type: job.mime_type },
        output: {
          size,
          type: job.output_mime_type ?? job.mime_type,
          width: job.compressed_width ?? job.original_width ?? 0,
          height: job.compressed_height ?? job.original_height ?? 0,
          ratio: Math.round((size / job.original_size) * 10_000) / 10_000,
          url,
        },
      };
      return reply.code(201).header('Location', url).header('Compression-Count', await compressionCount(key)).send(body);
    });

    scope.get<{ Params: { id: string } }>('/output/:id', async (request, reply) => {
      const key = await authenticate(request, reply);
      const job = await finished(key, await ownedJob(key, request.params.id), reply);
      const size = await deps.blobs.size('result', job.id);
      if (size === null) throw new TinifyError(404, 'NotFound', 'The requested output no longer exists.');
      return reply
        .header('Content-Type', job.output_mime_type ?? job.mime_type)
        .header('Content-Length', String(size))
        .header('Image-Width', String(job.compressed_width ?? job.original_width ?? 0))
        .header('Image-Height', String(job.compressed_height ?? job.original_height ?? 0))
        .header('Compression-Count', await compressionCount(key))
        .send(deps.blobs.createReadStream('result', job.id));
    });

    scope.post<{ Params: { id: string } }>('/output/:id', async (request, reply) => {
      const key = await authenticate(request, reply);
      const parsed = tinifyOutputRequestSchema.safeParse(request.body ?? {});
      if (!parsed.success) throw new TinifyError(400, 'BadRequest', parsed.error.issues[0]?.message ?? 'Invalid request');
      const options = parsed.data;
      if (options.store !== undefined) throw new TinifyError(400, 'BadRequest', 'Storing to cloud buckets is not supported by this server; download the output instead.');
      const job = await finished(key, await ownedJob(key, request.params.id), reply);
      const current = formatOfMime(job.output_mime_type ?? job.mime_type) ?? 'jpeg';
      const formats = options.convert ? convertFormats(options.convert.type) : [current];
      await deps.fairUse.chargeImages(key, 1);
      const inputFormat = formatOfMime(job.mime_type) ?? current;
      const outputPath = deps.blobs.tempPath();
      try {
        const result = await deps.transformer
          .transformFile({
            inputPath: deps.blobs.pathOf('original', job.id),
            outputPath,
            transform: { resize: options.resize, formats, preserve: options.preserve ?? [], quality: job.quality, background: options.transform?.background },
            timeoutSeconds: codecTimeLimit(DEFAULT_TIMEOUT_SECONDS, formats.length > 1 ? 'auto' : formats[0]!, inputFormat, formats),
          })
          .catch(asTinifyError);
        const data = await fsp.readFile(outputPath);
        return reply
          .header('Content-Type', FORMAT_MIME_TYPES[result.format])
          .header('Image-Width', String(result.width))
          .header('Image-Height', String(result.height))
          .header('Compression-Count', await compressionCount(key))
          .send(data);
      } finally {
        await fsp.rm(outputPath, { force: true });
      }
    });
  });
}

/** A transformation the codec could not finish, in Tinify's terms: busy or stopped is worth a retry, a bad image is not. */
function asTinifyError(err: unknown): never {
  if (err instanceof CodecError && err.kind !== 'timeout') throw new TinifyError(415, 'Unsupported media type', err.message);
  if (err instanceof CodecError || err instanceof CodecCrashError) {
    throw new TinifyError(503, 'ServiceUnavailable', `${err.message}. Please try again.`, { 'Retry-After': '5' });
  }
  throw err;
}

/** Tinify's convert.type: one MIME type, a list (the smallest result wins) or a wildcard. */
function convertFormats(type: string | string[]): ImageFormat[] {
  const wanted = [type].flat().map((t) => t.trim().toLowerCase());
  // Tinify's own formats: a wildcard does not bring JPEG XL, which Tinify does not make.
  if (wanted.includes('*/*') || wanted.includes('image/*')) return [...AUTO_DEFAULT_FORMATS];
  const formats = wanted.map(formatOfMime);
  if (formats.some((f) => f === null)) throw new TinifyError(400, 'BadRequest', `convert.type must be among ${Object.values(FORMAT_MIME_TYPES).join(', ')} or */*`);
  return [...new Set(formats as ImageFormat[])];
}
