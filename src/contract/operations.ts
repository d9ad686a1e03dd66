// What the OpenAPI document says beyond the route registry (api-routes.ts): the operation ids a generated SDK exposes
// as method names, tag descriptions, examples and the document's version. Kept apart from the registry so adding a
// route and naming it are two small, separate edits; a test checks that every route has a name here.
import type { Job } from './api';

/** The API's version: bumped with every change a client could notice, each listed in docs/api-changelog.md. */
export const API_VERSION = '1.3.1';

/** `${method} ${path}` -> operationId. */
export const OPERATION_IDS: Record<string, string> = {
  'get /api/health': 'getHealth',
  'get /api/health/live': 'getLiveness',
  'get /api/health/ready': 'getReadiness',
  'get /api/stats': 'getInstanceStats',
  'post /api/compress': 'compressImages',
  'get /api/upload-config': 'getUploadConfig',
  'get /api/compression-presets': 'listCompressionPresets',
  'get /api/jobs': 'listJobs',
  'get /api/jobs/{id}': 'getJob',
  'delete /api/jobs/{id}': 'deleteJob',
  'post /api/jobs/{id}/recompress': 'recompressJob',
  'post /api/jobs/recompress': 'recompressAllJobs',
  'post /api/jobs/{id}/estimate': 'estimateJob',
  'delete /api/jobs': 'deleteAllJobs',
  'get /api/jobs/{id}/preview': 'getJobPreview',
  'get /api/jobs/{id}/original-preview': 'getJobOriginal',
  'get /api/download/{id}': 'downloadResult',
  'get /api/download-all': 'downloadAllResults',
  'get /api/queue/status': 'getQueueStatus',
  'get /api/queue/stats': 'getQueueStats',
  'post /api/queue/pause': 'pauseQueue',
  'post /api/queue/resume': 'resumeQueue',
  'post /api/queue/clear': 'clearQueue',
  'post /api/register': 'register',
  'post /api/login': 'login',
  'post /api/logout': 'logout',
  'get /api/user': 'getCurrentUser',
  'delete /api/user': 'deleteAccount',
  'get /api/user/export': 'exportAccount',
  'post /api/keys': 'createApiKey',
  'get /api/keys': 'listApiKeys',
  'delete /api/keys/{id}': 'revokeApiKey',
  'get /api/usage': 'getUsage',
  'post /api/webhooks': 'createWebhook',
  'get /api/webhooks': 'listWebhooks',
  'delete /api/webhooks/{id}': 'deleteWebhook',
  'get /api/webhooks/{id}/deliveries': 'listWebhookDeliveries',
  'get /api/openapi.json': 'getOpenApiDocument',
  'post /shrink': 'tinifyShrink',
  'get /output/{id}': 'tinifyGetOutput',
  'post /output/{id}': 'tinifyTransformOutput',
};

export const TAG_DESCRIPTIONS: Record<string, string> = {
  Service: 'Health and this document.',
  Compression: 'Upload images; each accepted image becomes a job that waits in the caller’s queue.',
  Jobs: 'The caller’s jobs: status (long-poll with `wait`), re-tuning with new settings, estimates and deletion.',
  Downloads: 'Results, previews and originals of the caller’s jobs, one by one or as a ZIP.',
  Queue: 'Pause, resume and clear the caller’s queue; counts and processing rate.',
  Account: 'Sign-up, sign-in and the account (browser sessions only).',
  'API keys': 'Keys for scripts (created and revoked on the dashboard) and the fair-use figures.',
  Webhooks: 'Signed `job.completed` and `job.failed` events sent to your URL (Standard Webhooks).',
  'Tinify-compatible': 'The subset of the Tinify API that its official clients use: point them at this server.',
};

const JOB_ID = '7f6c2a1e-4d3b-4f51-9a8e-2c1d0b9e8f71';
const JOB_EXAMPLE: Job = {
  id: JOB_ID,
  filename: 'hero.jpg',
  status: 'completed',
  originalSize: 482113,
  compressedSize: 121877,
  originalWidth: 2400,
  originalHeight: 1600,
  compressedWidth: 2400,
  compressedHeight: 1600,
  compressionQuality: 80,
  compressionType: 'web',
  compressedPath: `/api/download/${JOB_ID}`,
  previewPath: `/api/jobs/${JOB_ID}/preview?v=1`,
  mimeType: 'image/jpeg',
  outputFormat: 'original',
  outputMimeType: 'image/jpeg',
  flattenedOnto: null,
  formatNote: null,
  animationFrames: null,
  formatDecision: null,
  mode: 'quality',
  targetSize: null,
  allowResize: false,
  maxWidth: null,
  maxHeight: null,
  metadata: 'strip',
  revision: 1,
  chosenQuality: 80,
  targetMet: null,
  perceptualScore: null,
  error: null,
  createdAt: '2026-11-27T09:30:00.000Z',
  completedAt: '2026-11-27T09:30:02.412Z',
  expiresAt: '2026-11-28T09:30:00.000Z',
};
const PENDING_JOB: Job = {
  ...JOB_EXAMPLE,
  status: 'pending',
  compressedSize: null,
  compressedWidth: null,
  compressedHeight: null,
  compressedPath: null,
  previewPath: null,
  outputMimeType: null,
  chosenQuality: null,
  completedAt: null,
};

/** Examples of request and response bodies, by operation id: `request` for the JSON body, then per status. */
export const EXAMPLES: Record<string, { request?: unknown; responses?: Record<number, unknown> }> = {
  compressImages: { responses: { 201: { jobs: [PENDING_JOB], rejected: [], queuePaused: false } } },
  getJob: { responses: { 200: JOB_EXAMPLE, 404: { message: 'Job not found', code: 'NOT_FOUND' } } },
  recompressJob: { request: { quality: 70, format: 'webp' } },
  createApiKey: { request: { name: 'CI pipeline' } },
  createWebhook: {
    request: { url: 'https://example.com/hooks/imagesqueeze', events: ['job.completed', 'job.failed'], description: 'build pipeline' },
    responses: { 400: { message: 'The webhook URL points to a private or loopback address', code: 'VALIDATION_FAILED', field: 'url' } },
  },
};
