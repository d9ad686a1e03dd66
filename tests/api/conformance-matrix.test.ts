// The conformance matrix (docs/decisions/0520-conformance-matrix.md): every real file of tests/fixtures/real/ × every
// output format × every mode of the contract, through the web API of a real server; and, through the Tinify
// endpoints and the command-line client, the cells that run their own code. The rows are generated from the
// contract's lists (OUTPUT_FORMATS, COMPRESSION_MODES, the upload formats) and the format descriptors, so a format or
// mode added there is in the table at once. Each cell is verified with the reference decoders (see
// ../support/conformance.ts) or must be refused at upload with its cause named; its failure names the file, format,
// mode and door, and every thing that was wrong.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompressResponse, Job } from '#contract/api';
import { COMPRESSION_MODES, FORMAT_MIME_TYPES, IMAGE_FORMATS, MIN_TARGET_SIZE, OUTPUT_FORMATS, type CompressionMode, type OutputFormat } from '#contract/settings';
import { FORMATS } from '#codec-core/formats/index';
import { createKey, signedInUser } from '../support/api-keys';
import { cellName, problemsOf, referenceOf, type Cell, type Outcome, type Reference } from '../support/conformance';
import { knownDefect } from '../support/conformance-known-defects';
import { HttpClient } from '../support/http-client';
import { waitFor } from '../support/jobs';
import { REPO_ROOT } from '../support/paths';
import { ANIMATABLE, ANIMATION_GAPS, INPUT_FORMATS, REAL_FILES, filesInRealDir, readReal, realPath, type RealFile } from '../support/real-corpus';
import { useServer } from '../support/server';

/** The MIME type a browser sends for each extension of the corpus. */
const MIME_OF_EXTENSION: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.heic': 'image/heic',
  '.heif': 'image/heif',
  '.jxl': 'image/jxl',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
};
const mimeOf = (file: string) => MIME_OF_EXTENSION[path.extname(file).toLowerCase()] ?? 'application/octet-stream';

/**
 * How long a cell may wait for its job: a hang guard, not a speed check. A file's cells are queued together, so on a
 * loaded 2-core machine the last of them waits for all the others (speed is measured by `npm run bench`).
 */
const HANG_GUARD_MS = 600_000;

/** Size mode's target: well under the upload, so the search has work to do (never under the contract's minimum). */
const targetFor = (bytes: number) => Math.max(MIN_TARGET_SIZE, Math.floor(bytes * 0.6));

/** The upload fields of a cell: the contract's names, defaults for everything else. */
function fieldsOf(format: OutputFormat, mode: CompressionMode, uploadSize: number): Record<string, string> {
  return { format, mode, ...(mode === 'size' ? { targetSize: String(targetFor(uploadSize)), allowResize: 'false' } : {}) };
}

/** Runs `task` over `items` with at most `limit` at once. */
async function eachLimited<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  await Promise.all(Array.from({ length: limit }, async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await task(item);
  }));
}

/** A job once it is final (completed or failed), by the API's own wait. */
async function finalJob(client: HttpClient, id: string): Promise<Job> {
  return waitFor(async () => {
    const res = await client.get(`/api/jobs/${id}?wait=30`);
    if (res.status !== 200) throw new Error(`GET /api/jobs/${id} -> ${res.status} ${await res.text()}`);
    const job = (await res.json()) as Job;
    return job.status === 'completed' || job.status === 'error' ? job : undefined;
  }, HANG_GUARD_MS, `job ${id} to finish`);
}

/** What the web API makes of one cell: refused in the upload's answer, a failed job, or the downloaded result. */
async function throughWebApi(client: HttpClient, input: RealFile, format: OutputFormat, mode: CompressionMode): Promise<Outcome> {
  const data = readReal(input.file);
  const res = await client.upload([{ name: input.file, data, type: mimeOf(input.file) }], fieldsOf(format, mode, data.length));
  const body = (await res.json().catch(() => ({}))) as Partial<CompressResponse> & { message?: string; code?: string; rejected?: { message: string; code: string }[] };
  const rejection = body.rejected?.[0];
  if (rejection) return { kind: 'refused', status: res.status, message: rejection.message, code: rejection.code };
  if (res.status !== 201 || !body.jobs?.[0]) return { kind: 'refused', status: res.status, message: body.message ?? `HTTP ${res.status} without a message`, code: body.code };
  const job = await finalJob(client, body.jobs[0].id);
  if (job.status === 'error') return { kind: 'failed', message: job.error ?? '(no message)' };
  const download = await client.get(job.compressedPath!);
  const result = Buffer.from(await download.arrayBuffer());
  if (result.length !== job.compressedSize) return { kind: 'failed', message: `downloaded ${result.length} bytes, the job says ${job.compressedSize}` };
  return {
    kind: 'result',
    data: result,
    mimeType: download.headers.get('content-type') ?? job.outputMimeType ?? '',
    uploadSize: data.length,
    note: job.formatNote,
    flattenedOnto: job.flattenedOnto,
    reportedFrames: job.animationFrames,
  };
}

