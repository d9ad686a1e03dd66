// Backpressure: when too much is waiting, new uploads are refused (429) before their bodies are stored, and again,
// atomically, when their rows are inserted (a cap is then passed by at most one upload's files, however many
// uploads run at once).
//
// Three ceilings (docs/decisions/0120-admission-counts-runnable-work.md):
// - per owner: everything the owner has waiting, paused or not;
// - per client address, for guests: everything guests uploading from that address have waiting, so guest
//   sessions (free, one per request without a cookie) from one address cannot fill the service for others;
// - in total: only work that can run. A paused owner's jobs hold no worker and only count against that owner,
//   so parking jobs in paused queues cannot lock everyone else out.
import type { Transaction } from 'kysely';
import type { Database, NewJob } from '#server/db/schema';
import { DomainError } from '#server/errors';
import type { AdmissionRepository, Applicant, BacklogCounts } from './admission-repository';

export type { Applicant } from './admission-repository';

export interface AdmissionLimits {
  /** Waiting + running jobs one owner may have (paused ones included). */
  perOwner: number;
  /** Waiting + running jobs guests from one client address may have together. */
  perGuestAddress: number;
  /** Waiting + running jobs of owners that are not paused, across everyone. */
  total: number;
}

export class AdmissionControl {
  constructor(
    private readonly repo: AdmissionRepository,
    private readonly limits: AdmissionLimits,
  ) {}

  /** The cheap early check, before an upload's body is read. */
  async check(applicant: Applicant): Promise<void> {
    const refusal = this.refusal(await this.repo.counts(applicant));
    if (refusal) throw refusal;
  }

  /**
   * Inserts an upload's rows only if no ceiling was reached, counted together with the insert. `alsoWrite` runs in
   * the same transaction after the insert (the API key's fair-use charge): if it throws, nothing is inserted.
   */
  async insert(applicant: Applicant, rows: NewJob[], alsoWrite?: (trx: Transaction<Database>) => Promise<void>): Promise<void> {
    const refusal = await this.repo.insertIfAdmitted(rows, applicant, (counts) => this.refusal(counts), alsoWrite);
    if (refusal) throw refusal;
  }

  /** Runs a write that adds waiting work (a re-tune), only if no ceiling was reached, counted with the write. */
  async admit(applicant: Applicant, write: (trx: Transaction<Database>) => Promise<void>): Promise<void> {
    const refusal = await this.repo.writeIfAdmitted(applicant, (counts) => this.refusal(counts), write);
    if (refusal) throw refusal;
  }

  private refusal(counts: BacklogCounts): DomainError | null {
    if (counts.owner >= this.limits.perOwner) {
      return new DomainError('OWNER_BACKLOG_FULL', 'You have many images waiting; please let them finish before uploading more.', {
        retryAfterSeconds: 30,
      });
    }
    if (counts.address >= this.limits.perGuestAddress) {
      return new DomainError('RATE_LIMITED', 'Many images from your network are waiting; please let them finish, or sign in to upload more.', {
        retryAfterSeconds: 60,
      });
    }
    if (counts.runnable >= this.limits.total) {
      return new DomainError('SERVER_BUSY', 'We are very busy right now; please try again in a minute.', { retryAfterSeconds: 60 });
    }
    return null;
  }
}
