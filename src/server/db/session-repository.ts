// The SQL behind sessions (auth/session-service.ts holds the rules: lifetimes, tokens, guest limits).
import type { Kysely } from 'kysely';
import type { Database, SessionRow } from './schema';

export class SessionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  find(id: string): Promise<SessionRow | undefined> {
    return this.db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insert(session: SessionRow): Promise<void> {
    await this.db.insertInto('sessions').values(session).execute();
  }

  async remove(id: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('id', '=', id).execute();
  }

  async touch(id: string, now: number): Promise<void> {
    await this.db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
  }

  /** Deletes sessions past their absolute end, or idle too long (guests and users have their own idle limits). */
  async removeExpired(now: number, idleMs: { guest: number; user: number }): Promise<number> {
    const result = await this.db
      .deleteFrom('sessions')
      .where((eb) =>
        eb.or([
          eb('expires_at', '<=', now),
          eb.and([eb('user_id', 'is', null), eb('last_seen_at', '<=', now - idleMs.guest)]),
          eb.and([eb('user_id', 'is not', null), eb('last_seen_at', '<=', now - idleMs.user)]),
        ]),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
