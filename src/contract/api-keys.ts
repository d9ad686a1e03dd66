// API keys and fair use: request and response shapes shared by the server, the dashboard and the OpenAPI document.
import { z } from 'zod';

/** Every key starts with this, so a leaked key is recognisable (secret scanners, logs) and never mistaken for a session. */
export const API_KEY_PREFIX = 'isq_live_';
export const MAX_KEYS_PER_USER = 25;
export const MAX_KEY_NAME_LENGTH = 100;

// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/g;

export const createApiKeySchema = z.object({
  name: z
    .string({ error: 'Give the key a name' })
    .transform((s) => s.replace(CONTROL_CHARS, ''))
    .pipe(
      z
        .string()
        .trim()
        .min(1, 'Give the key a name')
        .max(MAX_KEY_NAME_LENGTH, `Key names are at most ${MAX_KEY_NAME_LENGTH} characters`),
    ),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeySchema>;

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The visible start of the key, e.g. isq_live_AbC12345. */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Images compressed with this key this calendar month (UTC). */
  imagesThisMonth: z.number().int(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer to creating a key: the only time the whole key is ever shown. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const usageSchema = z.object({
  /** The calendar month counted, UTC, as YYYY-MM. */
  month: z.string(),
  /** Images compressed with any of the user's keys this month. */
  images: z.number().int(),
  limits: z.object({
    requestsPerMinutePerKey: z.number().int(),
    requestsPerMinutePerUser: z.number().int(),
    imagesPerMonthPerKey: z.number().int(),
    imagesPerMonthPerUser: z.number().int(),
  }),
  keys: z.array(apiKeySchema),
});
export type Usage = z.infer<typeof usageSchema>;

/** Longest long-poll: `GET /api/jobs/:id?wait=N` answers within N seconds. */
export const MAX_JOB_WAIT_SECONDS = 30;

export const jobQuerySchema = z.object({
  wait: z.coerce
    .number({ error: `wait must be a whole number of seconds from 0 to ${MAX_JOB_WAIT_SECONDS}` })
    .int(`wait must be a whole number of seconds from 0 to ${MAX_JOB_WAIT_SECONDS}`)
    .min(0, `wait must be a whole number of seconds from 0 to ${MAX_JOB_WAIT_SECONDS}`)
    .max(MAX_JOB_WAIT_SECONDS, `wait must be a whole number of seconds from 0 to ${MAX_JOB_WAIT_SECONDS}`)
    .describe('Seconds to hold the answer until the job is `completed` or `error` (0 answers at once)')
    .default(0),
});
