// A storage driver that reports what passes through it: every operation by driver and name, and the failed ones by
// kind (the store unreachable, refusing our configuration, or anything else). It wraps whichever driver runs, so
// both report the same way and neither driver knows about it; the composition root turns reports into metrics.
import type { Readable } from 'node:stream';
import { StoreConfigError, StoreUnavailableError, type StorageDriver, type StoredObject } from './driver';

export type DriverName = 'file' | 's3';
export type StorageErrorKind = 'unavailable' | 'config' | 'other';
/** Told of every storage operation, and of its failure's kind when it failed. */
export type StorageObserver = (driver: DriverName, operation: string, error?: StorageErrorKind) => void;

function kindOf(err: unknown): StorageErrorKind {
  if (err instanceof StoreUnavailableError) return 'unavailable';
  if (err instanceof StoreConfigError) return 'config';
  return 'other';
}

export class MeteredDriver implements StorageDriver {
  readonly localPath?: (key: string) => string;
  readonly signedUrl?: StorageDriver['signedUrl'];
  readonly abortStaleUploads?: StorageDriver['abortStaleUploads'];

  constructor(
    private readonly inner: StorageDriver,
    private readonly name: DriverName,
    private readonly observe: StorageObserver,
  ) {
    // Optional abilities stay optional: callers test for them (a local path means "read the file in place").
    if (inner.localPath) this.localPath = (key) => inner.localPath!(key);
    if (inner.signedUrl) this.signedUrl = (key, options) => this.counted('signedUrl', () => inner.signedUrl!(key, options));
    if (inner.abortStaleUploads) this.abortStaleUploads = (maxAgeMs) => this.counted('abortStaleUploads', () => inner.abortStaleUploads!(maxAgeMs));
  }

  get description(): string {
    return this.inner.description;
  }

  check(): Promise<void> {
    return this.counted('check', () => this.inner.check());
  }

  put(key: string, body: Readable, contentType?: string): Promise<void> {
    return this.counted('put', () => this.inner.put(key, body, contentType));
  }

  putFile(key: string, file: string, contentType?: string): Promise<void> {
    return this.counted('putFile', () => this.inner.putFile(key, file, contentType));
  }

  get(key: string): Promise<Readable | null> {
    return this.counted('get', () => this.inner.get(key));
  }

  stat(key: string): Promise<StoredObject | null> {
    return this.counted('stat', () => this.inner.stat(key));
  }

  delete(keys: string[]): Promise<void> {
    return this.counted('delete', () => this.inner.delete(keys));
  }

  /** One operation per listing, however many pages it reads; a failure on any page counts as its error. */
  async *list(prefix: string): AsyncIterable<StoredObject> {
    try {
      yield* this.inner.list(prefix);
      this.observe(this.name, 'list');
    } catch (err) {
      this.observe(this.name, 'list', kindOf(err));
      throw err;
    }
  }

  close(): void {
    this.inner.close?.();
  }

  private async counted<T>(operation: string, run: () => Promise<T>): Promise<T> {
    try {
      const result = await run();
      this.observe(this.name, operation);
      return result;
    } catch (err) {
      this.observe(this.name, operation, kindOf(err));
      throw err;
    }
  }
}
