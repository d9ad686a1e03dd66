// Tinify's POST /shrink as a use case: an image already received (streamed to a temp file under the upload limits)
// becomes a job with the default settings, and the call answers once it is compressed. Everything that can refuse
// is checked before the job exists: the backlog, a place among the long-poll waiters (without one the call could only
// answer "still working" for a job it had created and charged), then admission and the monthly charge in the
// transaction that inserts the job. A job that fails, or is not done in time, is given back (docs/decisions/0320-use-cases-in-services.md).
import { compressSettingsSchema } from '#contract/settings-schema';
import type { JobRow } from '#server/db/schema';
import type { AuthenticatedKey } from '#server/auth/api-key-service';
import type { FairUse } from '#server/fair-use/fair-use';
import type { AcceptedUpload, JobService } from '#server/jobs/job-service';
import type { JobWaiter, WaitPlace } from '#server/jobs/job-waiter';
import type { UploadService } from '#server/jobs/upload-service';
import { discard } from '#server/storage/blob-store';
import { stillWorking } from './tinify-error';
import { unreadable, type TinifyOutputs } from './tinify-outputs';

export class ShrinkService {
  constructor(
    private readonly uploads: UploadService,
    private readonly outputs: TinifyOutputs,
    private readonly jobService: JobService,
    private readonly fairUse: FairUse,
    private readonly waiter: JobWaiter,
  ) {}

  /** Before the body is read: the server takes work, the backlog has room, and the call will be able to wait. */
  async admit(key: AuthenticatedKey): Promise<WaitPlace> {
    await this.uploads.admit(callerOf(key));
    const place = this.waiter.reserve(key.user_id);
    if (!place) throw stillWorking();
    return place;
  }

  /** Compresses the received image; `place` (from admit) is released whatever happens. */
  async shrink(key: AuthenticatedKey, upload: AcceptedUpload, place: WaitPlace, gone: AbortSignal, requestId?: string): Promise<JobRow> {
    try {
      const [created] = await this.uploads.createJobs({ ...callerOf(key), requestId }, [upload], compressSettingsSchema.parse({})).catch(async (err: unknown) => {
        await discard(upload.tempFile);
        throw err;
      });
      const state = await this.outputs.settle(key, created!, gone, place);
      if (state.kind === 'done') return state.job;
      // Not compressed: the image is not charged, and a job nobody will fetch is not left behind.
      await this.fairUse.refundImages(key, 1);
      if (state.kind === 'failed') throw unreadable(state.job);
      await this.jobService.remove(created!.id, key.user_id);
      throw stillWorking();
    } finally {
      place.release();
    }
  }
}

const callerOf = (key: AuthenticatedKey) => ({ ownerId: key.user_id, guestAddress: null, apiKey: key });
