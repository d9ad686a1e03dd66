// imagesqueeze: compresses files and folders through an ImageSqueeze server with an API key.
// Parallel uploads within the server's limits, a progress line, a summary table, resumable runs, trustworthy exit codes.
import fs from 'node:fs';
import path from 'node:path';
import { ApiClient, ApiError, AuthError, UnreachableError } from './client';
import { alreadyDone, collectInputs, targetPath, TargetClaims, type InputFile } from './files';
import { readRegularFile, writeTemporary } from './workspace-file';
import { EXIT, USAGE, UsageError, parseOptions, type CliOptions } from './options';
import { formatBytes, summaryTable, type Outcome } from './report';
import { watchRun } from './watch';

// The server sniffs every upload's bytes; the type sent only has to be one it takes (an SVG stays SVG in `original`).
const MIME_BY_EXT: Record<string, string> = { '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png', '.webp': 'image/webp', '.avif': 'image/avif', '.svg': 'image/svg+xml' };
/** Output formats that name the result's extension before the server has answered (auto and original do not). */
const FIXED_FORMAT_MIME: Record<string, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', avif: 'image/avif' };

export interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
  isTty: boolean;
  /** Watch mode registers here what stops it (the entry point calls it on Ctrl-C or SIGTERM). */
  onStop?: (stop: () => void) => void;
}

export async function run(argv: string[], env: NodeJS.ProcessEnv, io: Io): Promise<number> {
  let options: CliOptions | 'help';
  try {
    options = parseOptions(argv, env);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    io.err(`imagesqueeze: ${err.message}\n\n${USAGE}\n`);
    return EXIT.usage;
  }
  if (options === 'help') {
    io.out(`${USAGE}\n`);
    return EXIT.ok;
  }

  const { files, missing } = collectInputs(options.inputs);
  for (const m of missing) io.err(`imagesqueeze: no such file or folder: ${m}\n`);
  const client = new ApiClient(options.server, options.key);
  let limits;
  try {
    limits = await client.uploadConfig();
  } catch (err) {
    return fatal(err, io) ?? EXIT.someFailed;
  }

  // Results never land on another input (docs/decisions/0325-cli-never-overwrites-inputs.md); a watched folder's
  // inputs are those found at the start (a file that appears later is claimed as its own result is written).
  const targets = new TargetClaims(files);
  if (options.watch) {
    const watched = options;
    return watchRun(watched, (file) => processFile(file, watched, client, limits.maxFileSize, targets), io, (err) => fatal(err, io));
  }

  const outcomes: Outcome[] = [];
  const progress = new Progress(files.length, io, options.progress && io.isTty);
  let abort: number | null = null;
  const queue = [...files];
  const worker = async () => {
    for (let file = queue.shift(); file && abort === null; file = queue.shift()) {
      const outcome = await processFile(file, options as CliOptions, client, limits.maxFileSize, targets).catch((err: unknown) => {
        const code = fatal(err, io);
        if (code !== null) abort = code;
        return { file: file!.relative, status: 'failed', before: file!.size, after: null, message: (err as Error).message } satisfies Outcome;
      });
      outcomes.push(outcome);
      progress.done(outcome);
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency, Math.max(1, files.length)) }, worker));
  progress.finish();
  if (abort !== null) return abort;

  io.out(summaryTable(outcomes));
  const failed = outcomes.filter((o) => o.status === 'failed').length + missing.length;
  return failed > 0 ? EXIT.someFailed : EXIT.ok;
}

async function processFile(file: InputFile, options: CliOptions, client: ApiClient, maxFileSize: number, targets: TargetClaims): Promise<Outcome> {
  const base = { file: file.relative, before: file.size };
  if (!options.force && alreadyDone(file, options.outDir, options.backupSuffix)) return { ...base, status: 'skipped', after: null };
  if (file.size > maxFileSize) return { ...base, status: 'failed', after: null, message: `larger than the server's limit of ${formatBytes(maxFileSize)}` };
  // A fixed output format names the target before anything is uploaded: a collision is refused without spending an image.
  const fixed = FIXED_FORMAT_MIME[options.settings.format ?? ''];
  const early = fixed ? targets.refusal(file, targetPath(file, options.outDir, fixed), options.inPlace) : null;
  if (early) return { ...base, status: 'failed', after: null, message: early };
  const type = MIME_BY_EXT[path.extname(file.source).toLowerCase()] ?? 'application/octet-stream';
  // A file found in a folder (walked or watched) is read without following a link swapped in since it was listed.
  const bytes = file.named ? fs.readFileSync(file.source) : readRegularFile(file.source);
  const created = await client.upload(path.basename(file.source), bytes, type, options.settings);
  const job = await client.waitUntilFinal(created.id);
  if (job.status === 'error') return { ...base, status: 'failed', after: null, message: job.error ?? 'compression failed' };
  const data = await client.download(job);
  const target = targetPath(file, options.outDir, job.outputMimeType ?? job.mimeType);
  const refusal = targets.claim(file, target, options.inPlace);
  if (refusal) return { ...base, status: 'failed', after: null, message: refusal };
  fs.mkdirSync(path.dirname(target), { recursive: true });
  // Written beside the target and renamed: an interrupted run never leaves a half-written file that looks finished.
  const temp = `${target}.part-${process.pid}`;
  writeTemporary(temp, data);
  if (options.inPlace) fs.renameSync(file.source, file.source + options.backupSuffix);
  fs.renameSync(temp, target);
  return { ...base, status: 'done', after: data.length };
}

/** The exit code for errors that end the whole run (refused key, unreachable server), else null. */
function fatal(err: unknown, io: Io): number | null {
  if (err instanceof AuthError) {
    io.err(`imagesqueeze: the API key was refused: ${err.message}\n`);
    return EXIT.auth;
  }
  if (err instanceof UnreachableError) {
    io.err(`imagesqueeze: ${err.message}\n`);
    return EXIT.unreachable;
  }
  if (err instanceof ApiError) return null;
  return null;
}

class Progress {
  private finished = 0;
  private before = 0;
  private after = 0;

  constructor(
    private readonly total: number,
    private readonly io: Io,
    private readonly bar: boolean,
  ) {}

  done(outcome: Outcome): void {
    this.finished += 1;
    if (outcome.status === 'done') {
      this.before += outcome.before;
      this.after += outcome.after ?? outcome.before;
    }
    if (!this.bar) {
      const detail = outcome.status === 'done' ? `${formatBytes(outcome.before)} -> ${formatBytes(outcome.after ?? 0)}` : (outcome.message ?? outcome.status);
      this.io.err(`[${this.finished}/${this.total}] ${outcome.status} ${outcome.file} ${detail}\n`);
      return;
    }
    const width = 24;
    const filled = Math.round((this.finished / Math.max(1, this.total)) * width);
    this.io.err(`\r[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${this.finished}/${this.total} files  ${formatBytes(this.before)} -> ${formatBytes(this.after)}`);
  }

  finish(): void {
    if (this.bar) this.io.err('\n');
  }
}
