// The source tree's import graph, read from the files themselves (static imports, re-exports and dynamic
// imports, type-only ones included): for the layer and cycle checks and for measuring the picture.
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './paths';

const ALIASES: Record<string, string> = { '#server/': 'src/server/', '#contract/': 'src/contract/', '#client/': 'src/client/', '#codec-core/': 'src/codec-core/' };
const IMPORT = /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]/gm;

export function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(REPO_ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(rel);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [rel] : [];
  });
}

function resolve(specifier: string, from: string, files: Set<string>): string | null {
  let base: string | null = null;
  for (const [alias, dir] of Object.entries(ALIASES)) if (specifier.startsWith(alias)) base = dir + specifier.slice(alias.length);
  if (!base && specifier.startsWith('.')) base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  if (!base) return null; // a package
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) if (files.has(candidate)) return candidate;
  const stripped = base.replace(/\.js$/, '');
  for (const candidate of [`${stripped}.ts`, `${stripped}.tsx`]) if (files.has(candidate)) return candidate;
  return null;
}

/** Every source file under `root` (repository-relative) with the specifiers it imports, as written. */
export function importSpecifiers(root = 'src'): Map<string, string[]> {
  const specifiers = new Map<string, string[]>();
  for (const file of sourceFiles(root)) {
    const text = fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');
    specifiers.set(file, [...text.matchAll(IMPORT)].map((m) => m[1] ?? m[2] ?? m[3]!));
  }
  return specifiers;
}

/** Every source file under `root` (repository-relative) with the files it imports. */
export function importGraph(root = 'src'): Map<string, string[]> {
  const specifiers = importSpecifiers(root);
  const known = new Set(specifiers.keys());
  const graph = new Map<string, string[]>();
  for (const [file, imported] of specifiers) {
    const targets = new Set(imported.map((specifier) => resolve(specifier, file, known)).filter((t): t is string => t !== null));
    graph.set(file, [...targets]);
  }
  return graph;
}

/** The strongly connected components with more than one file (or a file importing itself): the import cycles. */
export function importCycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    indices.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indices.get(w)!));
    }
    if (low.get(v) === indices.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!indices.has(v)) visit(v);
  return cycles;
}

/**
 * The import cycles between the rooms under `root`: each sub-folder is one room, each file directly in `root` a room
 * of its own. A cycle here is an arrow running back up from a lower room to a higher one.
 */
export function roomCycles(graph: Map<string, string[]>, root: string): string[][] {
  const roomOf = (file: string) => {
    const rest = file.slice(root.length + 1);
    const slash = rest.indexOf('/');
    return slash < 0 ? file : `${root}/${rest.slice(0, slash)}`;
  };
  const rooms = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    if (!file.startsWith(`${root}/`)) continue;
    for (const target of targets) {
      if (!target.startsWith(`${root}/`) || roomOf(target) === roomOf(file)) continue;
      const arrows = rooms.get(roomOf(file)) ?? new Set<string>();
      rooms.set(roomOf(file), arrows.add(roomOf(target)));
    }
  }
  return importCycles(new Map([...rooms].map(([room, arrows]) => [room, [...arrows]])));
}
