// Maps every thrown error to JSON { message } with the right status; never leaks internals on 5xx.
import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { HttpError } from './errors';
import type { PageFallback } from './static-client';

const CLIENT_ERROR_CODES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Content-Length does not match the body',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'Uploads must be sent as multipart/form-data',
  FST_PARTS_LIMIT: 'Too many parts in the upload',
  FST_FILES_LIMIT: 'Too many files',
  FST_FIELDS_LIMIT: 'Too many fields in the upload',
};

/** Database and disk conditions the operator can fix; the client gets a clear, retryable answer. */
function storageFault(error: unknown): { status: number; message: string } | null {
  const code = (error as { code?: string }).code ?? '';
  if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED' || code === '55P03' || code === '40P01') {
    return { status: 503, message: 'The database is busy right now; please try again in a moment.' };
  }
  if (code === 'SQLITE_FULL' || code === 'ENOSPC' || code === '53100') {
    return { status: 507, message: 'The server is out of storage space right now; please try again later.' };
  }
  if (code === 'SQLITE_READONLY' || code === 'EROFS' || code.startsWith('SQLITE_IOERR') || code === 'SQLITE_CANTOPEN') {
    return { status: 503, message: 'The server cannot write its data right now; please try again later.' };
  }
  return null;
}

export function installErrorHandler(app: FastifyInstance, pageFallback: () => PageFallback | null): void {
  app.setErrorHandler((error: FastifyError | HttpError | ZodError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send({ ...error.details, message: error.message });
    }
    if (error instanceof ZodError) {
      return reply.code(400).send({ message: error.issues[0]?.message ?? 'Invalid request' });
    }
    const fault = storageFault(error);
    if (fault) {
      request.log.warn({ err: error }, 'storage fault');
      return reply.code(fault.status).header('Retry-After', '30').send({ message: fault.message });
    }
    const code = (error as FastifyError).code;
    // The plugin says 406 for a non-multipart upload; the fault is the request's media type.
    const status = code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' ? 415 : ((error as FastifyError).statusCode ?? 500);
    if (status >= 400 && status < 500) {
      const message = (code && CLIENT_ERROR_CODES[code]) || error.message || 'Bad request';
      return reply.code(status).send({ message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });

  // Unknown API paths get a JSON 404; unknown page paths get the app (which shows its 404 page) with status 404.
  app.setNotFoundHandler((request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    const fallback = pageFallback();
    if (fallback && request.method === 'GET' && !urlPath.startsWith('/api/') && urlPath !== '/api') {
      return fallback(request, reply);
    }
    return reply.code(404).send({ message: `No such endpoint: ${request.method} ${urlPath}` });
  });
}
