// Rooms that say what they hold, as rules that run (docs/decisions/0302-codec-rooms.md): the codec's rooms and
// their sizes, one place for each library and each encoder call, tests reaching the sources only through the
// package's aliases, and every decision record the code cites present.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importSpecifiers, sourceFiles } from '../../support/import-graph';
import { REPO_ROOT } from '../../support/paths';

const read = (file: string) => fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');
const lineCount = (file: string) => read(file).split('\n').length - (read(file).endsWith('\n') ? 1 : 0);

/** Most lines a source file may have: past it, a module holds more than one thing. */
const MAX_LINES = 300;
/** Most files at the top of src/server/codec: the rest lives in rooms (engine/, encoders/, metadata/, colour/). */
const MAX_CODEC_TOP_FILES = 12;

describe('rooms', () => {
  it(`keeps every source file under src/ at ${MAX_LINES} lines or fewer`, () => {
    const long = sourceFiles('src').filter((f) => lineCount(f) > MAX_LINES).map((f) => `${f}: ${lineCount(f)} lines`);
    expect(long).toEqual([]);
  });

  it(`keeps at most ${MAX_CODEC_TOP_FILES} files at the top of src/server/codec`, () => {
    const top = fs.readdirSync(path.join(REPO_ROOT, 'src/server/codec'), { withFileTypes: true }).filter((e) => e.isFile());
    expect(top.length).toBeLessThanOrEqual(MAX_CODEC_TOP_FILES);
  });

  it('imports sharp in one file only (sharp-setup.ts configures it before any image is opened)', () => {
    const importers = [...importSpecifiers('src')].filter(([, specifiers]) => specifiers.includes('sharp')).map(([file]) => file);
    expect(importers).toEqual(['src/server/codec/sharp-setup.ts']);
  });

  it("calls an encoder's encode in one file only (the sharp engine's encode.ts)", () => {
    const callers = sourceFiles('src').filter((f) => /\b(ENCODERS\[[^\]]+\]|encoder)\.encode\(/.test(read(f)));
    expect(callers).toEqual(['src/server/codec/engine/encode.ts']);
  });

  it('reaches the sources from tests, the bench and scripts only through the package aliases, never ../src', () => {
    const reaching = ['tests', 'bench', 'scripts'].flatMap((root) =>
      [...importSpecifiers(root)].flatMap(([file, specifiers]) => specifiers.filter((s) => /(^|\/)src\//.test(s) && s.startsWith('.')).map((s) => `${file}: ${s}`)),
    );
    expect(reaching).toEqual([]);
  });

  it('cites only decision records that exist', () => {
    const records = fs.readdirSync(path.join(REPO_ROOT, 'docs/decisions'));
    const files = ['src', 'tests', 'bench', 'scripts'].flatMap((root) => sourceFiles(root)).concat(['eslint/layers.js', 'README.md']);
    const missing: string[] = [];
    for (const file of files) {
      const text = read(file);
      for (const [, name] of text.matchAll(/docs\/decisions\/(\d{4}-[a-z0-9-]+\.md)/g)) if (!records.includes(name!)) missing.push(`${file}: ${name}`);
      for (const [, number] of text.matchAll(/(?:docs\/decisions\/|decisions? |\()(0\d{3})(?![\d-])/g)) {
        if (!records.some((r) => r.startsWith(`${number}-`))) missing.push(`${file}: ${number}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
