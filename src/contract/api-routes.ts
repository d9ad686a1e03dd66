// Every HTTP API route with its request and response schemas: the registry the OpenAPI document is generated from
// (openapi.ts). A test checks that each route the server registers is listed here.
import { z } from 'zod';
import { compressFieldsSchema, loginSchema, registerSchema } from './api';
import { ACCEPTED_MIME_TYPES } from './limits';
import { FORMAT_MIME_TYPES } from './settings';
import { tinifyErrorSchema, tinifyOutputRequestSchema, tinifyShrinkResponseSchema } from './tinify';
import { createApiKeySchema, apiKeySchema, createdApiKeySchema, jobQuerySchema, usageSchema } from './api-keys';
import { siteFactsSchema } from './site-facts';
import { createWebhookSchema, createdWebhookSchema, webhookDeliverySchema, webhookSchema, webhookUrlSchema } from './webhooks';
import {
  apiErrorSchema,
  clearedSchema,
  compressResponseSchema,
  deletedSchema,
  healthSchema,
  jobSchema,
  presetSchema,
  queueStatsSchema,
  queueStatusSchema,
  recompressSchema,
  recompressAllResponseSchema,
  estimateRequestSchema,
  estimateSchema,
  uploadConfigSchema,
  userSchema,
} from './api-schemas';
import { livenessSchema, readinessSchema } from './health';

export type HttpMethod = 'get' | 'post' | 'delete' | 'put' | 'patch';

/** Who may call: anyone (a guest session is made on first use), a signed-in browser only, or also an API key. */
export type RouteAuth = 'public' | 'session' | 'signed-in' | 'session-or-key' | 'tinify';

export interface RouteResponse {
  description: string;
  /** JSON body schema; omitted for empty bodies. */
  schema?: z.ZodType;
  /** A non-JSON body (e.g. an image); the schema is then ignored. */
  binary?: string[];
}

export interface ApiRouteSpec {
  method: HttpMethod;
  /** OpenAPI path template, e.g. /api/jobs/{id}. */
  path: string;
  summary: string;
  description?: string;
  tag: string;
  auth: RouteAuth;
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** A JSON body, or multipart/form-data fields (files are described in `files`). */
  json?: z.ZodType;
  multipart?: { fields: z.ZodObject; files: { name: string; description: string }; extraFields?: z.ZodObject };
  responses: Record<number, RouteResponse>;
}

const idParam = z.object({ id: z.string().describe('The id returned when the item was created') });
const error = (description: string): RouteResponse => ({ description, schema: apiErrorSchema });
const notFound = error('No such item, or it belongs to someone else (indistinguishable on purpose)');
const unauthenticated = error('Not signed in (session routes) or an unknown or revoked API key');
const rateLimited = error('Too many requests, or the monthly image allowance is used up; see Retry-After');
const images = [...new Set([...ACCEPTED_MIME_TYPES, ...Object.values(FORMAT_MIME_TYPES)])];

/** Answers every route of its kind can give, added to each route's own list (its own description wins). */
export function commonResponses(route: ApiRouteSpec): Record<number, RouteResponse> {
  const common: Record<number, RouteResponse> = {};
  if (route.auth === 'public' || route.auth === 'tinify') return common;
  if (route.method !== 'get') common[403] = error('Sent by another site (cross-site requests are refused), or an API key on a session-only route');
  if (route.auth === 'session-or-key') {
    common[401] = unauthenticated;
    common[429] = rateLimited;
  } else {
    common[403] = error('API keys cannot reach account or key management (code SESSION_REQUIRED); sign in on the website');
    common[401] = route.auth === 'signed-in' ? unauthenticated : error('An unknown or revoked API key');
  }
  return common;
}

