// This instance's own figures for the About page: images compressed and bytes saved (running totals added to when a
// job first completes) and registered users, with the facts the operator configured. Public: totals only, nothing
// that names or counts any one owner (docs/decisions/0550-about-figures-from-this-instance.md).
import type { InstanceTotalsRepository } from '#server/db/instance-totals-repository';
import type { OperatorFacts, SiteFacts } from '#contract/site-facts';

const IMAGES = 'images_compressed';
const BYTES_SAVED = 'bytes_saved';

/** What the runner knows of a job that just completed. */
export interface CompletedJob {
  /** 1 for the first run; a re-tune of the same image has a higher revision and is not counted again. */
  revision: number;
  originalSize: number;
  compressedSize: number;
}

export class InstanceStats {
  constructor(
    private readonly totals: InstanceTotalsRepository,
    private readonly operator: OperatorFacts,
  ) {}

  /** Counts a completion: an image compressed, and what it saved (never negative: the original is kept if smaller). */
  async recordCompletion(job: CompletedJob): Promise<void> {
    if (job.revision !== 1) return;
    await this.totals.add({ [IMAGES]: 1, [BYTES_SAVED]: Math.max(0, job.originalSize - job.compressedSize) });
  }

  async facts(): Promise<SiteFacts> {
    const [totals, users] = await Promise.all([this.totals.all(), this.totals.userCount()]);
    return { imagesCompressed: totals.get(IMAGES) ?? 0, bytesSaved: totals.get(BYTES_SAVED) ?? 0, users, operator: this.operator };
  }
}
