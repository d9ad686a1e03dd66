// Decision records stay true to the tree: every source path a record names exists (a moved file is followed in the
// record), and a record amended or superseded by a later one says so in its header and in the index.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../support/paths';

const DIR = path.join(REPO_ROOT, 'docs', 'decisions');
const ALIASES: Record<string, string> = { '#server/': 'src/server/', '#client/': 'src/client/', '#contract/': 'src/contract/', '#codec-core/': 'src/codec-core/' };
/** Where a path written short in a record is looked for: from the root, or from the room the record is about. */
const BASES = ['', 'src/', 'src/server/', 'src/client/', 'src/server/codec/', 'src/codec-core/'];

const records = () => fs.readdirSync(DIR).filter((name) => /^\d{4}-.*\.md$/.test(name));

/** The source paths a record names in backticks (a path with a folder and a source extension; no URLs, no globs). */
export function namedPaths(text: string): string[] {
  const paths = [...text.matchAll(/`([^`\s]+\/[^`\s]+\.(?:ts|tsx|js|mjs|json))(?::[\d-]+)?`/g)].map((m) => m[1]!);
  return paths.filter((p) => !p.startsWith('/') && !/[{*]/.test(p));
}

function exists(named: string): boolean {
  let p = named;
  for (const [alias, dir] of Object.entries(ALIASES)) if (p.startsWith(alias)) p = dir + p.slice(alias.length);
  return BASES.some((base) => fs.existsSync(path.join(REPO_ROOT, base + p)));
}

describe('decision records', () => {
  it('name only source paths that exist', () => {
    const missing = records().flatMap((name) => namedPaths(fs.readFileSync(path.join(DIR, name), 'utf8')).filter((p) => !exists(p)).map((p) => `${name}: ${p}`));
    expect(missing).toEqual([]);
  });

  it('notices a stale path (the check bites)', () => {
    expect(namedPaths('see `codec/png.ts` and `src/codec-core/pipeline.ts:12`, not `/api/openapi.json` or `tests/{a,b}.test.ts`')).toEqual(['codec/png.ts', 'src/codec-core/pipeline.ts']);
    expect(exists('codec/png.ts')).toBe(false);
    expect(exists('src/codec-core/pipeline.ts')).toBe(true);
    expect(exists('#codec-core/container/strip.ts')).toBe(true);
  });

  it('say in the index when a later record amends or supersedes them, as their headers do', () => {
    const index = fs.readFileSync(path.join(DIR, 'README.md'), 'utf8');
    const changed = records().flatMap((name) => {
      const status = /Status:\s*([^\n]*)/.exec(fs.readFileSync(path.join(DIR, name), 'utf8'))?.[1] ?? '';
      const later = [...status.matchAll(/(?:amended|superseded) by ([\d, and]+)/g)].flatMap((m) => m[1]!.match(/\d{4}/g) ?? []);
      const row = index.split('\n').find((line) => line.startsWith(`| [${name.slice(0, 4)}]`)) ?? '';
      return later.filter((number) => !row.includes(number)).map((number) => `${name}: ${number}`);
    });
    expect(changed).toEqual([]);
  });
});
