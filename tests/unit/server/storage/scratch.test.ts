import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { ScratchSpace } from '#server/storage/scratch';

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) fs.rmSync(r, { recursive: true, force: true });
});

function scratchRoot(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'scratch-test-'));
  roots.push(root);
  return root;
}

/** The pid of a process that has exited (and so left its scratch folder behind). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('scratch space', () => {
  it("at start removes its own leftovers and dead processes' folders, and keeps a live process's", () => {
    const root = scratchRoot();
    const dead = deadPid();
    for (const pid of [dead, process.pid, 1]) {
      fs.mkdirSync(path.join(root, String(pid)));
      fs.writeFileSync(path.join(root, String(pid), 'x.part'), 'left over');
    }
    return new ScratchSpace(root, true).init().then(() => {
      expect(fs.existsSync(path.join(root, String(dead)))).toBe(false);
      expect(fs.readdirSync(path.join(root, String(process.pid)))).toEqual([]);
      expect(fs.readdirSync(path.join(root, '1'))).toEqual(['x.part']);
    });
  });

  it('removes files older than the limit in every process folder, and only those', async () => {
    const root = scratchRoot();
    const space = new ScratchSpace(root, true);
    await space.init();
    fs.mkdirSync(path.join(root, '1'), { recursive: true });
    const old = path.join(root, '1', 'old.part');
    const fresh = space.file();
    fs.writeFileSync(old, 'old');
    fs.writeFileSync(fresh, 'fresh');
    const hourAgo = new Date(Date.now() - 3600_000);
    fs.utimesSync(old, hourAgo, hourAgo);
    expect(await space.removeStale(60_000)).toBe(1);
    expect(fs.existsSync(old)).toBe(false);
    expect(fs.existsSync(fresh)).toBe(true);
  });
});
