// Backpressure: when the waiting queue is long, new uploads are refused (429) before their bodies are stored.
import type { JobRepository } from './job-repository';
import { HttpError } from '../http/errors';

export interface AdmissionLimits {
  /** Waiting + running jobs one owner may have. */
  perOwner: number;
  /** Waiting + running jobs across everyone. */
  total: number;
}

export class AdmissionControl {
  constructor(
    private readonly jobs: JobRepository,
    private readonly limits: AdmissionLimits,
  ) {}

  async check(ownerId: string): Promise<void> {
    if ((await this.jobs.countPending(ownerId)) >= this.limits.perOwner) {
      throw new HttpError(429, 'You have many images waiting; please let them finish before uploading more.', { 'Retry-After': '30' });
    }
    if ((await this.jobs.countPending()) >= this.limits.total) {
      throw new HttpError(429, 'We are very busy right now; please try again in a minute.', { 'Retry-After': '60' });
    }
  }
}
