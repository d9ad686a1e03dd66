// Builds the blob store the configuration asks for and checks, at start, that it can be used.
import path from 'node:path';
import { BlobStore } from './blob-store';
import { FileDriver } from './file-driver';
import { S3Driver, type S3Settings } from './s3-driver';
import { ScratchSpace } from './scratch';
import { StoreConfigError, StoreUnavailableError, type StorageDriver } from './driver';
import { MeteredDriver, type StorageObserver } from './metered-driver';

/** What config.ts makes of STORAGE_URL, S3_* and the AWS credentials. */
export type StorageConfig = { kind: 'file' } | ({ kind: 's3' } & S3Settings);

/** `observe`: told of every storage operation and error (metrics; metered-driver.ts); tests that build a store alone omit it. */
export async function createBlobStore(storage: StorageConfig, dataDir: string, filesDir: string, observe?: StorageObserver): Promise<BlobStore> {
  const metered = (driver: StorageDriver, name: 'file' | 's3') => (observe ? new MeteredDriver(driver, name, observe) : driver);
  if (storage.kind === 'file') {
    const files = new FileDriver(filesDir);
    // Scratch files live beside the objects so that committing them is a rename on one file system.
    const store = new BlobStore(metered(files, 'file'), new ScratchSpace(files.tmpDir, false));
    await store.init();
    return store;
  }
  const driver = metered(new S3Driver(storage), 's3');
  // With an object store the data directory is the node's own: each process keeps its scratch files apart.
  const store = new BlobStore(driver, new ScratchSpace(path.join(dataDir, 'scratch'), true));
  await store.init();
  try {
    await driver.check();
  } catch (err) {
    driver.close?.();
    if (err instanceof StoreConfigError || err instanceof StoreUnavailableError) {
      throw new StorageStartError(`STORAGE_URL: ${err.message}. Check STORAGE_URL, S3_ENDPOINT, S3_REGION and the AWS credentials.`);
    }
    throw err;
  }
  return store;
}

export class StorageStartError extends Error {}
