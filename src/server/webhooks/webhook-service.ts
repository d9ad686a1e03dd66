// Webhook use cases: register, list, remove and inspect endpoints (owner-scoped: another owner's id is 404), attach
// a one-off callback URL to an upload's jobs, and turn a finished job into durable deliveries for the dispatcher.
import { randomUUID } from 'node:crypto';
import type { Clock } from '#server/clock';
import { DomainError, notFound } from '#server/errors';
import type { JobRepository } from '#server/jobs/job-repository';
import { toJobJson } from '#server/jobs/job-json';
import type { WebhookDeliveryRow, WebhookRow } from '#server/db/schema';
import {
  MAX_WEBHOOKS_PER_USER,
  WEBHOOK_EVENTS,
  webhookUrlSchema,
  type CreateWebhookInput,
  type WebhookEvent,
  type WebhookEventBody,
} from '#contract/webhooks';
import { RETENTION_HOURS } from '#contract/limits';
import type { WebhookRepository } from './webhook-repository';
import type { SecretBox } from './secret-box';
import { newWebhookSecret } from './signature';
import { checkTargetUrl, TargetRefused, type TargetPolicy } from './target-url';

const HOUR_MS = 3_600_000;

export class WebhookService {
  /** Called after deliveries were recorded, so a local dispatcher can send them at once instead of at its next poll. */
  onEnqueued: () => void = () => undefined;

  constructor(
    private readonly repo: WebhookRepository,
    private readonly jobs: JobRepository,
    private readonly box: SecretBox,
    private readonly policy: TargetPolicy,
    private readonly clock: Clock,
  ) {}

  async create(ownerId: string, input: CreateWebhookInput): Promise<{ row: WebhookRow; secret: string }> {
    const url = await this.checkUrl(input.url, 'url');
    const secret = newWebhookSecret();
    const row: WebhookRow = {
      id: randomUUID(),
      owner_id: ownerId,
      kind: 'endpoint',
      url,
      events: input.events.join(','),
      description: input.description || null,
      secret_encrypted: this.box.seal(secret),
      created_at: this.clock.now(),
      expires_at: null,
    };
    if (!(await this.repo.insertEndpointWithin(row, MAX_WEBHOOKS_PER_USER))) {
      throw new DomainError('TOO_MANY_WEBHOOKS', `You can have at most ${MAX_WEBHOOKS_PER_USER} webhooks; delete one first.`);
    }
    return { row, secret };
  }

  /** Checks a callback URL before any job is created, so a refused URL costs the caller nothing. */
  async checkCallbackUrl(raw: string): Promise<string> {
    const parsed = webhookUrlSchema.safeParse(raw);
    if (!parsed.success) throw new DomainError('VALIDATION_FAILED', parsed.error.issues[0]!.message, { field: 'callbackUrl' });
    return this.checkUrl(parsed.data, 'callbackUrl');
  }

  /** One upload's callback: both events for exactly these jobs, removed once the jobs and their retries are over. */
  async registerCallback(ownerId: string, url: string, jobIds: string[]): Promise<{ row: WebhookRow; secret: string }> {
    const secret = newWebhookSecret();
    const now = this.clock.now();
    const row: WebhookRow = {
      id: randomUUID(),
      owner_id: ownerId,
      kind: 'callback',
      url,
      events: WEBHOOK_EVENTS.join(','),
      description: null,
      secret_encrypted: this.box.seal(secret),
      created_at: now,
      expires_at: now + (RETENTION_HOURS + 48) * HOUR_MS,
    };
    await this.repo.insert(row, jobIds);
    // A job may have finished before this row existed; its event is recorded now (a no-op for jobs still running).
    for (const jobId of jobIds) await this.jobFinished(jobId);
    return { row, secret };
  }

  list(ownerId: string): Promise<WebhookRow[]> {
    return this.repo.listByOwner(ownerId);
  }

  async remove(id: string, ownerId: string): Promise<void> {
    if (!(await this.repo.deleteOwned(id, ownerId))) throw notFound('Webhook not found');
  }

  async deliveries(id: string, ownerId: string, limit = 100) {
    const webhook = await this.repo.findOwned(id, ownerId);
    if (!webhook) throw notFound('Webhook not found');
    const deliveries = await this.repo.deliveriesOf(id, limit);
    const attempts = await this.repo.attemptsOf(deliveries.map((d) => d.id));
    return deliveries.map((delivery) => ({ delivery, attempts: attempts.filter((a) => a.delivery_id === delivery.id) }));
  }

  /** Records one delivery per interested webhook for a job that just became final. Safe to call twice. */
  async jobFinished(jobId: string): Promise<void> {
    const job = await this.jobs.findById(jobId);
    if (!job || (job.status !== 'completed' && job.status !== 'error')) return;
    const event: WebhookEvent = job.status === 'completed' ? 'job.completed' : 'job.failed';
    const happenedAt = job.completed_at ?? this.clock.now();
    const targets = await this.repo.targetsFor(job.id, job.owner_id, event, happenedAt);
    if (targets.length === 0) return;
    const body: WebhookEventBody = { type: event, timestamp: new Date(happenedAt).toISOString(), data: toJobJson(job) };
    const payload = JSON.stringify(body);
    const now = this.clock.now();
    const rows: WebhookDeliveryRow[] = targets.map((webhook) => ({
      id: `msg_${randomUUID().replaceAll('-', '')}`,
      webhook_id: webhook.id,
      job_id: job.id,
      revision: job.revision,
      event,
      payload,
      status: 'pending',
      attempt_count: 0,
      next_attempt_at: now,
      lease_until: null,
      created_at: now,
      delivered_at: null,
      request_id: job.request_id,
    }));
    await this.repo.insertDeliveries(rows);
    this.onEnqueued();
  }

  private async checkUrl(raw: string, field: string): Promise<string> {
    try {
      return (await checkTargetUrl(raw, this.policy)).toString();
    } catch (err) {
      if (err instanceof TargetRefused) throw new DomainError('VALIDATION_FAILED', err.message, { field });
      throw err;
    }
  }
}
