// Sends recorded deliveries: polls for due ones (and is kicked when this process records new ones), claims each with a
// lease so another worker never sends it at the same time, signs it, and records the attempt. A failed attempt is
// retried with exponential backoff until 24 hours after the event; rows live in the database, so a restart resumes.
import { randomUUID } from 'node:crypto';
import type { Clock } from '#server/clock';
import { REQUEST_ID_LOG_LABEL, type Logger } from '#server/logger';
import type { Metrics } from '#server/metrics/metrics';
import { REQUEST_ID_HEADER } from '#contract/api';
import type { WebhookDeliveryRow } from '#server/db/schema';
import { WEBHOOK_RETRY_WINDOW_HOURS } from '#contract/webhooks';
import type { WebhookRepository } from './webhook-repository';
import type { WebhookService } from './webhook-service';
import type { SecretBox } from './secret-box';
import { signWebhook } from './signature';
import { sendEvent } from './send';
import type { TargetPolicy } from './target-url';

const HOUR_MS = 3_600_000;
const RETRY_WINDOW_MS = WEBHOOK_RETRY_WINDOW_HOURS * HOUR_MS;
/** The longest wait between two attempts, so a receiver back after a long outage hears again within the hour. */
const MAX_BACKOFF_MS = HOUR_MS;
const BATCH = 20;
/** Deliveries sent at once by one process. */
const CONCURRENCY = 8;
/** How far back the catch-up looks for finished jobs whose deliveries were never recorded. */
const CATCH_UP_WINDOW_MS = 2 * HOUR_MS;
const CATCH_UP_EVERY_MS = 60_000;

export interface DispatcherSettings {
  pollMs: number;
  attemptTimeoutMs: number;
  /** The first retry's delay; each later one doubles it (with jitter), up to an hour. */
  retryBaseMs: number;
  policy: TargetPolicy;
}

/** Delay before attempt n+1 after n failed attempts: base·2^(n-1), ±10 %, at most an hour. */
export function backoffMs(failedAttempts: number, baseMs: number, random = Math.random): number {
  const exact = Math.min(MAX_BACKOFF_MS, baseMs * 2 ** Math.max(0, failedAttempts - 1));
  return Math.round(exact * (0.9 + 0.2 * random()));
}

export class WebhookDispatcher {
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private again = false;
  private lastCatchUp = 0;
  private current: Promise<void> = Promise.resolve();

  constructor(
    private readonly repo: WebhookRepository,
    private readonly service: WebhookService,
    private readonly box: SecretBox,
    private readonly clock: Clock,
    private readonly log: Logger,
    private readonly settings: DispatcherSettings,
    private readonly metrics?: Metrics,
  ) {}

  start(): void {
    if (this.timer) return;
    this.service.onEnqueued = () => this.kick();
    this.timer = setInterval(() => this.kick(), this.settings.pollMs);
    this.timer.unref();
    this.kick();
  }

  /** Stops polling and waits (bounded) for the attempts in flight; unsent deliveries stay for the next start. */
  async stop(graceMs: number): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.service.onEnqueued = () => undefined;
    await Promise.race([this.current, new Promise((resolve) => setTimeout(resolve, graceMs).unref())]);
  }

  kick(): void {
    if (!this.timer) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    this.current = this.drain()
      .catch((err: unknown) => this.log.error({ err }, 'webhook dispatch failed; retrying at the next poll'))
      .finally(() => {
        this.running = false;
        if (this.again && this.timer) {
          this.again = false;
          this.kick();
        }
      });
  }

  private async drain(): Promise<void> {
    const now = this.clock.now();
    if (now - this.lastCatchUp >= CATCH_UP_EVERY_MS) {
      this.lastCatchUp = now;
      await this.catchUp(now);
    }
    for (;;) {
      const due = await this.repo.dueDeliveries(this.clock.now(), BATCH);
      if (due.length === 0) return;
      const lease = this.clock.now() + this.settings.attemptTimeoutMs + 30_000;
      const mine: WebhookDeliveryRow[] = [];
      for (const d of due) if (await this.repo.claim(d.id, this.clock.now(), lease)) mine.push(d);
      if (mine.length === 0) return;
      for (let i = 0; i < mine.length; i += CONCURRENCY) await Promise.all(mine.slice(i, i + CONCURRENCY).map((d) => this.attempt(d)));
      if (due.length < BATCH) return;
    }
  }

  /** Events a stopped worker finished but never recorded; also keeps the tables within their retention. */
  private async catchUp(now: number): Promise<void> {
    for (const jobId of await this.repo.missedEvents(now - CATCH_UP_WINDOW_MS, 200)) await this.service.jobFinished(jobId);
    await this.repo.prune(now - RETRY_WINDOW_MS - 24 * HOUR_MS, now);
  }

  private async attempt(delivery: WebhookDeliveryRow): Promise<void> {
    const webhook = await this.repo.findById(delivery.webhook_id);
    if (!webhook) return; // deleted meanwhile: its deliveries went with it
    const attemptedAt = this.clock.now();
    const headers = signWebhook(this.box.open(webhook.secret_encrypted), delivery.id, Math.floor(attemptedAt / 1000), delivery.payload);
    // The upload's request id travels with its job's events, so the receiver's logs and ours can be matched.
    const traced = delivery.request_id ? { ...headers, [REQUEST_ID_HEADER]: delivery.request_id } : { ...headers };
    const result = await sendEvent(webhook.url, traced, delivery.payload, {
      policy: this.settings.policy,
      timeoutMs: this.settings.attemptTimeoutMs,
      now: () => this.clock.now(),
    });
    const failedAttempts = delivery.attempt_count + 1;
    const next = this.clock.now() + backoffMs(failedAttempts, this.settings.retryBaseMs);
    const status = result.ok ? 'delivered' : next - delivery.created_at > RETRY_WINDOW_MS ? 'failed' : 'pending';
    this.metrics?.webhookDelivery(result.ok ? 'delivered' : status === 'failed' ? 'failed' : 'retry');
    if (!result.ok) {
      const requestId = delivery.request_id ? { [REQUEST_ID_LOG_LABEL]: delivery.request_id } : {};
      this.log.info({ delivery: delivery.id, jobId: delivery.job_id, ...requestId, statusCode: result.statusCode, error: result.error }, 'webhook attempt failed');
    }
    await this.repo.recordAttempt(
      { id: randomUUID(), delivery_id: delivery.id, attempted_at: attemptedAt, status_code: result.statusCode, error: result.error, duration_ms: result.durationMs },
      { status, nextAttemptAt: status === 'pending' ? next : delivery.next_attempt_at },
    );
  }
}
