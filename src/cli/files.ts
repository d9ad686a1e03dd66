// Which files to compress and where each result goes: folders are walked recursively, the output mirrors the tree
// below each named folder, and a file whose result is already there (newer than it) counts as done (resumable runs).
import fs from 'node:fs';
import path from 'node:path';
import { FORMAT_EXTENSIONS, IMAGE_FORMATS, type ImageFormat } from '#contract/settings';

export const IMAGE_EXTENSIONS = new Set(['.jpg', '.jpeg', '.png', '.webp', '.avif', '.jxl', '.gif', '.heic', '.heif', '.svg']);

export interface InputFile {
  /** Absolute path of the image. */
  source: string;
  /** Path below the named folder (or the file name), mirrored under --out. */
  relative: string;
  size: number;
  mtimeMs: number;
  /** Named on the command line: read even through a link (the user's own choice); anything found is never a link. */
  named?: true;
}

export function collectInputs(inputs: string[]): { files: InputFile[]; missing: string[] } {
  const files: InputFile[] = [];
  const missing: string[] = [];
  const seen = new Set<string>();
  const add = (source: string, relative: string, stat: fs.Stats, named?: true) => {
    if (seen.has(source)) return;
    seen.add(source);
    files.push({ source, relative, size: stat.size, mtimeMs: stat.mtimeMs, ...(named && { named }) });
  };
  for (const input of inputs) {
    const root = path.resolve(input);
    let stat: fs.Stats;
    try {
      stat = fs.statSync(root);
    } catch {
      missing.push(input);
      continue;
    }
    if (stat.isFile()) {
      add(root, path.basename(root), stat, true);
      continue;
    }
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (entry.isFile() && IMAGE_EXTENSIONS.has(path.extname(entry.name).toLowerCase())) add(full, path.relative(root, full), fs.statSync(full));
      }
    };
    walk(root);
  }
  return { files, missing };
}

const extensionOf = (mimeType: string): string | null => {
  const format = IMAGE_FORMATS.find((f) => `image/${f}` === mimeType);
  return format ? `.${FORMAT_EXTENSIONS[format as ImageFormat]}` : null;
};

/** Where a result goes: in place or under outDir, renamed when the server changed the format (photo.png -> photo.webp). */
export function targetPath(file: InputFile, outDir: string | null, outputMimeType: string | null): string {
  const base = outDir ? path.join(path.resolve(outDir), file.relative) : file.source;
  const ext = outputMimeType ? extensionOf(outputMimeType) : null;
  const current = path.extname(base).toLowerCase();
  if (!ext || current === ext || (ext === '.jpg' && current === '.jpeg')) return base;
  return base.slice(0, base.length - path.extname(base).length) + ext;
}

/** True when a previous run finished this file: a result (any image extension) newer than the input, or a backup. */
export function alreadyDone(file: InputFile, outDir: string | null, backupSuffix: string): boolean {
  if (!outDir) return fs.existsSync(file.source + backupSuffix);
  const base = path.join(path.resolve(outDir), file.relative);
  const stem = base.slice(0, base.length - path.extname(base).length);
  for (const ext of [path.extname(base), ...IMAGE_EXTENSIONS]) {
    try {
      if (fs.statSync(stem + ext).mtimeMs >= file.mtimeMs) return true;
    } catch {
      /* not there */
    }
  }
  return false;
}

/**
 * Who writes where in one run. A result is never written over another input of the run (in place, `a.png` made WebP
 * would otherwise replace the user's own `a.webp`, with no backup), nor over a target another input already took, nor,
 * in place, over any existing file but its own source. Such a file is reported as failed rather than renamed: a
 * renamed result (`a (2).webp`) beside the originals would be easy to miss, and nothing is lost by refusing.
 */
export class TargetClaims {
  private readonly inputs: Set<string>;
  private readonly claimed = new Map<string, string>();

  constructor(files: InputFile[]) {
    this.inputs = new Set(files.map((f) => f.source));
  }

  /** Why the target may not be written for this file, or null. */
  refusal(file: InputFile, target: string, inPlace: boolean): string | null {
    if (target === file.source) return null;
    const name = path.basename(target);
    if (this.inputs.has(target)) return `not written: the result would replace ${name}, another input (use --out, or rename one of them)`;
    const owner = this.claimed.get(target);
    if (owner && owner !== file.source) return `not written: ${path.basename(owner)} already wrote its result to ${name}`;
    if (inPlace && fs.existsSync(target)) return `not written: the result would replace the existing ${name} (use --out, or move it away)`;
    return null;
  }

  /** Takes the target for this file, or says why it may not. */
  claim(file: InputFile, target: string, inPlace: boolean): string | null {
    const refusal = this.refusal(file, target, inPlace);
    if (!refusal) this.claimed.set(target, file.source);
    return refusal;
  }
}
