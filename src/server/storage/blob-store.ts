// Blob storage on a local directory (or a shared volume in scale-out). Keys are generated ids, never user names.
// Writes go to a temp file and are renamed into place, so a crash never leaves a half-written blob under its key.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';

/** The upload, the compressed result, and the small preview of the result that cards show. */
export type BlobKind = 'original' | 'result' | 'preview';
export const BLOB_KINDS: readonly BlobKind[] = ['original', 'result', 'preview'];

export class BlobStore {
  private readonly tmpDir: string;

  constructor(private readonly root: string) {
    this.tmpDir = path.join(root, 'tmp');
  }

  async init(): Promise<void> {
    for (const kind of BLOB_KINDS) await fsp.mkdir(path.join(this.root, kind), { recursive: true });
    await fsp.mkdir(this.tmpDir, { recursive: true });
  }

  pathOf(kind: BlobKind, id: string): string {
    if (!/^[0-9a-f-]{36}$/.test(id)) throw new Error(`invalid blob id ${JSON.stringify(id)}`);
    return path.join(this.root, kind, id);
  }

  /** Writes, syncs and removes a one-byte temp file: throws what an upload would meet (EROFS, ENOSPC, EACCES). */
  async probeWritable(): Promise<void> {
    const probe = this.tempPath();
    try {
      const fh = await fsp.open(probe, 'wx');
      try {
        await fh.write(Buffer.from([0]));
        await fh.sync();
      } finally {
        await fh.close();
      }
    } finally {
      await fsp.rm(probe, { force: true });
    }
  }

  /** A fresh temp file path; the caller writes it and then calls commit() or discardTemp(). */
  tempPath(): string {
    return path.join(this.tmpDir, `${randomUUID()}.part`);
  }

  /** Moves a finished temp file under its key (atomic on one filesystem) and makes it durable. */
  async commit(tempFile: string, kind: BlobKind, id: string): Promise<void> {
    const target = this.pathOf(kind, id);
    const fh = await fsp.open(tempFile, 'r');
    try {
      await fh.sync();
    } finally {
      await fh.close();
    }
    await fsp.rename(tempFile, target);
  }

  createReadStream(kind: BlobKind, id: string): fs.ReadStream {
    return fs.createReadStream(this.pathOf(kind, id));
  }

  async size(kind: BlobKind, id: string): Promise<number | null> {
    try {
      return (await fsp.stat(this.pathOf(kind, id))).size;
    } catch {
      return null;
    }
  }

  async remove(id: string): Promise<void> {
    await Promise.all(BLOB_KINDS.map((kind) => discard(this.pathOf(kind, id))));
  }

  /** Wall-clock age of the newest file stored under an id, or null if none. */
  async ageMs(id: string): Promise<number | null> {
    const stats = await Promise.all(
      BLOB_KINDS.map((kind) => fsp.stat(this.pathOf(kind, id)).catch(() => null)),
    );
    const newest = Math.max(...stats.map((s) => s?.mtimeMs ?? -Infinity));
    return newest === -Infinity ? null : Date.now() - newest;
  }

  /** Ids present on disk, for the orphan sweep. */
  async listIds(kind: BlobKind): Promise<string[]> {
    try {
      return (await fsp.readdir(path.join(this.root, kind))).filter((name) => /^[0-9a-f-]{36}$/.test(name));
    } catch {
      return [];
    }
  }

  /** Removes every temp file: only safe when no other process shares this storage (embedded mode, at start). */
  async clearTemps(): Promise<void> {
    await fsp.rm(this.tmpDir, { recursive: true, force: true });
    await fsp.mkdir(this.tmpDir, { recursive: true });
  }

  /** Temp files older than maxAgeMs (left by a crash mid-upload or mid-write). File times are wall-clock times. */
  async removeStaleTemps(maxAgeMs: number): Promise<number> {
    const now = Date.now();
    let removed = 0;
    for (const name of await fsp.readdir(this.tmpDir).catch(() => [] as string[])) {
      const file = path.join(this.tmpDir, name);
      const stat = await fsp.stat(file).catch(() => null);
      if (stat && now - stat.mtimeMs > maxAgeMs) {
        await discard(file);
        removed++;
      }
    }
    return removed;
  }
}

export async function discard(file: string): Promise<void> {
  await fsp.rm(file, { force: true });
}
