// The tool's port (api/ holds it, so both adapters and the components depend on it, never the reverse). Where the
// tool's jobs live and run: on our servers (uploaded, queued, downloaded) or on this device (private
// mode: a queue in this tab over the browser's codec workers). The tool's components take a source and work the
// same over either; only what truly differs is said by the source (its limits, the comparison's original).
import type { Job, QueueStats, QueueStatus, UploadConfig } from '#contract/api';
import type { QueueAction } from './queue.ts';
import type { SettingsRequest } from '#contract/settings';
import type { RefusedFile, Retune, UploadSending } from './jobs.ts';
import type { EstimateFrom } from './estimate.ts';

/** Where Adjust's re-tune and its estimate run: the server unless the job source says otherwise (private mode). */
export interface AdjustRunner {
  retune: Retune;
  estimateFrom: EstimateFrom;
}

export interface JobSource {
  kind: 'server' | 'private';
  jobs: Job[];
  /** The limits a drop is checked against. */
  uploadConfig?: UploadConfig;
  /** Signed in (server), or no account needed (private mode). */
  unlimited: boolean;
  /** Sends files; `notAdded` counts the drop's files already refused, so the toast never calls a partial drop a success. */
  send(files: File[], settings: SettingsRequest, notAdded?: number): Promise<RefusedFile[]>;
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
  /** Re-runs every finished job with these settings (the re-tune body), from the stored originals. */
  recompressAll(changes: Record<string, unknown>): Promise<void>;
  recompressing: boolean;
  /** Where Adjust's re-tune and estimate run when not on the server (private mode). */
  adjustRunner?: AdjustRunner;
}
