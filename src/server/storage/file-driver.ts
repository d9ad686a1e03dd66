// The embedded default: objects are files under one directory (DATA_DIR/files, or a volume shared by all nodes).
// Writes go to a temp file in the same directory tree and are renamed into place, so a crash never leaves a
// half-written file under its key.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { StorageDriver, StoredObject } from './driver';

const KEY = /^[a-z]+\/[0-9a-f-]{36}$/;

export class FileDriver implements StorageDriver {
  readonly description: string;
  /** Temp files for writes; on the same file system as the objects so that rename is atomic. */
  readonly tmpDir: string;

  constructor(private readonly root: string) {
    this.description = `file:${root}`;
    this.tmpDir = path.join(root, 'tmp');
  }

  /** Throws what an upload would meet (EROFS, ENOSPC, EACCES): writes, syncs and removes a one-byte temp file. */
  async check(): Promise<void> {
    const probe = path.join(this.tmpDir, `${randomUUID()}.probe`);
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

  localPath(key: string): string {
    if (!KEY.test(key)) throw new Error(`invalid storage key ${JSON.stringify(key)}`);
    return path.join(this.root, key);
  }

  async put(key: string, body: Readable): Promise<void> {
    const temp = path.join(this.tmpDir, `${randomUUID()}.part`);
    try {
      await pipeline(body, fs.createWriteStream(temp, { flags: 'wx' }));
      await this.putFile(key, temp);
    } finally {
      await fsp.rm(temp, { force: true });
    }
  }

  /** Makes the finished file durable and moves it under its key (atomic on one file system). */
  async putFile(key: string, file: string): Promise<void> {
    const target = this.localPath(key);
    const fh = await fsp.open(file, 'r');
    try {
      await fh.sync();
    } finally {
      await fh.close();
    }
    await fsp.mkdir(path.dirname(target), { recursive: true });
    await fsp.rename(file, target);
  }

  async get(key: string): Promise<Readable | null> {
    const file = this.localPath(key);
    // Opened before returning, so a missing file is a null here rather than an error on the reply stream.
    const handle = await fsp.open(file, 'r').catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return null;
      throw err;
    });
    return handle ? handle.createReadStream() : null;
  }

  async stat(key: string): Promise<StoredObject | null> {
    const s = await fsp.stat(this.localPath(key)).catch(() => null);
    return s ? { key, size: s.size, modifiedMs: s.mtimeMs } : null;
  }

  async delete(keys: string[]): Promise<void> {
    await Promise.all(keys.map((key) => fsp.rm(this.localPath(key), { force: true })));
  }

  /** Prefixes are `<kind>/`: one directory. */
  async *list(prefix: string): AsyncIterable<StoredObject> {
    const dir = path.join(this.root, prefix);
    const names = await fsp.readdir(dir).catch(() => [] as string[]);
    for (const name of names) {
      const key = `${prefix}${name}`;
      if (!KEY.test(key)) continue;
      const found = await this.stat(key);
      if (found) yield found;
    }
  }
}
