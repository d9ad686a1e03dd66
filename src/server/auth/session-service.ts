// Server-side sessions for guests and users. The cookie holds a random token; the row holds its hash.
import { randomUUID } from 'node:crypto';
import type { Db } from '#server/db/database';
import { SessionRepository } from '#server/db/session-repository';
import { ThrottleRepository } from '#server/db/throttle-repository';
import type { SessionRow } from '#server/db/schema';
import type { Clock } from '#server/clock';
import { hashToken, newSessionToken } from './tokens';
import { DomainError } from '#server/errors';
import { DEFAULT_THROTTLE } from './login-throttle';
import { secondsUntilWindowEnds } from './window-counter';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** Lifetimes (stated in the README). Idle: since the last request; absolute: since sign-in. */
export const SESSION_LIFETIMES = {
  guest: { idleMs: 2 * DAY, absoluteMs: 7 * DAY },
  user: { idleMs: 3 * DAY, absoluteMs: 30 * DAY },
} as const;

/** last_seen_at is refreshed at most this often, so polling does not write on every request. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * New guest sessions per client address per window. A guest session is stored only at a visitor's first upload or
 * pause, so this is new visitors who act, per address; the window is the sign-in throttle's, whose table it shares
 * (and whose sweep removes its ended windows).
 */
export interface GuestSessionLimit {
  perAddress: number;
  windowMs: number;
}

export const DEFAULT_GUEST_SESSION_LIMIT: GuestSessionLimit = { perAddress: 100, windowMs: DEFAULT_THROTTLE.windowMs };

export const GUEST_SESSION_LIMIT_MESSAGE = 'Too many new visitors from your network right now; please try again later.';

/**
 * A session as the HTTP layer and the use cases see it: its id, and who it is (a signed-in user, or the guest this
 * browser is or was). Not the store's row: its timestamps are this service's (expiry, touches).
 */
export interface Session {
  /** SHA-256 of the cookie token ('' for an unsaved guest; `api-key:<id>` for a key standing in as its user). */
  readonly id: string;
  readonly user_id: string | null;
  readonly guest_id: string;
}

const sessionOf = ({ id, user_id, guest_id }: SessionRow): Session => ({ id, user_id, guest_id });

export interface IssuedSession {
  token: string;
  session: Session;
}

export class SessionService {
  private readonly sessions: SessionRepository;
  private readonly counters: ThrottleRepository;

  constructor(
    db: Db,
    private readonly clock: Clock,
    private readonly guestLimit: GuestSessionLimit = DEFAULT_GUEST_SESSION_LIMIT,
  ) {
    this.sessions = new SessionRepository(db);
    this.counters = new ThrottleRepository(db);
  }

  /** The live session for a cookie token, or null if unknown or expired (expired rows are deleted). */
  async resolve(token: string | undefined): Promise<Session | null> {
    if (!token || token.length > 100) return null;
    const id = hashToken(token);
    const row = await this.sessions.find(id);
    if (!row) return null;
    const now = this.clock.now();
    const idleMs = row.user_id ? SESSION_LIFETIMES.user.idleMs : SESSION_LIFETIMES.guest.idleMs;
    if (now >= row.expires_at || now - row.last_seen_at >= idleMs) {
      await this.sessions.remove(id);
      return null;
    }
    if (now - row.last_seen_at >= TOUCH_INTERVAL_MS) {
      // Best effort: a full disk or a locked database must not turn every read into an error.
      await this.sessions
        .touch(id, now)
        .then(() => (row.last_seen_at = now))
        .catch(() => undefined);
    }
    return sessionOf(row);
  }

  /** A stored guest session for a visitor from `address`; 429 past the per-address limit of new ones. */
  async createGuest(address: string): Promise<IssuedSession> {
    const now = this.clock.now();
    const { count, windowStart } = await this.counters.count(`guest:${address}`, now, this.guestLimit.windowMs);
    if (count > this.guestLimit.perAddress) {
      const retryAfter = secondsUntilWindowEnds(windowStart, this.guestLimit.windowMs, now);
      throw new DomainError('RATE_LIMITED', GUEST_SESSION_LIMIT_MESSAGE, { retryAfterSeconds: retryAfter });
    }
    return this.insert(null, randomUUID(), SESSION_LIFETIMES.guest.absoluteMs);
  }

  /**
   * Stands for a visitor without a stored session on requests that only read: a guest who owns nothing (a fresh
   * random guest id matches no job or queue row). Nothing is written for it; `createGuest` stores a real one when
   * the visitor first does something that must be remembered.
   */
  unsavedGuest(): Session {
    return { id: '', user_id: null, guest_id: randomUUID() };
  }

  /**
   * A fresh token for a user who just signed in or up (no session fixation). The previous session, if any,
   * is deleted; its guest id is carried so the guest's jobs can move into the account.
   */
  async createForUser(userId: string, previous: Session | null): Promise<IssuedSession> {
    if (previous) await this.destroy(previous.id);
    return this.insert(userId, previous?.guest_id ?? randomUUID(), SESSION_LIFETIMES.user.absoluteMs);
  }

  async destroy(sessionId: string): Promise<void> {
    await this.sessions.remove(sessionId);
  }

  async deleteExpired(): Promise<number> {
    return this.sessions.removeExpired(this.clock.now(), { guest: SESSION_LIFETIMES.guest.idleMs, user: SESSION_LIFETIMES.user.idleMs });
  }

  private async insert(userId: string | null, guestId: string, absoluteMs: number): Promise<IssuedSession> {
    const token = newSessionToken();
    const now = this.clock.now();
    const session: SessionRow = {
      id: hashToken(token),
      user_id: userId,
      guest_id: guestId,
      created_at: now,
      last_seen_at: now,
      expires_at: now + absoluteMs,
    };
    await this.sessions.insert(session);
    return { token, session: sessionOf(session) };
  }
}

/** Who owns the jobs of a session: the user when signed in, else the guest. */
export const ownerOf = (session: Session): string => session.user_id ?? session.guest_id;
