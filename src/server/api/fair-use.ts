// Fair use for API keys (docs/decisions/0262-fair-use-counters.md): requests per minute and images per calendar month,
// each counted per key and per user in the database, so every API process of a scale-out deployment shares the counts
// and concurrent requests can never overshoot (each count is one atomic upsert).
import { sql } from 'kysely';
import type { Db } from '#server/db/database';
import type { ApiKeyRow } from '#server/db/schema';
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
    private readonly db: Db,
    private readonly clock: Clock,
    readonly limits: FairUseLimits,
  ) {}

  /** The calendar month counted now (UTC, YYYY-MM). */
  month(): string {
    return monthOf(this.clock.now());
  }

  /** Counts one request of this key; throws 429 when the key or its user is over its per-minute limit. */
  async countRequest(key: ApiKeyRow): Promise<RateState> {
    const now = this.clock.now();
    this.pruneSometimes(now);
    const window = Math.floor(now / MINUTE);
    const expiresAt = (window + 1) * MINUTE;
    const [byKey, byUser] = await Promise.all([
      this.add(`key:${key.id}:minute:${window}`, 1, expiresAt),
      this.add(`user:${key.user_id}:minute:${window}`, 1, expiresAt),
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
   * Charges `count` images to the key and its user for this month before their jobs are created. Over either limit,
   * the charge is taken back and the upload refused with 429 until the month ends.
   */
  async chargeImages(key: ApiKeyRow, count: number): Promise<void> {
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
    if ((await this.add(keyBucket, count, expiresAt)) > this.limits.imagesPerMonthPerKey) {
      await this.add(keyBucket, -count, expiresAt);
      throw refuse(this.limits.imagesPerMonthPerKey, 'for this API key');
    }
    if ((await this.add(userBucket, count, expiresAt)) > this.limits.imagesPerMonthPerUser) {
      await Promise.all([this.add(userBucket, -count, expiresAt), this.add(keyBucket, -count, expiresAt)]);
      throw refuse(this.limits.imagesPerMonthPerUser, 'for your account');
    }
  }

  /** Images charged this month, per key id (keys without images are absent). */
  async imagesThisMonth(keyIds: string[]): Promise<Map<string, number>> {
    const month = monthOf(this.clock.now());
    const out = new Map<string, number>();
    if (keyIds.length === 0) return out;
    const buckets = keyIds.map((id) => `key:${id}:month:${month}`);
    const rows = await this.db.selectFrom('api_usage').select(['bucket', 'count']).where('bucket', 'in', buckets).execute();
    for (const row of rows) out.set(row.bucket.split(':')[1]!, Number(row.count));
    return out;
  }

  async userImagesThisMonth(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('api_usage')
      .select('count')
      .where('bucket', '=', `user:${userId}:month:${monthOf(this.clock.now())}`)
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  /** Adds to a counter and returns its new value, in one statement (INSERT ... ON CONFLICT DO UPDATE ... RETURNING). */
  private async add(bucket: string, delta: number, expiresAt: number): Promise<number> {
    const row = await this.db
      .insertInto('api_usage')
      .values({ bucket, count: delta, expires_at: expiresAt })
      .onConflict((oc) => oc.column('bucket').doUpdateSet({ count: sql<number>`${sql.ref('api_usage.count')} + ${delta}` }))
      .returning('count')
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  private pruneSometimes(now: number): void {
    if (now - this.lastPrune < PRUNE_INTERVAL_MS) return;
    this.lastPrune = now;
    void this.db
      .deleteFrom('api_usage')
      .where('expires_at', '<=', now)
      .execute()
      .catch(() => undefined);
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
