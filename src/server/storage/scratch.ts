// Local scratch files: uploads being received, codec inputs copied out of an object store, codec outputs before they
// are stored. Each process has its own folder (named by its pid) so that at start it can remove, without asking
// anyone, its own leftovers and those of processes that are gone; the sweeper also removes files older than an hour.
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export class ScratchSpace {
  readonly dir: string;

  /** `perProcess`: a folder of our own under root (root is node-local); else root itself (shared, left to the age sweep). */
  constructor(
    private readonly root: string,
    private readonly perProcess: boolean,
  ) {
    this.dir = perProcess ? path.join(root, String(process.pid)) : root;
  }

  /** Creates our folder, emptying what a crashed process (ours by pid, or any dead one's) left in this root. */
  async init(): Promise<void> {
    await fsp.mkdir(this.root, { recursive: true });
    if (this.perProcess) {
      for (const name of await fsp.readdir(this.root)) {
        const pid = Number(name);
        if (/^\d+$/.test(name) && (pid === process.pid || !pidAlive(pid))) {
          await fsp.rm(path.join(this.root, name), { recursive: true, force: true });
        }
      }
    }
    await fsp.mkdir(this.dir, { recursive: true });
  }

  /** A fresh file path; the caller writes it and must store or discard it. */
  file(): string {
    return path.join(this.dir, `${randomUUID()}.part`);
  }

  /** Removes everything: only safe when no other process uses this folder. */
  async clear(): Promise<void> {
    await fsp.rm(this.dir, { recursive: true, force: true });
    await fsp.mkdir(this.dir, { recursive: true });
  }

  /** Files older than maxAgeMs, left by a crash mid-upload or mid-write (file times are wall-clock times). */
  async removeStale(maxAgeMs: number): Promise<number> {
    const now = Date.now();
    let removed = 0;
    const dirs = this.perProcess ? [this.root, ...(await subdirs(this.root))] : [this.dir];
    for (const dir of dirs) {
      for (const entry of await fsp.readdir(dir, { withFileTypes: true }).catch(() => [])) {
        if (!entry.isFile()) continue;
        const file = path.join(dir, entry.name);
        const stat = await fsp.stat(file).catch(() => null);
        if (stat && now - stat.mtimeMs > maxAgeMs) {
          await fsp.rm(file, { force: true });
          removed++;
        }
      }
    }
    return removed;
  }
}

async function subdirs(root: string): Promise<string[]> {
  const entries = await fsp.readdir(root, { withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isDirectory()).map((e) => path.join(root, e.name));
}
