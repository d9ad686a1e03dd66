import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readRegularFile, regularFileInside, writeTemporary } from '#cli/workspace-file';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'workspace-file-'));
const work = path.join(root, 'work');
const outside = path.join(root, 'outside');
fs.mkdirSync(path.join(work, 'sub'), { recursive: true });
fs.mkdirSync(outside);
fs.writeFileSync(path.join(work, 'sub', 'a.png'), 'inside');
fs.writeFileSync(path.join(outside, 'secret.png'), 'outside');
fs.symlinkSync(path.join(outside, 'secret.png'), path.join(work, 'link.png'));
fs.symlinkSync(path.join(work, 'sub', 'a.png'), path.join(work, 'inner-link.png'));
fs.symlinkSync(outside, path.join(work, 'linked'));
fs.symlinkSync(work, path.join(root, 'work-alias'));

describe('regular files inside a folder', () => {
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('takes a regular file inside, also when the folder itself is named through a link', () => {
    expect(regularFileInside(work, path.join(work, 'sub', 'a.png'))?.size).toBe(6);
    expect(regularFileInside(path.join(root, 'work-alias'), path.join(root, 'work-alias', 'sub', 'a.png'))).not.toBeNull();
  });

  it('refuses links (out of the folder or not), paths through a linked folder, folders and missing files', () => {
    expect(regularFileInside(work, path.join(work, 'link.png'))).toBeNull();
    expect(regularFileInside(work, path.join(work, 'inner-link.png'))).toBeNull();
    expect(regularFileInside(work, path.join(work, 'linked', 'secret.png'))).toBeNull();
    expect(regularFileInside(work, path.join(work, 'sub'))).toBeNull();
    expect(regularFileInside(work, path.join(work, 'missing.png'))).toBeNull();
    expect(regularFileInside(work, path.join(outside, 'secret.png'))).toBeNull();
  });

  it('reads without following a link, and writes a temporary file without writing through a planted link', () => {
    expect(readRegularFile(path.join(work, 'sub', 'a.png')).toString()).toBe('inside');
    expect(() => readRegularFile(path.join(work, 'link.png'))).toThrow(/ELOOP/);
    const planted = path.join(work, 'a.png.part');
    fs.symlinkSync(path.join(outside, 'secret.png'), planted);
    writeTemporary(planted, Buffer.from('result'));
    expect(fs.readFileSync(path.join(outside, 'secret.png'), 'utf8')).toBe('outside');
    expect(fs.lstatSync(planted).isFile()).toBe(true);
  });
});
