// Failed sign-ins are counted per account and per client address in fixed windows, in the database so that
// every API process sees the same counts. Over the limit: 429 with Retry-After until the window ends.
//
// Each attempt is counted before its password is checked, by one atomic upsert that returns the new count
// (SQLite and PostgreSQL both serialise it per row). Checking first and counting after the ~20 ms password hash
// let a burst of simultaneous guesses all pass the check before any was counted (100 of 100 checked); reserving
// the attempt first means the 11th simultaneous guess for an account sees 11 and is refused unchecked.
import type { Db } from '#server/db/database';
import { ThrottleRepository } from '#server/db/throttle-repository';
import type { Clock } from '#server/clock';
import { secondsUntilWindowEnds } from './window-counter';

export interface ThrottleLimits {
  windowMs: number;
  perAccount: number;
  perAddress: number;
}

export const DEFAULT_THROTTLE: ThrottleLimits = { windowMs: 15 * 60 * 1000, perAccount: 10, perAddress: 50 };

/** An attempt counted against both limits and allowed to be checked; give it back with `succeeded` if it was right. */
export interface AttemptReservation {
  email: string;
  addressKey: string;
  addressWindowStart: number;
}

export type AttemptVerdict = { allowed: true; reservation: AttemptReservation } | { allowed: false; retryAfterSeconds: number };

export class LoginThrottle {
  private readonly counters: ThrottleRepository;

  constructor(
    db: Db,
    private readonly clock: Clock,
    private readonly limits: ThrottleLimits = DEFAULT_THROTTLE,
  ) {
    this.counters = new ThrottleRepository(db);
  }

  /**
   * Counts one sign-in attempt for this address, then for this account, and says whether it may be checked.
   * The address comes first so that a locked-out address cannot use up the account's attempts.
   */
  async reserveAttempt(email: string, address: string): Promise<AttemptVerdict> {
    const now = this.clock.now();
    const addressKey = `addr:${address}`;
    const byAddress = await this.counters.count(addressKey, now, this.limits.windowMs);
    if (byAddress.count > this.limits.perAddress) return this.refuse(byAddress.windowStart, now);
    const byAccount = await this.counters.count(`acct:${email}`, now, this.limits.windowMs);
    if (byAccount.count > this.limits.perAccount) return this.refuse(byAccount.windowStart, now);
    return { allowed: true, reservation: { email, addressKey, addressWindowStart: byAddress.windowStart } };
  }

  /**
   * The attempt was right: the account's count is cleared and the address's attempt is given back (not the
   * address's other failures: one address may try many accounts).
   */
  async succeeded(reservation: AttemptReservation): Promise<void> {
    await this.counters.clear(`acct:${reservation.email}`);
    await this.counters.giveBackOne(reservation.addressKey, reservation.addressWindowStart);
  }

  /** Every window in the table (sign-in attempts, new guest sessions) is at most this long; older rows are dead. */
  async deleteExpired(): Promise<void> {
    await this.counters.removeStartedBefore(this.clock.now() - this.limits.windowMs);
  }

  private refuse(windowStart: number, now: number): AttemptVerdict {
    return { allowed: false, retryAfterSeconds: secondsUntilWindowEnds(windowStart, this.limits.windowMs, now) };
  }
}
