// `imagesqueeze --watch <folder>`: compresses what is there (with a one-off run's resume rules), then each file that
// appears or changes in the folder tree once it has stopped changing (a partial write is not uploaded), skipping our
// own outputs, temp files and backups. Stops cleanly on Ctrl-C: running files finish, then the summary is printed.
import fs from 'node:fs';
import path from 'node:path';
import { collectInputs, IMAGE_EXTENSIONS, type InputFile } from './files';
import { EXIT, type CliOptions } from './options';
import { NOT_A_REGULAR_FILE, regularFileInside } from './workspace-file';
import { formatBytes, summaryTable, type Outcome } from './report';

/** A file is taken once its size and modification time stayed the same for this long. */
export const SETTLE_MS = 400;

const isLink = (file: string) => {
  try {
    return fs.lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
};

export interface WatchIo {
  out: (text: string) => void;
  err: (text: string) => void;
}

export type ProcessFile = (file: InputFile) => Promise<Outcome>;

export async function watchFolders(options: CliOptions, processFile: ProcessFile, io: WatchIo, signal: AbortSignal): Promise<Outcome[]> {
  const roots = options.inputs.map((input) => path.resolve(input));
  const outDir = options.outDir ? path.resolve(options.outDir) : null;
  const outcomes: Outcome[] = [];
  const pending = new Map<string, NodeJS.Timeout>();
  const busy = new Set<string>();
  const again = new Set<string>();
  /** Results we wrote (path -> mtime), so their own change events are not taken for new images. */
  const written = new Map<string, number>();
  const running = new Set<Promise<void>>();

  const ours = (file: string) =>
    (outDir !== null && (file === outDir || file.startsWith(outDir + path.sep))) ||
    file.endsWith(options.backupSuffix) ||
    /\.part-\d+$/.test(file) ||
    !IMAGE_EXTENSIONS.has(path.extname(file).toLowerCase());

  /** Files waiting for one of the `concurrency` upload slots. */
  const waiting: [string, string][] = [];
  const take = (source: string, root: string) => {
    if (busy.has(source)) {
      again.add(source);
      return;
    }
    if (running.size >= options.concurrency) {
      if (!waiting.some(([s]) => s === source)) waiting.push([source, root]);
      return;
    }
    // Only a regular file inside the watched folder: a link dropped into it is not followed (workspace-file.ts).
    const stat = regularFileInside(root, source);
    if (!stat) {
      if (fs.existsSync(source) || isLink(source)) io.err(`${NOT_A_REGULAR_FILE}: ${path.relative(root, source)}\n`);
      return; // deleted meanwhile, a link, or not a file
    }
    if (written.get(source) === stat.mtimeMs) return;
    busy.add(source);
    const file: InputFile = { source, relative: path.relative(root, source), size: stat.size, mtimeMs: stat.mtimeMs };
    const job = processFile(file)
      .then((outcome) => {
        outcomes.push(outcome);
        if (outcome.status === 'done') {
          // In place, the result replaced the source: remember it so its event is not taken as a new image.
          if (options.inPlace) written.set(source, fs.statSync(source).mtimeMs);
          io.err(`done ${file.relative} ${formatBytes(outcome.before)} -> ${formatBytes(outcome.after ?? 0)}\n`);
        } else io.err(`${outcome.status} ${file.relative}${outcome.message ? ` (${outcome.message})` : ''}\n`);
      })
      .finally(() => {
        busy.delete(source);
        running.delete(job);
        if (again.delete(source) && !signal.aborted) settle(source, root);
        const next = waiting.shift();
        if (next && !signal.aborted) take(...next);
      });
    running.add(job);
  };

  /** Debounce: each event restarts the wait; the file is taken when it has been still for SETTLE_MS. */
  const settle = (source: string, root: string, last?: { size: number; mtimeMs: number }) => {
    clearTimeout(pending.get(source));
    pending.set(
      source,
      setTimeout(() => {
        pending.delete(source);
        if (signal.aborted) return;
        let stat: fs.Stats;
        try {
          stat = fs.lstatSync(source);
        } catch {
          return;
        }
        if (!last || stat.size !== last.size || stat.mtimeMs !== last.mtimeMs) return settle(source, root, { size: stat.size, mtimeMs: stat.mtimeMs });
        take(source, root);
      }, SETTLE_MS),
    );
  };

  const watchers = roots.map((root) =>
    fs.watch(root, { recursive: true }, (_event, name) => {
      if (!name) return;
      const source = path.join(root, name.toString());
      if (ours(source)) return;
      io.err(`changed ${path.relative(root, source)}\n`);
      settle(source, root);
    }),
  );

  // What is already there, as a one-off run would take it (already finished files are skipped).
  for (const root of roots) {
    for (const file of collectInputs([root]).files) if (!ours(file.source)) take(file.source, root);
  }
  io.err(`watching ${roots.join(', ')} (Ctrl-C to stop)\n`);

  await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
  for (const w of watchers) w.close();
  for (const t of pending.values()) clearTimeout(t);
  await Promise.all([...running]);
  io.out(summaryTable(outcomes));
  return outcomes;
}

/**
 * The watch run's exit code: ok when stopped by the user with no failures, 1 with failures, or the code of an error
 * that ends the run (a refused key, an unreachable server), which also stops the watch.
 */
export async function watchRun(
  options: CliOptions,
  processFile: ProcessFile,
  io: WatchIo & { onStop?: (stop: () => void) => void },
  fatal: (err: unknown) => number | null,
): Promise<number> {
  const stop = new AbortController();
  io.onStop?.(() => stop.abort());
  let ended: number | null = null;
  const guarded: ProcessFile = (file) =>
    processFile(file).catch((err: unknown) => {
      const code = fatal(err);
      if (code !== null && ended === null) {
        ended = code;
        stop.abort();
      }
      return { file: file.relative, status: 'failed', before: file.size, after: null, message: (err as Error).message } satisfies Outcome;
    });
  const outcomes = await watchFolders(options, guarded, io, stop.signal);
  if (ended !== null) return ended;
  return outcomes.some((o) => o.status === 'failed') ? EXIT.someFailed : EXIT.ok;
}
