// What every storage driver offers: whole objects under keys, written atomically (a reader sees the old object, the
// new one, or nothing; never a half-written one), read as streams. Keys are `<kind>/<generated id>`, never user text.
import type { Readable } from 'node:stream';

export interface StoredObject {
  key: string;
  size: number;
  /** Wall-clock time the object was written (file mtime, S3 LastModified). */
  modifiedMs: number;
}

export interface StorageDriver {
  /** A human-readable name for logs and start-up messages ("file:/data/files", "s3://bucket/prefix"). */
  readonly description: string;
  /** Checks the store is reachable and accepts our credentials; throws StoreUnavailableError or StoreConfigError. */
  check(): Promise<void>;
  /** Stores a stream of unknown length under a key; visible only once complete. */
  put(key: string, body: Readable, contentType?: string): Promise<void>;
  /** Stores a finished local file under a key and removes the file (a rename when the store is local). */
  putFile(key: string, file: string, contentType?: string): Promise<void>;
  /** The object's bytes, or null if there is no object under the key. */
  get(key: string): Promise<Readable | null>;
  stat(key: string): Promise<StoredObject | null>;
  delete(keys: string[]): Promise<void>;
  /** Every object whose key starts with the prefix, page by page (for the sweeper). */
  list(prefix: string): AsyncIterable<StoredObject>;
  /** Where the object's bytes can be read in place, for a driver backed by a local file system; else undefined. */
  localPath?(key: string): string;
  /** A short-lived URL that lets its bearer GET the object, when the store supports it. */
  signedUrl?(key: string, options: { expiresInSeconds: number; contentDisposition?: string }): Promise<string>;
  /** Removes multipart uploads that were started longer ago than maxAgeMs and never completed; returns how many. */
  abortStaleUploads?(maxAgeMs: number): Promise<number>;
  close?(): void;
}

/** The store cannot be reached right now (network, 5xx, timeout): the operation may succeed later. */
export class StoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StoreUnavailableError';
  }
}

/** The store answered but refuses us for good (no such bucket, credentials refused): an operator must fix it. */
export class StoreConfigError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StoreConfigError';
  }
}