export const API_ROUTES: ApiRouteSpec[] = [
  // Health
  { method: 'get', path: '/api/health', summary: 'Liveness and readiness', tag: 'Service', auth: 'public', responses: { 200: { description: 'Ready', schema: healthSchema }, 503: { description: 'Starting or stopping', schema: healthSchema } } },
  { method: 'get', path: '/api/health/live', summary: 'Liveness: the process answers (never looks at a dependency)', tag: 'Service', auth: 'public', responses: { 200: { description: 'Alive', schema: livenessSchema } } },
  {
    method: 'get',
    path: '/api/health/ready',
    summary: 'Readiness: database, queue backend and storage reachable, and not draining',
    description: 'Each dependency is checked on every call, within 3 seconds; `checks` says which one failed.',
    tag: 'Service',
    auth: 'public',
    responses: { 200: { description: 'Ready for traffic', schema: readinessSchema }, 503: { description: 'Starting, draining, or a dependency failed', schema: readinessSchema } },
  },
  { method: 'get', path: '/api/stats', summary: 'This instance\'s figures (images compressed, bytes saved, users) and its operator\'s stated facts', tag: 'Service', auth: 'public', responses: { 200: { description: 'The figures', schema: siteFactsSchema } } },

  // Compression
  {
    method: 'post',
    path: '/api/compress',
    summary: 'Upload images to compress',
    description: 'Multipart upload; each accepted image becomes a pending job. Files refused one by one are listed in `rejected`.',
    tag: 'Compression',
    auth: 'session-or-key',
    multipart: {
      fields: compressFieldsSchema,
      files: { name: 'images', description: `One or more images (${ACCEPTED_MIME_TYPES.join(', ')})` },
      extraFields: z.object({
        callbackUrl: webhookUrlSchema
          .optional()
          .describe('Users and API keys: send this batch\'s job.completed and job.failed events here (signed like webhooks; the secret is in `callback`)'),
      }),
    },
    responses: {
      201: { description: 'Jobs created', schema: compressResponseSchema },
      400: error('No files, too many files or invalid settings'),
      401: unauthenticated,
      413: error('A file or the body is too large'),
      415: error('Not an image type we accept'),
      429: rateLimited,
      503: error('Restarting or storage unavailable; retry later'),
    },
  },
  { method: 'get', path: '/api/upload-config', summary: 'Upload limits for the caller', tag: 'Compression', auth: 'session-or-key', responses: { 200: { description: 'Limits', schema: uploadConfigSchema } } },
  { method: 'get', path: '/api/compression-presets', summary: 'Compression presets', tag: 'Compression', auth: 'session-or-key', responses: { 200: { description: 'Presets', schema: z.array(presetSchema) } } },

  // Jobs
  { method: 'get', path: '/api/jobs', summary: "The caller's jobs, newest first", tag: 'Jobs', auth: 'session-or-key', responses: { 200: { description: 'Jobs', schema: z.array(jobSchema) }, 401: unauthenticated, 429: rateLimited } },
  {
    method: 'get',
    path: '/api/jobs/{id}',
    summary: 'One job, optionally waiting until it is final',
    description: 'With `wait=N` the answer comes as soon as the job is completed or failed, or after N seconds (0-30), so scripts need no polling loop.',
    tag: 'Jobs',
    auth: 'session-or-key',
    params: idParam,
    query: jobQuerySchema,
    responses: { 200: { description: 'The job', schema: jobSchema }, 400: error('wait is not 0-30'), 401: unauthenticated, 404: notFound, 429: rateLimited },
  },
  { method: 'delete', path: '/api/jobs/{id}', summary: 'Delete a job and its files', tag: 'Jobs', auth: 'session-or-key', params: idParam, responses: { 204: { description: 'Deleted' }, 401: unauthenticated, 404: notFound } },
  {
    method: 'post',
    path: '/api/jobs/recompress',
    summary: 'Re-compress every finished job with new settings',
    description:
      "Re-tunes each of the caller's completed or failed jobs, oldest first, as `POST /api/jobs/{id}/recompress` would, from the stored originals (no second upload). Jobs that cannot be re-run are listed in `skipped` with their reason while the others go ahead; when none can be, the answer is the first reason's error. Each re-tuned job counts as one image of an API key's monthly allowance.",
    tag: 'Jobs',
    auth: 'session-or-key',
    json: recompressSchema,
    responses: {
      200: { description: 'The jobs back in the queue, and those skipped', schema: recompressAllResponseSchema },
      400: error('Invalid settings (`field` names the setting)'),
      404: error('No finished jobs to re-compress'),
      409: error('The only finished jobs are waiting or running again (code JOB_BUSY)'),
      503: error('Restarting; retry later'),
    },
  },
  {
    method: 'post',
    path: '/api/jobs/{id}/recompress',
    summary: 'Re-tune a finished job with new settings',
    description:
      "Runs the job again from its stored original, without uploading again. Settings not given keep the job's values. The job keeps its id and its deletion time, its `revision` goes up by one, and it goes back through the queue (same limits, retries and fairness as an upload); the result replaces the previous one when it completes. An API key's re-tune counts as one image of its monthly allowance.",
    tag: 'Jobs',
    auth: 'session-or-key',
    params: idParam,
    json: recompressSchema,
    responses: {
      200: { description: 'The job, back in the queue', schema: jobSchema },
      400: error('Invalid settings (`field` names the setting)'),
      404: notFound,
      409: error('The job is still waiting or running (code JOB_BUSY)'),
      410: error('Expired and deleted'),
      503: error('Restarting; retry later'),
    },
  },
  {
    method: 'post',
    path: '/api/jobs/{id}/estimate',
    summary: 'Estimate what other settings would give a job (Adjust\'s live estimate)',
    description:
      "Any mode: smart and size modes run their search on the sample and answer the quality they chose (`quality`; size mode: `targetMet`). The size of the whole result is scaled up from a sample of the stored original (`sampled`), and the preview is the given region (the centre when absent) encoded with the settings. Nothing is stored and the job does not change; one estimate per caller at a time (429 RATE_LIMITED while one runs).",
    tag: 'Jobs',
    auth: 'session-or-key',
    params: idParam,
    json: estimateRequestSchema,
    responses: {
      200: { description: 'The estimate', schema: estimateSchema },
      400: error('Invalid settings or region (`field` names it)'),
      404: notFound,
      410: error('Expired and deleted'),
      429: error('An estimate for this caller is still running (code RATE_LIMITED)'),
    },
  },
  { method: 'delete', path: '/api/jobs', summary: "Delete all the caller's jobs", tag: 'Jobs', auth: 'session-or-key', responses: { 200: { description: 'How many were deleted', schema: deletedSchema } } },
  { method: 'get', path: '/api/jobs/{id}/preview', summary: 'A small WebP preview of the result (at most 400 px)', tag: 'Downloads', auth: 'session-or-key', params: idParam, responses: { 200: { description: 'The preview', binary: ['image/webp'] }, 404: notFound, 410: error('Expired and deleted') } },
  { method: 'get', path: '/api/jobs/{id}/original-preview', summary: 'The original image of a job, as browsers can show it: the upload, or a WebP rendering (at its size) of a HEIC or JPEG XL upload', tag: 'Downloads', auth: 'session-or-key', params: idParam, responses: { 200: { description: 'The uploaded image', binary: images }, 404: notFound, 410: error('Expired and deleted') } },

  // Downloads
  { method: 'get', path: '/api/download/{id}', summary: 'The compressed image', tag: 'Downloads', auth: 'session-or-key', params: idParam, responses: { 200: { description: 'The compressed image', binary: images }, 404: notFound, 409: error('Not finished yet'), 410: error('Expired and deleted') } },
  { method: 'get', path: '/api/download-all', summary: 'Every compressed image in one ZIP', tag: 'Downloads', auth: 'session-or-key', responses: { 200: { description: 'ZIP archive', binary: ['application/zip'] }, 404: error('Nothing to download yet') } },

  // Queue
  { method: 'get', path: '/api/queue/status', summary: "Counts of the caller's jobs by state", tag: 'Queue', auth: 'session-or-key', responses: { 200: { description: 'Status', schema: queueStatusSchema } } },
  { method: 'get', path: '/api/queue/stats', summary: 'Processing rate and time left', tag: 'Queue', auth: 'session-or-key', responses: { 200: { description: 'Stats', schema: queueStatsSchema } } },
  { method: 'post', path: '/api/queue/pause', summary: "Pause the caller's queue", tag: 'Queue', auth: 'session-or-key', responses: { 200: { description: 'Status', schema: queueStatusSchema } } },
  { method: 'post', path: '/api/queue/resume', summary: "Resume the caller's queue", tag: 'Queue', auth: 'session-or-key', responses: { 200: { description: 'Status', schema: queueStatusSchema } } },
  { method: 'post', path: '/api/queue/clear', summary: "Delete the caller's waiting jobs", tag: 'Queue', auth: 'session-or-key', responses: { 200: { description: 'Status and how many were cleared', schema: clearedSchema } } },

  // Accounts (browser sessions only)
  { method: 'post', path: '/api/register', summary: 'Create an account', tag: 'Account', auth: 'session', json: registerSchema, responses: { 201: { description: 'Signed up and in', schema: userSchema }, 400: error('Invalid field'), 409: error('Email taken') } },
  { method: 'post', path: '/api/login', summary: 'Sign in', tag: 'Account', auth: 'session', json: loginSchema, responses: { 200: { description: 'Signed in', schema: userSchema }, 401: error('Wrong email or password'), 429: rateLimited } },
  { method: 'post', path: '/api/logout', summary: 'Sign out', tag: 'Account', auth: 'session', responses: { 204: { description: 'Signed out' } } },
  { method: 'get', path: '/api/user', summary: 'The signed-in user', tag: 'Account', auth: 'signed-in', responses: { 200: { description: 'User', schema: userSchema }, 401: unauthenticated } },
  { method: 'delete', path: '/api/user', summary: 'Delete the account, its jobs and files', tag: 'Account', auth: 'signed-in', responses: { 204: { description: 'Deleted' }, 401: unauthenticated } },
  { method: 'get', path: '/api/user/export', summary: 'Export the account data as JSON', tag: 'Account', auth: 'signed-in', responses: { 200: { description: 'Account and jobs', schema: z.object({ exportedAt: z.string(), account: userSchema, jobs: z.array(jobSchema) }) }, 401: unauthenticated } },

  // API keys and usage
  { method: 'post', path: '/api/keys', summary: 'Create an API key (shown once)', tag: 'API keys', auth: 'signed-in', json: createApiKeySchema, responses: { 201: { description: 'The key; `key` is never shown again', schema: createdApiKeySchema }, 400: error('Invalid name'), 401: unauthenticated, 409: error('Too many active keys') } },
  { method: 'get', path: '/api/keys', summary: "The signed-in user's active keys", tag: 'API keys', auth: 'signed-in', responses: { 200: { description: 'Keys (prefix only)', schema: z.array(apiKeySchema) }, 401: unauthenticated } },
  { method: 'delete', path: '/api/keys/{id}', summary: 'Revoke a key (refused at once from then on)', tag: 'API keys', auth: 'signed-in', params: idParam, responses: { 204: { description: 'Revoked' }, 401: unauthenticated, 404: notFound } },
  { method: 'get', path: '/api/usage', summary: 'This month’s API usage and the limits', tag: 'API keys', auth: 'session-or-key', responses: { 200: { description: 'Usage', schema: usageSchema }, 401: unauthenticated } },

  // Webhooks (a signed-in user or an API key)
  {
    method: 'post',
    path: '/api/webhooks',
    summary: 'Register a webhook (its signing secret is shown once)',
    description:
      'The URL receives `job.completed` and `job.failed` events as JSON, signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`: HMAC-SHA256 with the secret). Delivered at least once, retried with exponential backoff for 24 hours; answer 2xx within 10 seconds. Private and loopback addresses are refused.',
    tag: 'Webhooks',
    auth: 'session-or-key',
    json: createWebhookSchema,
    responses: { 201: { description: 'Registered; `secret` is never shown again', schema: createdWebhookSchema }, 400: error('Invalid or refused URL, or unknown event (`field` names it)'), 401: unauthenticated, 409: error('Too many webhooks (code TOO_MANY_WEBHOOKS)') },
  },
  { method: 'get', path: '/api/webhooks', summary: "The caller's webhooks and callbacks", tag: 'Webhooks', auth: 'session-or-key', responses: { 200: { description: 'Webhooks (no secrets)', schema: z.array(webhookSchema) }, 401: unauthenticated } },
  { method: 'delete', path: '/api/webhooks/{id}', summary: 'Delete a webhook and its pending deliveries', tag: 'Webhooks', auth: 'session-or-key', params: idParam, responses: { 204: { description: 'Deleted' }, 401: unauthenticated, 404: notFound } },
  { method: 'get', path: '/api/webhooks/{id}/deliveries', summary: "A webhook's deliveries with every attempt, newest first", tag: 'Webhooks', auth: 'session-or-key', params: idParam, responses: { 200: { description: 'Deliveries (the latest 100)', schema: z.array(webhookDeliverySchema) }, 401: unauthenticated, 404: notFound } },

  { method: 'get', path: '/api/openapi.json', summary: 'This document', tag: 'Service', auth: 'public', responses: { 200: { description: 'OpenAPI 3.1 document', schema: z.record(z.string(), z.unknown()) } } },

  // Tinify-compatible (HTTP Basic `api:<key>`; errors are { error, message })
  {
    method: 'post',
    path: '/shrink',
    summary: 'Tinify-compatible: compress the image sent as the body',
    description: 'The raw image as the body (or JSON `{"source": {"url": ...}}` where the operator allows the host). Answers 201 with `Location: <origin>/output/<id>` and a `Compression-Count` header.',
    tag: 'Tinify-compatible',
    auth: 'tinify',
    responses: {
      201: { description: 'Compressed', schema: tinifyShrinkResponseSchema },
      400: { description: 'Empty input or a refused source URL', schema: tinifyErrorSchema },
      401: { description: 'Credentials are invalid', schema: tinifyErrorSchema },
      415: { description: 'File type is not supported', schema: tinifyErrorSchema },
      429: { description: 'Too many requests or monthly limit reached', schema: tinifyErrorSchema },
    },
  },
  { method: 'get', path: '/output/{id}', summary: 'Tinify-compatible: the compressed image', tag: 'Tinify-compatible', auth: 'tinify', params: idParam, responses: { 200: { description: 'The image, with Image-Width and Image-Height', binary: images }, 401: { description: 'Credentials are invalid', schema: tinifyErrorSchema }, 404: { description: 'No such output', schema: tinifyErrorSchema } } },
  {
    method: 'post',
    path: '/output/{id}',
    summary: 'Tinify-compatible: resize, convert or preserve metadata',
    tag: 'Tinify-compatible',
    auth: 'tinify',
    params: idParam,
    json: tinifyOutputRequestSchema,
    responses: { 200: { description: 'The transformed image, with Image-Width and Image-Height', binary: images }, 400: { description: 'Invalid options', schema: tinifyErrorSchema }, 401: { description: 'Credentials are invalid', schema: tinifyErrorSchema }, 404: { description: 'No such output', schema: tinifyErrorSchema } },
  },
];
