// What the route groups are handed. Its own module, so route files and the file that wires them import it
// from here and not from each other (no import cycle).
import type { Clock } from '#server/clock';
import type { SessionService } from '#server/auth/session-service';
import type { BlobStore } from '#server/storage/blob-store';
import type { JobService } from '#server/jobs/job-service';
import type { AdmissionControl } from '#server/jobs/admission';
import type { AccountService } from '#server/auth/account-service';
import type { MinRate } from './body-guard';
import type { ApiKeyService } from '#server/auth/api-key-service';
import type { FairUse } from '#server/api/fair-use';
import type { FileTransformer } from '#server/sandbox/protocol';

export interface RouteDeps {
  clock: Clock;
  sessions: SessionService;
  blobs: BlobStore;
  jobService: JobService;
  admission: AdmissionControl;
  accounts: AccountService;
  uploadMinRate: MinRate;
  /** HEIC uploads are taken (the HEIC_INPUT setting). */
  heicInput: boolean;
  /** False once SIGTERM arrived: new uploads are refused while running jobs finish. */
  acceptingUploads: () => boolean;
  apiKeys: ApiKeyService;
  fairUse: FairUse;
  /** Runs Tinify-style transformations in codec processes (the server never decodes images itself). */
  transformer: FileTransformer;
  /** Hosts POST /shrink may fetch a `source.url` from; empty refuses every URL. */
  tinifySourceHosts: string[];
}