/**
 * A cell's test: an ordinary test, or, for a cell listed in conformance-known-defects.ts, an expected failure that
 * says its defect (it fails the run once the defect is gone, so the list stays true).
 */
const cellTest = (cell: Cell, name: string) => {
  const defect = knownDefect(cell);
  return defect ? { test: it.fails, name: `${name} [known defect: ${defect}]` } : { test: it, name };
};

/** Asserts a cell; the failure message names the cell and lists everything wrong with it. */
async function expectConforms(cell: Cell, outcome: Outcome, reference: Reference): Promise<void> {
  const problems = await problemsOf(cell, outcome, reference);
  expect(problems, `${cellName(cell)}:\n  - ${problems.join('\n  - ')}`).toEqual([]);
}

const references = new Map<string, Promise<Reference>>();
const referenceFor = (file: string) => {
  let ref = references.get(file);
  if (!ref) references.set(file, (ref = referenceOf(readReal(file))));
  return ref;
};

/**
 * The web API's cells of a file: every output format × every mode for the file that stands for its kind; for the
 * others every format in quality mode and every mode in `original`.
 */
function cellsOf(input: RealFile): { format: OutputFormat; mode: CompressionMode }[] {
  const every = OUTPUT_FORMATS.flatMap((format) => COMPRESSION_MODES.map((mode) => ({ format, mode })));
  return input.everyCell ? every : every.filter((c) => c.mode === 'quality' || c.format === 'original');
}

/** The files that stand for their kind: what the Tinify and CLI doors run (their code does not depend on the class). */
const KIND_FILES = REAL_FILES.filter((f) => f.everyCell);

describe('the real-file corpus', () => {
  it('lists every file of tests/fixtures/real/ and has one or more files of every upload format of the contract', () => {
    expect(filesInRealDir()).toEqual(REAL_FILES.map((f) => f.file).sort());
    const missing = INPUT_FORMATS.filter((format) => !REAL_FILES.some((f) => f.format === format && f.everyCell));
    expect(missing, 'upload formats of the contract without a real file in every cell').toEqual([]);
  });

  it('has an animated file of every format that can animate, or says why not', () => {
    const uncovered = Object.keys(ANIMATABLE).filter((format) => !REAL_FILES.some((f) => f.format === format && f.animated && f.everyCell) && !ANIMATION_GAPS[format as keyof typeof ANIMATION_GAPS]);
    expect(uncovered).toEqual([]);
  });

  it('reads every file with the reference decoders, animations with more than one frame', async () => {
    for (const input of REAL_FILES) {
      const ref = await referenceFor(input.file);
      expect(ref.picture.width * ref.picture.height, input.file).toBeGreaterThan(0);
      expect(ref.animation.frames > 1, `${input.file}: animated`).toBe(input.animated);
    }
  });

  it('the descriptors and the contract name the same output formats', () => {
    expect(Object.keys(FORMATS).sort()).toEqual([...IMAGE_FORMATS].sort());
  });
});

