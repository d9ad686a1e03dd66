// Request ids: every answer carries X-Request-Id, every log line of the request carries it (Fastify's request
// logger, labelled `requestId`), error bodies include it, and the jobs an upload makes remember it, so a user who
// quotes the id from an error or a response leads an operator to every line about it, down to the codec process and
// the webhook delivery (docs/decisions/0542-request-ids.md).
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyInstance } from 'fastify';
import { REQUEST_ID_HEADER } from '#contract/api';
import { REQUEST_ID_LOG_LABEL } from '#server/logger';

/**
 * A caller's (or its proxy's) id is kept when it is one token of printable characters that need no quoting in a
 * header or a log: UUIDs, ULIDs, AWS and W3C trace ids. Anything else (spaces, quotes, control characters, too long)
 * is replaced by our own, never echoed.
 */
const WELL_FORMED = /^[A-Za-z0-9][A-Za-z0-9._:;=+/@-]{0,127}$/;

export const isWellFormedRequestId = (value: unknown): value is string => typeof value === 'string' && WELL_FORMED.test(value);

/** Fastify's `genReqId`: the caller's well-formed id, else a new UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  const value = Array.isArray(given) ? given[0] : given;
  return isWellFormedRequestId(value) ? value : randomUUID();
}

/** Fastify options that make `request.id` the request id and label the request's log lines with it. */
export const requestIdOptions = () => ({ genReqId: requestIdOf, logController: new LogController({ requestIdLogLabel: REQUEST_ID_LOG_LABEL }) });

/** Sends the id back on every answer, errors and 404s included (the first hook, so no earlier one can answer without it). */
export function installRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
