// Sign-up, sign-in, sign-out, account deletion and export. Guest jobs move into the account at sign-in/up.
import { randomUUID } from 'node:crypto';
import type { Clock } from '#server/clock';
import type { UserRow } from '#server/db/schema';
import type { Session } from './session-service';
import type { JobRepository } from '#server/jobs/job-repository';
import type { JobService } from '#server/jobs/job-service';
import type { LoginInput, RegisterInput, User } from '#contract/api';
import { MESSAGES } from '#contract/messages';
import { DomainError } from '#server/errors';
import { hashPassword, needsRehash, timingDummyHash, verifyPassword } from './passwords';
import type { IssuedSession, SessionService } from './session-service';
import type { LoginThrottle } from './login-throttle';
import type { UserRepository } from './user-repository';

export const toUserJson = (u: UserRow): User => ({
  id: u.id,
  email: u.email,
  firstName: u.first_name,
  lastName: u.last_name,
  profileImageUrl: u.profile_image_url,
  createdAt: new Date(u.created_at).toISOString(),
});

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export interface SignedIn {
  user: UserRow;
  issued: IssuedSession;
}

export class AccountService {
  constructor(
    private readonly users: UserRepository,
    private readonly sessions: SessionService,
    private readonly jobs: JobRepository,
    private readonly jobService: JobService,
    private readonly throttle: LoginThrottle,
    private readonly clock: Clock,
  ) {}

  async register(input: RegisterInput, current: Session | null): Promise<SignedIn> {
    const user: UserRow = {
      id: randomUUID(),
      email: normaliseEmail(input.email),
      password_hash: await hashPassword(input.password),
      first_name: input.firstName,
      last_name: input.lastName,
      profile_image_url: null,
      created_at: this.clock.now(),
    };
    if (!(await this.users.insert(user))) throw new DomainError('EMAIL_TAKEN', MESSAGES.emailTaken);
    return this.signIn(user, current);
  }

  async login(input: LoginInput, current: Session | null, address: string): Promise<SignedIn> {
    const email = normaliseEmail(input.email);
    // Counted before the password is checked, so simultaneous guesses cannot all slip under the limit.
    const verdict = await this.throttle.reserveAttempt(email, address);
    if (!verdict.allowed) {
      throw new DomainError('LOCKED_OUT', 'Too many failed sign-in attempts. Please try again later.', {
        retryAfterSeconds: verdict.retryAfterSeconds,
      });
    }
    const user = await this.users.findByEmail(email);
    // Unknown email and wrong password take the same path and time and give the same answer.
    const ok = await verifyPassword(user?.password_hash ?? (await timingDummyHash()), input.password);
    if (!user || !ok) throw new DomainError('BAD_CREDENTIALS', MESSAGES.invalidCredentials);
    await this.throttle.succeeded(verdict.reservation);
    if (needsRehash(user.password_hash)) {
      user.password_hash = await hashPassword(input.password);
      await this.users.updatePasswordHash(user.id, user.password_hash);
    }
    return this.signIn(user, current);
  }

  async logout(current: Session): Promise<void> {
    await this.sessions.destroy(current.id);
  }

  async currentUser(current: Session): Promise<UserRow | null> {
    return current.user_id ? ((await this.users.findById(current.user_id)) ?? null) : null;
  }

  /** Deletes the account with everything it owns: sessions, jobs, files, queue state. */
  async deleteAccount(userId: string): Promise<void> {
    await this.jobService.removeAll(userId);
    await this.jobs.deleteOwnerQueueState(userId);
    await this.users.delete(userId);
  }

  async export(userId: string) {
    const user = await this.users.findById(userId);
    if (!user) throw new DomainError('UNAUTHENTICATED', MESSAGES.unauthorized);
    const jobs = await this.jobService.list(userId);
    return { user, jobs };
  }

  /** New session token for the user (no fixation); a guest's jobs move into the account. */
  private async signIn(user: UserRow, current: Session | null): Promise<SignedIn> {
    if (current && !current.user_id) await this.jobs.transferOwner(current.guest_id, user.id);
    const issued = await this.sessions.createForUser(user.id, current);
    return { user, issued };
  }
}
