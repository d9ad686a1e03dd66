// Compresses the pull request's images through the server (the command-line client's API client) and decides which
// results are worth committing: smaller by at least the minimum saving in bytes and in percent, never larger.
import fs from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';
import { ApiClient } from '#cli/client';
import { NOT_A_REGULAR_FILE, readRegularFile, regularFileInside, writeTemporary } from '#cli/workspace-file';
import { FORMAT_EXTENSIONS, IMAGE_FORMATS, type ImageFormat } from '#contract/settings';

const MIME_BY_EXT: Record<string, string> = { '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png', '.webp': 'image/webp', '.avif': 'image/avif' };
const CONCURRENCY = 4;

export interface FileResult {
  /** Repository-relative path of the image in the pull request. */
  file: string;
  before: number;
  /** Size of the result, or null when it failed. */
  after: number | null;
  /** Where the result goes (the same path, or a sibling with the new extension when the format changed). */
  target: string;
  /** Smaller by the minimum saving: written and (unless reporting only) committed. */
  kept: boolean;
  note?: string;
}

export interface Selection {
  include: string[];
  exclude: string[];
}

/** The changed paths that match an include glob and no exclude glob, and are images we can compress. */
export function selectFiles(paths: string[], selection: Selection): string[] {
  const included = picomatch(selection.include, { dot: true });
  const excluded = selection.exclude.length > 0 ? picomatch(selection.exclude, { dot: true }) : () => false;
  return paths.filter((p) => included(p) && !excluded(p) && MIME_BY_EXT[path.extname(p).toLowerCase()] !== undefined);
}

export interface CompressOptions {
  workspace: string;
  settings: Record<string, string>;
  minSavingPercent: number;
  minSavingBytes: number;
}

export async function compressFiles(client: ApiClient, files: string[], options: CompressOptions): Promise<FileResult[]> {
  const results: FileResult[] = [];
  const queue = [...files];
  const worker = async () => {
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) results.push(await compressOne(client, file, options));
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, Math.max(1, files.length)) }, worker));
  return results.sort((a, b) => a.file.localeCompare(b.file));
}

async function compressOne(client: ApiClient, file: string, options: CompressOptions): Promise<FileResult> {
  const source = path.join(options.workspace, file);
  // A pull request may add a link to a file elsewhere on the runner: only regular files inside the checkout are read.
  if (!regularFileInside(options.workspace, source)) return { file, before: 0, after: null, target: file, kept: false, note: NOT_A_REGULAR_FILE };
  const original = readRegularFile(source);
  const base = { file, before: original.length, target: file, kept: false };
  const type = MIME_BY_EXT[path.extname(file).toLowerCase()]!;
  const created = await client.upload(path.basename(file), original, type, options.settings);
  const job = await client.waitUntilFinal(created.id);
  if (job.status === 'error') {
    await client.remove(job.id);
    return { ...base, after: null, note: job.error ?? 'compression failed' };
  }
  const data = await client.download(job);
  await client.remove(job.id);
  const target = targetOf(file, job.outputMimeType ?? type);
  const saved = original.length - data.length;
  const enough = saved > 0 && saved >= options.minSavingBytes && (saved / original.length) * 100 >= options.minSavingPercent;
  if (!enough) return { ...base, after: data.length, target, note: saved > 0 ? 'below the minimum saving' : 'already optimal' };
  const full = path.join(options.workspace, target);
  // A converted result gets a new name: never overwrite another file the repository already has there.
  if (target !== file && fs.existsSync(full)) return { ...base, after: data.length, target, note: `${target} already exists` };
  // Written beside and renamed, so a cancelled run never leaves a half-written image in the checkout.
  writeTemporary(`${full}.imagesqueeze-part`, data);
  fs.renameSync(`${full}.imagesqueeze-part`, full);
  return { ...base, after: data.length, target, kept: true };
}

/** The same path, or the sibling with the result's extension when the server changed the format (a.png -> a.webp). */
function targetOf(file: string, mimeType: string): string {
  const format = IMAGE_FORMATS.find((f) => `image/${f}` === mimeType);
  const current = path.extname(file).toLowerCase();
  if (!format) return file;
  const ext = `.${FORMAT_EXTENSIONS[format as ImageFormat]}`;
  if (current === ext || (ext === '.jpg' && current === '.jpeg')) return file;
  return file.slice(0, file.length - path.extname(file).length) + ext;
}
