// Fair use for API keys (docs/decisions/0262-fair-use-counters.md): requests per minute and images per calendar month,
// each counted per key and per user in the database (db/usage-repository.ts). Images are charged by the use case
// that does the work, after admission, in the transaction that writes the work (docs/decisions/0320-use-cases-in-services.md).
import type { AuthenticatedKey } from '#server/auth/api-key-service';
import type { UsageExecutor, UsageRepository } from '#server/db/usage-repository';
import type { Clock } from '#server/clock';
import { DomainError } from '#server/errors';

export interface FairUseLimits {
  requestsPerMinutePerKey: number;
  requestsPerMinutePerUser: number;
  imagesPerMonthPerKey: number;
  imagesPerMonthPerUser: number;
}

/** The state of the tightest limit after a request was counted: what the RateLimit headers report. */
export interface RateState {
  limit: number;
  remaining: number;
  /** Seconds until the window of that limit ends. */
  resetSeconds: number;
  windowSeconds: number;
  /** The monthly image allowance of the key (the tighter of key and user), listed beside the request policy. */
  imagesPerMonth: number;
}

/** Seconds in the monthly window as RateLimit-Policy states it (the draft's windows are in seconds; a month varies). */
const MONTH_SECONDS = 30 * 24 * 3600;

const MINUTE = 60_000;
/** Expired counter rows are removed at most this often per process. */
const PRUNE_INTERVAL_MS = 5 * MINUTE;

export const monthOf = (now: number): string => new Date(now).toISOString().slice(0, 7);

function nextMonthStart(now: number): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

/** Over a per-minute limit; carries the limit's state so the HTTP layer can still report it in RateLimit fields. */
export class RateLimitExceeded extends DomainError {
  constructor(readonly state: RateState) {
    super('RATE_LIMITED', 'Too many requests for this API key; slow down and retry after the time given.', {
      retryAfterSeconds: state.resetSeconds,
    });
  }
}

export class FairUse {
  private lastPrune = 0;

  constructor(
    private readonly usage: UsageRepository,
    private readonly clock: Clock,
    readonly limits: FairUseLimits,
  ) {}

  /** The calendar month counted now (UTC, YYYY-MM). */
  month(): string {
    return monthOf(this.clock.now());
  }

  /** Counts one request of this key; throws 429 when the key or its user is over its per-minute limit. */
  async countRequest(key: AuthenticatedKey): Promise<RateState> {
    const now = this.clock.now();
    this.pruneSometimes(now);
    const window = Math.floor(now / MINUTE);
    const expiresAt = (window + 1) * MINUTE;
    const [byKey, byUser] = await Promise.all([
      this.usage.add(`key:${key.id}:minute:${window}`, 1, expiresAt),
      this.usage.add(`user:${key.user_id}:minute:${window}`, 1, expiresAt),
    ]);
    const resetSeconds = Math.max(1, Math.ceil((expiresAt - now) / 1000));
    const states = [
      { limit: this.limits.requestsPerMinutePerKey, used: byKey },
      { limit: this.limits.requestsPerMinutePerUser, used: byUser },
    ].map(({ limit, used }) => ({ limit, remaining: Math.max(0, limit - used), over: used > limit }));
    const tightest = states.reduce((a, b) => (b.remaining < a.remaining ? b : a));
    const imagesPerMonth = Math.min(this.limits.imagesPerMonthPerKey, this.limits.imagesPerMonthPerUser);
    const state: RateState = { limit: tightest.limit, remaining: tightest.remaining, resetSeconds, windowSeconds: 60, imagesPerMonth };
    if (states.some((s) => s.over)) {
      throw new RateLimitExceeded(state);
    }
    return state;
  }

  /**
   * Charges `count` images to the key and its user for this month. Over either limit the upload is refused with 429
   * until the month ends and the charge is taken back. Given a transaction (`db`), the caller writes its work in it
   * too: the refusal, or any later failure of that write, rolls the charge back with the work.
   */
  async chargeImages(key: AuthenticatedKey, count: number, db?: UsageExecutor): Promise<void> {
    if (count <= 0) return;
    const now = this.clock.now();
    const month = monthOf(now);
    const expiresAt = nextMonthStart(now);
    const keyBucket = `key:${key.id}:month:${month}`;
    const userBucket = `user:${key.user_id}:month:${month}`;
    const retryAfterSeconds = Math.max(1, Math.ceil((expiresAt - now) / 1000));
    const refuse = (limit: number, whose: string) =>
      new DomainError('MONTHLY_LIMIT', `This upload would pass the monthly limit of ${limit} images ${whose}.`, { retryAfterSeconds });
    // One counter after the other: an upload refused by its key's limit never touches (nor crowds out) the user's.
    // In a transaction the refusal's rollback takes the charge back; outside one, it is taken back here.
    const add = (bucket: string, delta: number) => this.usage.add(bucket, delta, expiresAt, db);
    if ((await add(keyBucket, count)) > this.limits.imagesPerMonthPerKey) {
      if (!db) await add(keyBucket, -count);
      throw refuse(this.limits.imagesPerMonthPerKey, 'for this API key');
    }
    if ((await add(userBucket, count)) > this.limits.imagesPerMonthPerUser) {
      if (!db) await Promise.all([add(userBucket, -count), add(keyBucket, -count)]);
      throw refuse(this.limits.imagesPerMonthPerUser, 'for your account');
    }
  }

  /** Gives back images charged for work that then failed (a transformation the codec could not finish). */
  async refundImages(key: AuthenticatedKey, count: number): Promise<void> {
    if (count <= 0) return;
    const now = this.clock.now();
    const month = monthOf(now);
    const expiresAt = nextMonthStart(now);
    await Promise.all([
      this.usage.add(`key:${key.id}:month:${month}`, -count, expiresAt),
      this.usage.add(`user:${key.user_id}:month:${month}`, -count, expiresAt),
    ]);
  }

  /** Images charged this month, per key id (keys without images are absent). */
  async imagesThisMonth(keyIds: string[]): Promise<Map<string, number>> {
    const month = monthOf(this.clock.now());
    const out = new Map<string, number>();
    if (keyIds.length === 0) return out;
    const counts = await this.usage.counts(keyIds.map((id) => `key:${id}:month:${month}`));
    for (const [bucket, count] of counts) out.set(bucket.split(':')[1]!, count);
    return out;
  }

  async userImagesThisMonth(userId: string): Promise<number> {
    const bucket = `user:${userId}:month:${monthOf(this.clock.now())}`;
    return (await this.usage.counts([bucket])).get(bucket) ?? 0;
  }

  private pruneSometimes(now: number): void {
    if (now - this.lastPrune < PRUNE_INTERVAL_MS) return;
    this.lastPrune = now;
    void this.usage.removeExpired(now).catch(() => undefined);
  }
}

/** IETF draft "RateLimit header fields" as separate fields (docs/decisions/0262-fair-use-counters.md). */
export function rateHeaders(state: RateState): Record<string, string> {
  return {
    'RateLimit-Limit': String(state.limit),
    'RateLimit-Remaining': String(state.remaining),
    'RateLimit-Reset': String(state.resetSeconds),
    // Both policies: the request one the other fields report on, and the monthly image quota (its use: GET /api/usage).
    'RateLimit-Policy': `${state.limit};w=${state.windowSeconds}, ${state.imagesPerMonth};w=${MONTH_SECONDS};comment="images per calendar month"`,
  };
}
