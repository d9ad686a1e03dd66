// A small tmpfs as DATA_DIR, to fill the disk or make it read-only under a running server (needs root, as in CI).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface SmallDisk {
  dir: string;
  fill(): void;
  free(): void;
  readOnly(): void;
  writable(): void;
  unmount(): void;
}

/**
 * Why this process cannot mount a tmpfs (not root, or root without CAP_SYS_ADMIN as in an unprivileged container),
 * or null when it can. Tried once, for real.
 */
export function mountUnavailableReason(): string | null {
  if (process.getuid?.() !== 0) return 'needs root to mount a small tmpfs (run as root, as CI does)';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imgc-mount-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', dir], { stdio: 'pipe' });
    execFileSync('umount', [dir], { stdio: 'pipe' });
    return null;
  } catch (err) {
    return `cannot mount a tmpfs here (${String((err as { stderr?: Buffer }).stderr ?? err).trim()}); needs root with CAP_SYS_ADMIN`;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Mounts a tmpfs of sizeMb at `at` (created if missing) or at a new temp directory. */
export function mountSmallDisk(sizeMb: number, at?: string): SmallDisk {
  const dir = at ?? fs.mkdtempSync(path.join(os.tmpdir(), 'imgc-disk-'));
  fs.mkdirSync(dir, { recursive: true });
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m`, 'tmpfs', dir]);
  const filler = path.join(dir, 'filler');
  return {
    dir,
    fill() {
      // Write until the disk refuses: every later write fails with ENOSPC.
      const fd = fs.openSync(filler, 'a');
      const chunk = Buffer.alloc(256 * 1024, 7);
      try {
        for (;;) fs.writeSync(fd, chunk);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
      }
      const small = Buffer.alloc(1024, 7);
      try {
        for (;;) fs.writeSync(fd, small);
      } catch {
        /* full to the last kilobyte */
      }
      fs.closeSync(fd);
    },
    free() {
      fs.rmSync(filler, { force: true });
    },
    readOnly() {
      execFileSync('mount', ['-o', 'remount,ro', dir]);
    },
    writable() {
      execFileSync('mount', ['-o', 'remount,rw', dir]);
    },
    unmount() {
      try {
        execFileSync('umount', ['-l', dir]);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
