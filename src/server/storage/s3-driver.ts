// Objects in an S3 bucket (AWS, R2, B2, Ceph RGW, MinIO...), under an optional key prefix. Nothing is public: every
// request is signed, and the bucket needs no policy beyond this client's own rights (README, scale-out).
// A PutObject or a completed multipart upload is atomic in S3, so a reader never sees a half-written object; a
// crashed multipart upload leaves invisible parts, which abortStaleUploads removes.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { StoreConfigError, StoreUnavailableError, type StorageDriver, type StoredObject } from './driver';

export interface S3Settings {
  bucket: string;
  /** Key prefix inside the bucket, '' or ending in '/'. */
  prefix: string;
  /** Unset: AWS. */
  endpoint?: string;
  region: string;
  forcePathStyle: boolean;
  /** Unset: the SDK's default chain (environment, shared files, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
  /** Multipart part size; memory per upload is partSize × UPLOAD_QUEUE_SIZE. */
  partSizeBytes?: number;
}

/** 8 MiB parts, two in flight: at most 16 MiB buffered per upload, whatever the file's size. */
const DEFAULT_PART_SIZE = 8 * 1024 * 1024;
const UPLOAD_QUEUE_SIZE = 2;

export class S3Driver implements StorageDriver {
  readonly description: string;
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.description = `s3://${settings.bucket}/${settings.prefix}`;
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.credentials,
      // Since SDK 3.729 every PUT carries CRC32 checksum headers that several S3-compatible stores reject; send
      // checksums only where the API requires them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // An unreachable store must fail fast (the caller gets 503 and retries), not hold a request for minutes.
      requestHandler: { connectionTimeout: 5000, requestTimeout: 120_000 },
      maxAttempts: 3,
    });
  }

  private key(key: string): string {
    return this.settings.prefix + key;
  }

  async check(): Promise<void> {
    await this.call('reach the bucket', () => this.client.send(new HeadBucketCommand({ Bucket: this.settings.bucket })));
  }

  async put(key: string, body: Readable, contentType?: string): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.settings.bucket, Key: this.key(key), Body: body, ContentType: contentType },
      partSize: this.settings.partSizeBytes ?? DEFAULT_PART_SIZE,
      queueSize: UPLOAD_QUEUE_SIZE,
      // A failed multipart upload is aborted at once; one cut short by a crash is left to abortStaleUploads.
      leavePartsOnError: false,
    });
    await this.call('store an object', () => upload.done());
  }

  async putFile(key: string, file: string, contentType?: string): Promise<void> {
    await this.put(key, fs.createReadStream(file), contentType);
    await fsp.rm(file, { force: true });
  }

  async get(key: string): Promise<Readable | null> {
    const out = await this.call('read an object', () =>
      this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.key(key) })),
    ).catch(nullIfMissing);
    return out ? (out.Body as Readable) : null;
  }

  async stat(key: string): Promise<StoredObject | null> {
    const head = await this.call('read an object', () =>
      this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.key(key) })),
    ).catch(nullIfMissing);
    if (!head) return null;
    return { key, size: head.ContentLength ?? 0, modifiedMs: head.LastModified?.getTime() ?? Date.now() };
  }

  /** One DeleteObject per key: DeleteObjects needs a Content-MD5 that some S3-compatible stores insist on. */
  async delete(keys: string[]): Promise<void> {
    await Promise.all(
      keys.map((key) =>
        this.call('delete an object', () => this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.key(key) }))),
      ),
    );
  }

  async *list(prefix: string): AsyncIterable<StoredObject> {
    let token: string | undefined;
    do {
      const page = await this.call('list objects', () =>
        this.client.send(new ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: this.key(prefix), ContinuationToken: token })),
      );
      for (const o of page.Contents ?? []) {
        if (!o.Key) continue;
        yield { key: o.Key.slice(this.settings.prefix.length), size: o.Size ?? 0, modifiedMs: o.LastModified?.getTime() ?? Date.now() };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async signedUrl(key: string, options: { expiresInSeconds: number; contentDisposition?: string }): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.settings.bucket,
      Key: this.key(key),
      ResponseContentDisposition: options.contentDisposition,
    });
    return getSignedUrl(this.client, command, { expiresIn: options.expiresInSeconds });
  }

  async abortStaleUploads(maxAgeMs: number): Promise<number> {
    const cutoff = Date.now() - maxAgeMs;
    let aborted = 0;
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    for (;;) {
      const page = await this.call('list multipart uploads', () =>
        this.client.send(
          new ListMultipartUploadsCommand({ Bucket: this.settings.bucket, Prefix: this.settings.prefix, KeyMarker: keyMarker, UploadIdMarker: uploadIdMarker }),
        ),
      );
      for (const u of page.Uploads ?? []) {
        if (!u.Key || !u.UploadId || (u.Initiated?.getTime() ?? 0) > cutoff) continue;
        await this.call('abort a multipart upload', () =>
          this.client.send(new AbortMultipartUploadCommand({ Bucket: this.settings.bucket, Key: u.Key, UploadId: u.UploadId })),
        );
        aborted++;
      }
      if (!page.IsTruncated) return aborted;
      keyMarker = page.NextKeyMarker;
      uploadIdMarker = page.NextUploadIdMarker;
    }
  }

  close(): void {
    this.client.destroy();
  }

  /** Runs a request and names its failure: missing objects pass through, the rest become our two store errors. */
  private async call<T>(what: string, request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (err) {
      throw classifyS3Error(err, what, this.description);
    }
  }
}

interface SdkError {
  name?: string;
  code?: string;
  $fault?: 'client' | 'server';
  $metadata?: { httpStatusCode?: number };
}

const MISSING = new Set(['NoSuchKey', 'NotFound']);
const REFUSED = new Set(['AccessDenied', 'InvalidAccessKeyId', 'SignatureDoesNotMatch', 'Forbidden', 'InvalidToken', 'ExpiredToken']);

class MissingObject extends Error {}

function nullIfMissing(err: unknown): null {
  if (err instanceof MissingObject) return null;
  throw err;
}

export function classifyS3Error(err: unknown, what: string, store: string): Error {
  const e = (err ?? {}) as SdkError;
  const status = e.$metadata?.httpStatusCode;
  const name = e.name ?? '';
  if (what === 'reach the bucket' && (name === 'NoSuchBucket' || status === 404)) {
    return new StoreConfigError(`the bucket of ${store} does not exist`, { cause: err });
  }
  if (MISSING.has(name) || (status === 404 && name !== 'NoSuchBucket')) return new MissingObject(name);
  if (REFUSED.has(name) || status === 403 || status === 401) {
    return new StoreConfigError(`${store} refused our credentials (HTTP ${status ?? '?'} ${name}) trying to ${what}`, { cause: err });
  }
  if (status === undefined || status >= 500 || status === 429 || e.$fault === 'server') {
    return new StoreUnavailableError(`${store} is unreachable trying to ${what} (${name || e.code || status || 'no answer'})`, { cause: err });
  }
  return err instanceof Error ? err : new Error(String(err));
}
