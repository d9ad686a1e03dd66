// One file per route group; this wires them together.
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock';
import type { SessionService } from '../../auth/session-service';
import type { Db } from '../../db/database';
import type { BlobStore } from '../../storage/blob-store';
import type { JobService } from '../../jobs/job-service';
import type { AdmissionControl } from '../../jobs/admission';
import type { AccountService } from '../../auth/account-service';
import type { MinRate } from '../body-guard';
import { registerAuthRoutes } from './auth';
import { registerConfigRoutes } from './config';
import { registerCompressRoutes } from './compress';
import { registerJobRoutes } from './jobs';
import { registerQueueRoutes } from './queue';
import { registerDownloadRoutes } from './downloads';

export interface RouteDeps {
  db: Db;
  clock: Clock;
  sessions: SessionService;
  blobs: BlobStore;
  jobService: JobService;
  admission: AdmissionControl;
  accounts: AccountService;
  uploadMinRate: MinRate;
  /** False once SIGTERM arrived: new uploads are refused while running jobs finish. */
  acceptingUploads: () => boolean;
}

export async function registerRouteGroups(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { default: multipart } = await import('@fastify/multipart');
  // Oversize files are reported per file (the rest of the batch still goes through), not thrown.
  await app.register(multipart, { throwFileSizeLimit: false });
  registerAuthRoutes(app, deps);
  registerConfigRoutes(app);
  registerCompressRoutes(app, deps);
  registerJobRoutes(app, deps);
  registerQueueRoutes(app, deps);
  registerDownloadRoutes(app, deps);
}
