// API keys: created and revoked by their owner on the dashboard; resolved from `Authorization: Bearer` on each request.
// The key is 256 random bits; only its SHA-256 is stored (see docs/decisions/0260-api-key-storage.md).
import { randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '#server/db/database';
import { ApiKeyRepository } from '#server/db/api-key-repository';
import type { ApiKeyRow } from '#server/db/schema';


/**
 * The key a request was authenticated by, as the HTTP layer and the use cases see it: which key, and whose. Not the
 * store's row (its hash and bookkeeping are this service's).
 */
export interface AuthenticatedKey {
  readonly id: string;
  readonly user_id: string;
}

/** A key as its owner's list shows it: never its hash. */
export type ApiKeySummary = Readonly<Pick<ApiKeyRow, 'id' | 'name' | 'prefix' | 'created_at' | 'last_used_at'>>;

const summaryOf = ({ id, name, prefix, created_at, last_used_at }: ApiKeyRow): ApiKeySummary => ({ id, name, prefix, created_at, last_used_at });
import type { Clock } from '#server/clock';
import { API_KEY_PREFIX, MAX_KEYS_PER_USER, type CreateApiKeyInput } from '#contract/api-keys';
import { hashToken } from './tokens';
import { DomainError } from '#server/errors';

/** Characters of the secret shown after the fixed prefix, enough to tell a user's keys apart. */
const VISIBLE_SECRET_CHARS = 8;
/** last_used_at is written at most this often per key, so a busy script does not write on every request. */
const TOUCH_INTERVAL_MS = 60_000;
/** A bearer value longer than this is not one of our keys; refuse it before hashing. */
const MAX_KEY_LENGTH = 100;

export interface IssuedKey {
  summary: ApiKeySummary;
  key: string;
}

export class ApiKeyService {
  private readonly keys: ApiKeyRepository;

  constructor(
    db: Db,
    private readonly clock: Clock,
  ) {
    this.keys = new ApiKeyRepository(db);
  }

  async create(userId: string, input: CreateApiKeyInput): Promise<IssuedKey> {
    if ((await this.keys.countLive(userId)) >= MAX_KEYS_PER_USER) {
      throw new DomainError('TOO_MANY_KEYS', `You can have at most ${MAX_KEYS_PER_USER} active keys; revoke one first.`);
    }
    const key = API_KEY_PREFIX + randomBytes(32).toString('base64url');
    const row: ApiKeyRow = {
      id: randomUUID(),
      user_id: userId,
      name: input.name,
      prefix: key.slice(0, API_KEY_PREFIX.length + VISIBLE_SECRET_CHARS),
      hash: hashToken(key),
      created_at: this.clock.now(),
      last_used_at: null,
      revoked_at: null,
    };
    await this.keys.insert(row);
    return { summary: summaryOf(row), key };
  }

  /** The owner's keys that still work, newest first. Revoked keys are gone from the owner's view. */
  async list(userId: string): Promise<ApiKeySummary[]> {
    return (await this.keys.listLive(userId)).map(summaryOf);
  }

  /** Revokes one of the owner's keys; false when the id is unknown, already revoked or someone else's. */
  async revoke(id: string, userId: string): Promise<boolean> {
    return this.keys.revoke(id, userId, this.clock.now());
  }

  /** The live key for a presented key, or null. Every request reads its row, so a revocation acts at once. */
  async resolve(key: string): Promise<AuthenticatedKey | null> {
    if (!key.startsWith(API_KEY_PREFIX) || key.length > MAX_KEY_LENGTH) return null;
    const row = await this.keys.findLiveByHash(hashToken(key));
    if (!row) return null;
    const now = this.clock.now();
    if (row.last_used_at === null || now - row.last_used_at >= TOUCH_INTERVAL_MS) {
      // Best effort, like session touches: bookkeeping must not fail the request.
      await this.keys
        .touch(row.id, now)
        .then(() => (row.last_used_at = now))
        .catch(() => undefined);
    }
    return { id: row.id, user_id: row.user_id };
  }
}
