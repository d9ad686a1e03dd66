// Helper processes inside the memory plan: a helper runs under an address-space limit and running out of it is the
// memory-limit error, not a damaged file; a JPEG XL's frames are counted and planned; the memory watch counts a
// process's helpers with it and ends them with it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CodecError } from '#codec-core/index';
import { HelperFailed, runHelper } from '#server/codec/helper-process';
import { jxlFrameCount } from '#server/codec/jxl/jxl-frames';
import { Deadline } from '#server/codec/deadline';
import { jxlAsPng } from '#server/codec/engine/open-jxl';
import { readImageHeader } from '#server/sandbox/memory-estimate';
import { descendants, killTree, residentBytes, treeResidentBytes } from '#server/sandbox/memory-watch';
import { waitFor } from '../../support/jobs';
import { REPO_ROOT } from '../../support/paths';

const FIXTURES = path.join(REPO_ROOT, 'tests', 'hostile', 'fixtures');
const BOMB = path.join(FIXTURES, 'jxl-animation-2000x2000x40.jxl');
const SMALL = path.join(FIXTURES, 'jxl-animation-160x120x6.jxl');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'helpers-'));
const MiB = 1024 ** 2;

describe('helper processes', () => {
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('runs a helper under its address-space limit: out of it, the memory-limit error', async () => {
    const failure = await runHelper('djxl', [BOMB, path.join(tmp, 'bomb.png'), '--num_threads=0'], { addressSpaceBytes: 150 * MiB }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(CodecError);
    expect((failure as CodecError).kind).toBe('too-many-pixels');
    expect((failure as CodecError).message).toBe('The image needs more than the 150 MB of memory a compression may use; please upload a smaller image');
  });

  it('tells a damaged file from running out of memory', async () => {
    const truncated = path.join(tmp, 'truncated.jxl');
    fs.writeFileSync(truncated, fs.readFileSync(SMALL).subarray(0, 300));
    const failure = await runHelper('djxl', [truncated, path.join(tmp, 't.png'), '--num_threads=0']).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(HelperFailed);
    const decoded = await jxlAsPng(fs.readFileSync(truncated), 100_000_000, new Deadline(60)).catch((e: unknown) => e);
    expect((decoded as CodecError).kind).toBe('corrupt');
  });

  it('reports a decode cut off at the time limit as the time limit, not as a damaged file', async () => {
    const cut = await jxlAsPng(fs.readFileSync(BOMB), 1_000_000_000, new Deadline(0)).catch((e: unknown) => e);
    expect((cut as CodecError).kind).toBe('timeout');
  });

  it('counts a JPEG XL animation by its frames, and plans all of them', async () => {
    expect(await jxlFrameCount(SMALL)).toBe(6);
    expect(await jxlFrameCount(BOMB)).toBe(40);
    expect(await readImageHeader(SMALL)).toEqual({ format: 'jxl', pixels: 160 * 120 * 6, width: 160, height: 120, decoded: true });
    expect((await readImageHeader(BOMB))?.pixels).toBe(2000 * 2000 * 40);
  });

  it('counts a process together with its helpers, and ends them together', async () => {
    // A parent (small) whose child holds 200 MiB of touched memory.
    const script = `
      const { spawn } = require('node:child_process');
      const child = spawn(process.execPath, ['-e', "const b = Buffer.alloc(200 * 1024 * 1024, 1); process.stdout.write('held'); setInterval(() => b[0]++, 1000);"], { stdio: ['ignore', 'pipe', 'inherit'] });
      child.stdout.on('data', () => process.stdout.write(String(child.pid)));
      setInterval(() => undefined, 1000);
    `;
    const parent = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = new Promise((resolve) => parent.on('exit', resolve));
    let out = '';
    parent.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const childPid = await waitFor(async () => (/^\d+$/.test(out) ? Number(out) : null), 30_000, 'the child to hold its memory');
    try {
      expect(descendants(parent.pid!)).toEqual([childPid]);
      expect(residentBytes(parent.pid!)!).toBeLessThan(150 * MiB);
      expect(treeResidentBytes(parent.pid!)!).toBeGreaterThan(200 * MiB);
      killTree(parent.pid!);
      await exited;
      // The helper does not outlive its parent (reaped by init once killed).
      await waitFor(async () => residentBytes(childPid) === null, 30_000, 'the child to be gone');
    } finally {
      // Whatever failed above, nothing of this test is left running.
      if (residentBytes(parent.pid!) !== null) parent.kill('SIGKILL');
      if (residentBytes(childPid) !== null) process.kill(childPid, 'SIGKILL');
    }
  });
});
