// The process's one logger: pino, JSON lines on stdout. The composition root (main.ts) creates it; Fastify gets it as
// its `loggerInstance`, and every background part (queue, sweeper, codec pool, database pool) gets a child named
// after it, so every line of the process has the same shape and level.
import { pino, type Logger } from 'pino';

export type { Logger };

export const createLogger = (level: string): Logger => pino({ level });

/** The label request ids carry in log lines: Fastify's request logger's and every background line about a request's jobs. */
export const REQUEST_ID_LOG_LABEL = 'requestId';
