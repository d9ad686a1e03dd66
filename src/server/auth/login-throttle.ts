// Failed sign-ins are counted per account and per client address in fixed windows, in the database so that
// every API process sees the same counts. Over the limit: 429 with Retry-After until the window ends.
import type { Db } from '../db/database';
import type { Clock } from '../clock';

export interface ThrottleLimits {
  windowMs: number;
  perAccount: number;
  perAddress: number;
}

export const DEFAULT_THROTTLE: ThrottleLimits = { windowMs: 15 * 60 * 1000, perAccount: 10, perAddress: 50 };

export class LoginThrottle {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly limits: ThrottleLimits = DEFAULT_THROTTLE,
  ) {}

  private keys(email: string, address: string) {
    return [
      { key: `acct:${email}`, max: this.limits.perAccount },
      { key: `addr:${address}`, max: this.limits.perAddress },
    ];
  }

  /** Seconds to wait if this email or address is locked out now, else null. */
  async retryAfterSeconds(email: string, address: string): Promise<number | null> {
    const now = this.clock.now();
    let wait = 0;
    for (const { key, max } of this.keys(email, address)) {
      const row = await this.db.selectFrom('auth_throttle').selectAll().where('key', '=', key).executeTakeFirst();
      if (row && now - row.window_start < this.limits.windowMs && row.failures >= max) {
        wait = Math.max(wait, Math.ceil((row.window_start + this.limits.windowMs - now) / 1000));
      }
    }
    return wait > 0 ? wait : null;
  }

  async recordFailure(email: string, address: string): Promise<void> {
    const now = this.clock.now();
    for (const { key } of this.keys(email, address)) {
      const row = await this.db.selectFrom('auth_throttle').selectAll().where('key', '=', key).executeTakeFirst();
      if (!row || now - row.window_start >= this.limits.windowMs) {
        await this.db
          .insertInto('auth_throttle')
          .values({ key, window_start: now, failures: 1 })
          .onConflict((oc) => oc.column('key').doUpdateSet({ window_start: now, failures: 1 }))
          .execute();
      } else {
        await this.db
          .updateTable('auth_throttle')
          .set((eb) => ({ failures: eb('failures', '+', 1) }))
          .where('key', '=', key)
          .execute();
      }
    }
  }

  /** A successful sign-in clears the account's count (not the address's: one address may try many accounts). */
  async recordSuccess(email: string): Promise<void> {
    await this.db.deleteFrom('auth_throttle').where('key', '=', `acct:${email}`).execute();
  }

  async deleteExpired(): Promise<void> {
    await this.db.deleteFrom('auth_throttle').where('window_start', '<', this.clock.now() - this.limits.windowMs).execute();
  }
}