describe('conformance matrix: the web API, every file × format × mode', () => {
  const server = useServer();

  for (const input of REAL_FILES) {
    describe(input.file, () => {
      const outcomes = new Map<string, Promise<Outcome>>();
      const key = (format: OutputFormat, mode: CompressionMode) => `${format}/${mode}`;

      beforeAll(() => {
        // Every cell of this file is uploaded at once (two at a time on the wire): the server's queue does the rest.
        const client = new HttpClient(server.url);
        const cells = cellsOf(input);
        const started = new Map(cells.map((c) => {
          let resolve!: (o: Outcome) => void;
          const promise = new Promise<Outcome>((r) => (resolve = r));
          outcomes.set(key(c.format, c.mode), promise);
          return [key(c.format, c.mode), resolve] as const;
        }));
        const run = async (c: { format: OutputFormat; mode: CompressionMode }) => {
          const outcome = await throughWebApi(client, input, c.format, c.mode).catch((error: unknown): Outcome => ({ kind: 'failed', message: `the door answered wrongly: ${(error as Error).message}` }));
          started.get(key(c.format, c.mode))!(outcome);
        };
        // The first upload alone: it makes the guest session whose cookie every later upload of this file carries.
        void run(cells[0]!).then(() => eachLimited(cells.slice(1), 2, run));
      });

      for (const { format, mode } of cellsOf(input)) {
        const cell: Cell = { door: 'web API', input, format, mode };
        const { test, name } = cellTest(cell, `${format} / ${mode}`);
        test(name, { timeout: HANG_GUARD_MS }, async () => {
          await expectConforms(cell, await outcomes.get(key(format, mode))!, await referenceFor(input.file));
        });
      }
    });
  }
});

/** The Tinify door's own code: /shrink (the upload's own format) and /output/<id> conversions. */
describe('conformance matrix: the Tinify endpoints', () => {
  const server = useServer();
  let auth = '';

  beforeAll(async () => {
    const user = await signedInUser(server.url, 'matrix-tinify');
    auth = `Basic ${Buffer.from(`api:${(await createKey(user, 'matrix')).key}`).toString('base64')}`;
  });

  const shrinks = new Map<string, Promise<{ status: number; body: Record<string, unknown>; id?: string }>>();
  const shrink = (input: RealFile) => {
    let done = shrinks.get(input.file);
    if (!done) {
      done = (async () => {
        const res = await fetch(`${server.url}/shrink`, { method: 'POST', headers: { authorization: auth, 'content-type': mimeOf(input.file) }, body: readReal(input.file) });
        const body = (await res.json()) as Record<string, unknown>;
        const url = (body.output as { url?: string } | undefined)?.url;
        return { status: res.status, body, id: url?.split('/output/')[1] };
      })();
      shrinks.set(input.file, done);
    }
    return done;
  };

  const refusal = (status: number, body: Record<string, unknown>): Outcome => ({ kind: 'refused', status, message: String(body.message ?? ''), code: String(body.error ?? '') });

  /** The file of each kind through /shrink, and one conversion each, the output formats taken in turn so each is exercised. */
  for (const [index, input] of KIND_FILES.entries()) {
    const shrinkCell: Cell = { door: 'Tinify API', input, format: 'original', mode: 'quality' };
    const shrinkTest = cellTest(shrinkCell, `${input.file}: /shrink keeps its format (original / quality)`);
    shrinkTest.test(shrinkTest.name, async () => {
      const data = readReal(input.file);
      const shrunk = await shrink(input);
      const cell = shrinkCell;
      if (shrunk.status !== 201 || !shrunk.id) return expectConforms(cell, refusal(shrunk.status, shrunk.body), await referenceFor(input.file));
      const res = await fetch(`${server.url}/output/${shrunk.id}`, { headers: { authorization: auth } });
      const result = Buffer.from(await res.arrayBuffer());
      // The door's note: the download's Compression-Note header, the same sentence as /shrink's `output.note`.
      const note = res.headers.get('compression-note');
      expect(note ?? undefined).toBe((shrunk.body.output as { note?: string }).note);
      const outcome: Outcome = res.status === 200 ? { kind: 'result', data: result, mimeType: res.headers.get('content-type') ?? '', uploadSize: data.length, note } : refusal(res.status, JSON.parse(result.toString() || '{}') as Record<string, unknown>);
      await expectConforms(cell, outcome, await referenceFor(input.file));
    });

    const target = IMAGE_FORMATS[index % IMAGE_FORMATS.length]!;
    const convertCell: Cell = { door: 'Tinify API', input, format: target, mode: 'quality' };
    const convertTest = cellTest(convertCell, `${input.file}: /output convert to ${target} (${target} / quality)`);
    convertTest.test(convertTest.name, async () => {
      const data = readReal(input.file);
      const shrunk = await shrink(input);
      const cell = convertCell;
      if (shrunk.status !== 201 || !shrunk.id) return expectConforms(cell, refusal(shrunk.status, shrunk.body), await referenceFor(input.file));
      const res = await fetch(`${server.url}/output/${shrunk.id}`, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/json' },
        body: JSON.stringify({ convert: { type: FORMAT_MIME_TYPES[target] } }),
      });
      const result = Buffer.from(await res.arrayBuffer());
      // A conversion refused by a 4xx that names why is a refusal of that request; Tinify has no job note.
      const outcome: Outcome = res.status === 200 ? { kind: 'result', data: result, mimeType: res.headers.get('content-type') ?? '', uploadSize: data.length, note: null } : refusal(res.status, JSON.parse(result.toString() || '{}') as Record<string, unknown>);
      await expectConforms(cell, outcome, await referenceFor(input.file));
    });
  }
});

