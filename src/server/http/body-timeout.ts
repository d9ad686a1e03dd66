// Request bodies must arrive within a time limit. Node's own requestTimeout would also cut long uploads, which
// have their own guard (BodyGuard: a byte ceiling and a minimum rate), so it stays off and this hook bounds every
// other body: a JSON body that is announced and never sent, or dripped a byte at a time, gets 408 and the
// connection is closed, freeing its descriptor. It also ends connections whose response went out while the body
// was still owed (an upload refused before it was read, say), which keep-alive would otherwise hold open for ever.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiError } from '#contract/api';

export interface BodyTimeoutOptions {
  timeoutMs: number;
  /** Routes whose bodies another guard times (uploads); they are only closed here once answered. */
  guardedElsewhere: (request: FastifyRequest) => boolean;
}

const REQUEST_TIMEOUT_BODY = JSON.stringify({
  message: 'The request body took too long to arrive; please try again.',
  code: 'REQUEST_TIMEOUT',
} satisfies ApiError);

const hasBody = (request: FastifyRequest) =>
  request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;

export function installBodyTimeout(app: FastifyInstance, options: BodyTimeoutOptions): void {
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    if (!hasBody(request) || raw.complete) return done();
    const socket = raw.socket;
    const guarded = options.guardedElsewhere(request);
    const timer = setTimeout(() => {
      if (raw.complete || socket.destroyed) return;
      if (!reply.raw.headersSent) {
        if (guarded) return;
        // Written on the socket directly: the body parser is still waiting, and the connection ends here anyway.
        socket.end(
          'HTTP/1.1 408 Request Timeout\r\nContent-Type: application/json; charset=utf-8\r\n' +
            `Content-Length: ${Buffer.byteLength(REQUEST_TIMEOUT_BODY)}\r\nConnection: close\r\n\r\n${REQUEST_TIMEOUT_BODY}`,
          () => socket.destroy(),
        );
        return;
      }
      socket.destroy();
    }, options.timeoutMs);
    timer.unref();
    raw.once('close', () => clearTimeout(timer));
    done();
  });
}
