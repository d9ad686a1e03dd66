// SQL for accounts.
import type { Db } from '#server/db/database';
import type { UserRow } from '#server/db/schema';

export class UserRepository {
  constructor(private readonly db: Db) {}

  findByEmail(email: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  }

  findById(id: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Inserts the user; false when the email is already taken (unique constraint). */
  async insert(user: UserRow): Promise<boolean> {
    const r = await this.db
      .insertInto('users')
      .values(user)
      .onConflict((oc) => oc.column('email').doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  async updatePasswordHash(id: string, passwordHash: string): Promise<void> {
    await this.db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', id).execute();
  }

  /** Deletes the account and its sessions (sessions cascade, but are deleted explicitly for clarity on every dialect). */
  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('user_id', '=', id).execute();
    await this.db.deleteFrom('users').where('id', '=', id).execute();
  }
}
