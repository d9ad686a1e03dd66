// What the route groups are handed. Its own module, so route files and the file that wires them import it
// from here and not from each other (no import cycle). Routes parse, call one of these, and map the result.
import type { Clock } from '#server/clock';
import type { SessionService } from '#server/auth/session-service';
import type { BlobStore } from '#server/storage/blob-store';
import type { JobService } from '#server/jobs/job-service';
import type { AccountService } from '#server/auth/account-service';
import type { MinRate } from './body-guard';
import type { ApiKeyService } from '#server/auth/api-key-service';
import type { FairUse } from '#server/fair-use/fair-use';
import type { JobWaiter } from '#server/jobs/job-waiter';
import type { UploadService } from '#server/jobs/upload-service';
import type { RetuneService } from '#server/jobs/retune-service';
import type { EstimateService } from '#server/jobs/estimate-service';
import type { ShrinkService } from '#server/tinify/shrink-service';
import type { TransformService } from '#server/tinify/transform-service';
import type { TinifyStoreService } from '#server/tinify/store-service';
import type { TinifyOutputs } from '#server/tinify/tinify-outputs';
import type { WebhookService } from '#server/webhooks/webhook-service';
import type { InstanceStats } from '#server/stats/instance-stats';
import type { OriginalViewService } from '#server/jobs/original-view-service';
import type { DownloadService } from '#server/jobs/download-service';

/** Temporary paths for bodies being received (the blob store's scratch directory). */
export type UploadScratch = Pick<BlobStore, 'tempPath'>;

export interface RouteDeps {
  clock: Clock;
  sessions: SessionService;
  /** Where an upload streams to before its use case stores it: routes write scratch files, never stored ones. */
  uploadScratch: UploadScratch;
  jobService: JobService;
  accounts: AccountService;
  uploadMinRate: MinRate;
  /** HEIC uploads are taken (the HEIC_INPUT setting). */
  heicInput: boolean;
  apiKeys: ApiKeyService;
  fairUse: FairUse;
  /** The process's one long-poll waiter (its caps hold for every route that waits). */
  waiter: JobWaiter;
  uploads: UploadService;
  retunes: RetuneService;
  estimates: EstimateService;
  shrinks: ShrinkService;
  transforms: TransformService;
  tinifyStores: TinifyStoreService;
  tinifyOutputs: TinifyOutputs;
  /** Hosts POST /shrink may fetch a `source.url` from; empty refuses every URL. */
  tinifySourceHosts: string[];
  webhooks: WebhookService;
  /** The About page's figures (GET /api/stats). */
  instanceStats: InstanceStats;
  /** The original as Compare and Adjust show it: a rendering when browsers cannot show the upload (HEIC, JPEG XL). */
  originalViews: OriginalViewService;
  /** Results, card previews and the ZIP of all, each checked against its owner and deadline. */
  downloads: DownloadService;
}
