// Where the tool's jobs live and run: on our servers (uploaded, queued, downloaded) or on this device (private
// mode: a queue in this tab over the browser's codec workers). The tool's components take a source and work the
// same over either; only what truly differs is said by the source (its limits, the comparison's original).
import type { Job, QueueStats, QueueStatus, UploadConfig } from '#contract/api';
import type { QueueAction } from '#client/api/queue.ts';
import type { RefusedFile, UploadSending, UploadSettings } from '#client/api/jobs.ts';
import type { AdjustRunner } from './adjust-dialog';

export interface JobSource {
  kind: 'server' | 'private';
  jobs: Job[];
  /** The limits a drop is checked against. */
  uploadConfig?: UploadConfig;
  /** Signed in (server), or no account needed (private mode). */
  unlimited: boolean;
  send(files: File[], settings: UploadSettings): Promise<RefusedFile[]>;
  uploading: boolean;
  progress: UploadSending | null;
  queueStatus?: QueueStatus;
  queueStats?: QueueStats;
  queueAction(action: QueueAction): void;
  queueBusy: boolean;
  remove(job: Job): void;
  removingId?: string;
  clearAll(): void;
  clearing: boolean;
  /** Saves one finished result. */
  download(job: Job): void;
  downloadAll(): void;
  downloading: boolean;
  /** The original as the comparison shows it. */
  originalSrc(job: Job): string;
  /** Where Adjust's re-tune and estimate run when not on the server (private mode). */
  adjustRunner?: AdjustRunner;
}
