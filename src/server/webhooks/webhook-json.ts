// Webhook rows as the API shows them (the contract's shapes).
import type { Webhook, WebhookDelivery, WebhookEvent } from '#contract/webhooks';
import type { WebhookAttemptRow, WebhookDeliveryRow, WebhookRow } from '#server/db/schema';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export const toWebhookJson = (row: WebhookRow): Webhook => ({
  id: row.id,
  url: row.url,
  events: row.events.split(',') as WebhookEvent[],
  kind: row.kind,
  description: row.description,
  createdAt: new Date(row.created_at).toISOString(),
});

export const toDeliveryJson = ({ delivery, attempts }: { delivery: WebhookDeliveryRow; attempts: WebhookAttemptRow[] }): WebhookDelivery => ({
  id: delivery.id,
  event: delivery.event,
  jobId: delivery.job_id,
  status: delivery.status,
  createdAt: new Date(delivery.created_at).toISOString(),
  deliveredAt: iso(delivery.delivered_at),
  nextAttemptAt: delivery.status === 'pending' ? new Date(delivery.next_attempt_at).toISOString() : null,
  attempts: attempts.map((a) => ({ at: new Date(a.attempted_at).toISOString(), statusCode: a.status_code, error: a.error, durationMs: a.duration_ms })),
});
