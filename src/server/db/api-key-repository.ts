// The SQL behind API keys (auth/api-key-service.ts holds the rules: how keys are made, shown and checked).
import type { Kysely } from 'kysely';
import type { ApiKeyRow, Database } from './schema';

export class ApiKeyRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async countLive(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('api_keys')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async insert(row: ApiKeyRow): Promise<void> {
    await this.db.insertInto('api_keys').values(row).execute();
  }

  /** The owner's live keys, newest first. */
  listLive(userId: string): Promise<ApiKeyRow[]> {
    return this.db.selectFrom('api_keys').selectAll().where('user_id', '=', userId).where('revoked_at', 'is', null).orderBy('created_at', 'desc').execute();
  }

  /** Revokes one live key of the owner; false when there was none. */
  async revoke(id: string, userId: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('api_keys')
      .set({ revoked_at: now })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  findLiveByHash(hash: string): Promise<ApiKeyRow | undefined> {
    return this.db.selectFrom('api_keys').selectAll().where('hash', '=', hash).where('revoked_at', 'is', null).executeTakeFirst();
  }

  async touch(id: string, now: number): Promise<void> {
    await this.db.updateTable('api_keys').set({ last_used_at: now }).where('id', '=', id).execute();
  }
}