/** The command-line client over a folder of the file of each kind, with the settings of a few cells: its own upload, wait and naming. */
describe('conformance matrix: the command-line client', () => {
  const server = useServer();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'matrix-cli-'));
  const tree = path.join(work, 'in');
  fs.mkdirSync(tree);
  for (const input of KIND_FILES) fs.copyFileSync(realPath(input.file), path.join(tree, input.file));
  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

  /** original/quality is what most runs use; auto/smart names files by the chosen format; a fixed format claims its target names before uploading. */
  const RUNS: { format: OutputFormat; mode: CompressionMode }[] = [
    { format: 'original', mode: 'quality' },
    { format: 'auto', mode: 'smart' },
    { format: 'webp', mode: 'lossless' },
  ];

  for (const run of RUNS) {
    describe(`--format ${run.format} --mode ${run.mode}`, () => {
      const out = path.join(work, `out-${run.format}-${run.mode}`);
      let stdout = '';
      let jobs: Job[] = [];

      beforeAll(async () => {
        const user = await signedInUser(server.url, 'matrix-cli');
        const { key } = await createKey(user, 'matrix-cli');
        const args = [path.join(REPO_ROOT, 'bin/imagesqueeze.js'), '--server', server.url, '--out', out, '--no-progress', '-j', '2', '--format', run.format, '--mode', run.mode];
        stdout = await new Promise<string>((resolve) => {
          const child = spawn(process.execPath, [...args, tree], { env: { ...process.env, IMAGESQUEEZE_API_KEY: key } });
          let text = '';
          child.stdout.on('data', (d: Buffer) => (text += d.toString()));
          child.stderr.on('data', (d: Buffer) => (text += d.toString()));
          child.on('close', () => resolve(text));
        });
        jobs = (await (await user.get('/api/jobs')).json()) as Job[];
      }, 300_000);

      for (const input of KIND_FILES) {
        const cell: Cell = { door: 'CLI', input, format: run.format, mode: run.mode };
        const { test, name } = cellTest(cell, input.file);
        test(name, async () => {
          const stem = input.file.replace(/\.[^.]+$/, '');
          const written = fs.existsSync(out) ? fs.readdirSync(out).filter((f) => f.replace(/\.[^.]+$/, '') === stem) : [];
          const job = jobs.find((j) => j.filename === input.file);
          const uploadSize = fs.statSync(realPath(input.file)).size;
          let outcome: Outcome;
          if (written.length === 1) {
            const data = fs.readFileSync(path.join(out, written[0]!));
            // The CLI names the file by the result's format: its extension must say what it holds.
            const ext = path.extname(written[0]!).toLowerCase();
            const mimeType = ext === '.svg' ? 'image/svg+xml' : (IMAGE_FORMATS.map((f) => FORMATS[f]).find((d) => `.${d.extension}` === ext)?.mimeType ?? `unknown extension ${ext}`);
            outcome = { kind: 'result', data, mimeType, uploadSize, note: job?.formatNote ?? null, flattenedOnto: job?.flattenedOnto, reportedFrames: job?.animationFrames };
          } else if (job?.status === 'error') {
            outcome = { kind: 'failed', message: job.error ?? '(no message)' };
          } else {
            // No job: refused at upload; the CLI's line for the file carries the reason.
            const line = stdout.split('\n').find((l) => l.includes(input.file)) ?? '';
            outcome = { kind: 'refused', status: 400, message: line.replace(/^.*?failed\s+\S+\s+\S+\s+-\s+/, '').trim() || `no result and no reason in the CLI's output:\n${stdout}` };
          }
          await expectConforms(cell, outcome, await referenceFor(input.file));
        });
      }
    });
  }
});
