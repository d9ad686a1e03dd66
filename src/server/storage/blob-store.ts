// The job files (uploads, results, previews) on whichever storage driver the configuration chose. Keys are
// `<kind>/<generated job id>`, never user names. Callers write local scratch files and then commit them; the driver
// makes the commit atomic, so a crash never leaves a half-written blob under its key.
import fsp from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import fs from 'node:fs';
import type { StorageDriver } from './driver';
import type { ScratchSpace } from './scratch';

/** The upload, the compressed result, and the small preview of the result that cards show. */
/** `rendition`: an original no browser-neutral viewer can show (HEIC, JPEG XL), rendered once for the comparison. */
export type BlobKind = 'original' | 'result' | 'preview' | 'rendition';
export const BLOB_KINDS: readonly BlobKind[] = ['original', 'result', 'preview', 'rendition'];

/** A local file to hand to a codec process; release() removes it if it was a copy. */
export interface LocalCopy {
  path: string;
  release(): Promise<void>;
}

function keyOf(kind: BlobKind, id: string): string {
  if (!/^[0-9a-f-]{36}$/.test(id)) throw new Error(`invalid blob id ${JSON.stringify(id)}`);
  return `${kind}/${id}`;
}

export class BlobStore {
  constructor(
    readonly driver: StorageDriver,
    private readonly scratch: ScratchSpace,
  ) {}

  async init(): Promise<void> {
    await this.scratch.init();
  }

  /** Throws what an upload would meet: a full or read-only disk, an unreachable store, refused credentials. */
  async probeWritable(): Promise<void> {
    await this.driver.check();
  }

  /** A fresh scratch file path; the caller writes it and then calls commit() or discard(). */
  tempPath(): string {
    return this.scratch.file();
  }

  /** Stores a finished scratch file under its key; the scratch file is gone afterwards (or left for discard on error). */
  async commit(tempFile: string, kind: BlobKind, id: string, contentType?: string): Promise<void> {
    await this.driver.putFile(keyOf(kind, id), tempFile, contentType);
  }

  /** Where a blob lives on disk, for a store on a local directory only (tests and maintenance look there). */
  pathOf(kind: BlobKind, id: string): string {
    if (!this.driver.localPath) throw new Error(`${this.driver.description} is not a local directory`);
    return this.driver.localPath(keyOf(kind, id));
  }

  /** The blob's bytes as a stream, or null if it is not (or no longer) stored. */
  openRead(kind: BlobKind, id: string): Promise<Readable | null> {
    return this.driver.get(keyOf(kind, id));
  }

  /**
   * The blob as a local file for a codec process: the stored file itself when the store is a local directory, else a
   * scratch copy streamed from the store (the caller must release it). Throws ENOENT if the blob is missing.
   */
  async localCopy(kind: BlobKind, id: string): Promise<LocalCopy> {
    const key = keyOf(kind, id);
    if (this.driver.localPath) {
      const path = this.driver.localPath(key);
      await fsp.access(path);
      return { path, release: async () => undefined };
    }
    const body = await this.driver.get(key);
    if (!body) throw Object.assign(new Error(`no stored ${kind} for ${id}`), { code: 'ENOENT' });
    const path = this.scratch.file();
    try {
      await pipeline(body, fs.createWriteStream(path, { flags: 'wx' }));
    } catch (err) {
      await discard(path);
      throw err;
    }
    return { path, release: () => discard(path) };
  }

  /** The blob's bytes as a stream with their count (a download's Content-Length), or null if it is not stored. */
  async openSized(kind: BlobKind, id: string): Promise<{ body: Readable; size: number } | null> {
    const size = await this.size(kind, id);
    const body = size === null ? null : await this.openRead(kind, id);
    return size === null || !body ? null : { body, size };
  }

  async size(kind: BlobKind, id: string): Promise<number | null> {
    return (await this.driver.stat(keyOf(kind, id)))?.size ?? null;
  }

  async remove(id: string): Promise<void> {
    await this.driver.delete(BLOB_KINDS.map((kind) => keyOf(kind, id)));
  }

  /** Age at `now` of the newest blob stored under an id, or null if none. */
  async ageMs(id: string, now: number): Promise<number | null> {
    const stats = await Promise.all(BLOB_KINDS.map((kind) => this.driver.stat(keyOf(kind, id))));
    const newest = Math.max(...stats.map((s) => s?.modifiedMs ?? -Infinity));
    return newest === -Infinity ? null : now - newest;
  }

  /** Ids present in the store, for the orphan sweep. */
  async listIds(kind: BlobKind): Promise<string[]> {
    const ids: string[] = [];
    for await (const o of this.driver.list(`${kind}/`)) {
      const id = o.key.slice(kind.length + 1);
      if (/^[0-9a-f-]{36}$/.test(id)) ids.push(id);
    }
    return ids;
  }

  /** Removes every scratch file: only safe when no other process shares the scratch folder (embedded mode, at start). */
  async clearTemps(): Promise<void> {
    await this.scratch.clear();
  }

  /** Scratch files, and multipart uploads in the store, older than maxAgeMs (left by a crash). */
  async removeStaleTemps(maxAgeMs: number): Promise<number> {
    const files = await this.scratch.removeStale(maxAgeMs);
    const uploads = (await this.driver.abortStaleUploads?.(maxAgeMs)) ?? 0;
    return files + uploads;
  }
}

export async function discard(file: string): Promise<void> {
  await fsp.rm(file, { force: true });
}
