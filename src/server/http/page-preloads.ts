// Which script chunks each page needs, read from the build's manifest, so the HTML can ask for them at once: without
// this a slow phone first loads the entry, only then learns of the page's chunk, and only then of that chunk's imports.
import fs from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The client module of each page path: the tool ('/') is part of the entry, every other page has its own module. */
export const pageModule = (route: string): string | null => (route === '/' ? null : `pages${route}.tsx`);
export const NOT_FOUND_MODULE = 'pages/not-found.tsx';

/** Reads the manifest Vite writes beside the build; an older build without one simply gets no preloads. */
export function readManifest(clientDir: string): Manifest | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    return null;
  }
}

/** The asset URLs a page module needs beyond what the entry (index.html) already loads, page chunk first. */
export function preloadsFor(manifest: Manifest, pageKey: string): string[] {
  const inEntry = new Set<string>();
  const collect = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const dep of manifest[key].imports ?? []) collect(dep, into);
  };
  collect('index.html', inEntry);
  const needed = new Set<string>();
  collect(pageKey, needed);
  return [...needed].filter((key) => !inEntry.has(key)).map((key) => `/${manifest[key]!.file}`);
}

export const preloadLinks = (urls: string[], noncePlaceholder: string): string =>
  urls.map((url) => `<link rel="modulepreload" nonce="${noncePlaceholder}" crossorigin href="${url}">`).join('');
