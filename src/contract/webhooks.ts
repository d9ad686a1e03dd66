// Webhooks: request and response shapes shared by the server, the docs and the OpenAPI document. Events are signed
// per the Standard Webhooks scheme (webhook-id, webhook-timestamp, webhook-signature; HMAC-SHA256).
import { z } from 'zod';
import { jobSchema } from './api-schemas';

export const WEBHOOK_EVENTS = ['job.completed', 'job.failed'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** `endpoint`: registered with POST /api/webhooks; `callback`: one upload's `callbackUrl`, gone with its jobs. */
export const WEBHOOK_KINDS = ['endpoint', 'callback'] as const;
export type WebhookKind = (typeof WEBHOOK_KINDS)[number];

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const MAX_WEBHOOKS_PER_USER = 10;
export const MAX_WEBHOOK_URL_LENGTH = 2048;
/** Deliveries are retried with exponential backoff for this long after the event, then marked failed. */
export const WEBHOOK_RETRY_WINDOW_HOURS = 24;
/** Standard Webhooks secrets are `whsec_` followed by the base64 of the signing key. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export const webhookUrlSchema = z
  .string({ error: 'Give the URL that should receive the events' })
  .trim()
  .min(1, 'Give the URL that should receive the events')
  .max(MAX_WEBHOOK_URL_LENGTH, `Webhook URLs are at most ${MAX_WEBHOOK_URL_LENGTH} characters`);

export const createWebhookSchema = z.object({
  url: webhookUrlSchema,
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: `Events must be among ${WEBHOOK_EVENTS.join(', ')}` }))
    .min(1, 'Choose at least one event')
    .default([...WEBHOOK_EVENTS])
    .transform((events) => [...new Set(events)]),
  description: z.string().trim().max(200, 'Descriptions are at most 200 characters').optional(),
});
export type CreateWebhookInput = z.infer<typeof createWebhookSchema>;

export const webhookSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENTS)),
    kind: z.enum(WEBHOOK_KINDS),
    description: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Webhook' });
export type Webhook = z.infer<typeof webhookSchema>;

/** The answer to registering a webhook: the only time its signing secret is shown. */
export const createdWebhookSchema = webhookSchema.extend({
  secret: z.string().describe('The signing secret (whsec_…): verify each event with it; it is never shown again'),
});
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

export const deliveryAttemptSchema = z.object({
  at: z.string(),
  /** The receiver's HTTP status, or null when no answer came (refused, timed out, unreachable). */
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int(),
});

export const webhookDeliverySchema = z
  .object({
    /** Also the `webhook-id` header: the same for every attempt, so receivers can drop duplicates. */
    id: z.string(),
    event: z.enum(WEBHOOK_EVENTS),
    jobId: z.string(),
    status: z.enum(DELIVERY_STATUSES),
    createdAt: z.string(),
    deliveredAt: z.string().nullable(),
    /** When the next attempt is due (pending deliveries only). */
    nextAttemptAt: z.string().nullable(),
    attempts: z.array(deliveryAttemptSchema),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** The JSON body of every event (Standard Webhooks' type/timestamp/data envelope). */
export const webhookEventSchema = z
  .object({
    type: z.enum(WEBHOOK_EVENTS),
    timestamp: z.string(),
    data: jobSchema,
  })
  .meta({ id: 'WebhookEvent' });
export type WebhookEventBody = z.infer<typeof webhookEventSchema>;
