// Runs compressions in separate codec processes, one job per process at a time.
//
// Why processes: libvips and oxipng are native code fed with strangers' files. In the server's own process a
// native crash on one image would take every upload, poll and download down with it, and in the embedded mode
// the restart would pick the same image up again and crash again. Here a crash ends one codec process; the job
// sees an ordinary failure, so its retries are counted and a "poison" image ends as a failed job. A process that
// overruns its time budget is killed, which also stops native work that cannot be interrupted any other way,
// and the JavaScript parts of the codec (the PNG quality score) no longer hold up the server's event loop.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { timeoutError } from '../codec/errors';
import { deserializeError, lowerPriority, type CodecOutcome, type CodecRequest, type ReplyMessage } from './protocol';

export const CRASH_MESSAGE = 'The compressor stopped unexpectedly while processing this image';

/** The codec process died (signal, out-of-memory kill, native crash) while working on a request. */
export class CodecCrashError extends Error {
  constructor(readonly detail: string) {
    super(CRASH_MESSAGE);
    this.name = 'CodecCrashError';
  }
}

export interface CodecPoolOptions {
  /** Processes at most, i.e. compressions at once; matches the queue's concurrency. */
  size: number;
  /** How long past the codec's own time limit a silent process is given before it is killed. */
  killGraceMs?: number;
  /** An idle process exits after this long, returning its memory to the machine. */
  idleMs?: number;
  /** A process is replaced after this many jobs, so heap fragmentation cannot build up forever. */
  maxJobsPerProcess?: number;
  /**
   * A process that holds more than this after a job (a very large image grew its heap, which the allocator
   * rarely gives back) is replaced rather than kept idle with that memory.
   */
  maxIdleRssBytes?: number;
  /** The codec process's entry module (tests point this elsewhere to simulate a process that hangs). */
  entry?: string;
  onCrash?: (info: { pid: number | undefined; detail: string }) => void;
}

/**
 * glibc malloc settings for codec processes, unless the server's environment sets its own. Image buffers are
 * large and short-lived; with one arena per thread and a heap that keeps what it once grew to, each of several
 * codec processes would hold on to the peak of the largest image it ever handled.
 */
const CODEC_MALLOC_ENV: Record<string, string> = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' };

const DEFAULT_ENTRY = fileURLToPath(new URL('./codec-process.ts', import.meta.url));

export class CodecPool {
  private readonly idle: CodecProcess[] = [];
  private readonly all = new Set<CodecProcess>();
  private readonly waiting: (() => void)[] = [];
  private inUse = 0;
  private closed = false;

  constructor(private readonly options: CodecPoolOptions) {}

  async compressFile(request: CodecRequest): Promise<CodecOutcome> {
    if (this.closed) throw new Error('The codec pool is closed');
    await this.acquireSlot();
    let proc: CodecProcess | undefined;
    try {
      proc = this.idle.pop() ?? this.spawn();
      proc.cancelIdleTimer();
      const hardLimitMs = request.timeoutSeconds * 1000 + (this.options.killGraceMs ?? 5000);
      return await proc.run(request, hardLimitMs);
    } finally {
      if (proc) this.putBack(proc);
      this.releaseSlot();
    }
  }

  /** Pids of the live codec processes (operators and fault tests use them). */
  pids(): number[] {
    return [...this.all].map((p) => p.pid).filter((pid): pid is number => pid !== undefined);
  }

  /** Ends every codec process. Call after the queue has stopped giving out work. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.all].map((p) => p.kill()));
    this.idle.length = 0;
  }

  private spawn(): CodecProcess {
    const proc = new CodecProcess(this.options.entry ?? DEFAULT_ENTRY, (detail) => {
      this.all.delete(proc);
      const i = this.idle.indexOf(proc);
      if (i >= 0) this.idle.splice(i, 1);
      if (detail) this.options.onCrash?.({ pid: proc.pid, detail });
    });
    this.all.add(proc);
    return proc;
  }

  private putBack(proc: CodecProcess): void {
    if (!proc.alive) return;
    const bloated = proc.lastRssBytes > (this.options.maxIdleRssBytes ?? 320 * 1024 ** 2);
    if (this.closed || bloated || proc.jobsDone >= (this.options.maxJobsPerProcess ?? 200)) {
      void proc.kill();
      return;
    }
    this.idle.push(proc);
    proc.startIdleTimer(this.options.idleMs ?? 30_000);
  }

  private async acquireSlot(): Promise<void> {
    if (this.inUse < this.options.size) {
      this.inUse++;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private releaseSlot(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.inUse--;
  }
}

interface InFlight {
  id: number;
  resolve: (outcome: CodecOutcome) => void;
  reject: (err: Error) => void;
}

/** One codec process and the request it is working on. */
class CodecProcess {
  private readonly child: ChildProcess;
  private readonly ready: Promise<void>;
  private inFlight: InFlight | undefined;
  private nextId = 1;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private exited = false;
  private readonly exitedPromise: Promise<void>;
  /** Set when we end the process ourselves, so its exit is not reported as a crash. */
  private intentional = false;
  jobsDone = 0;
  lastRssBytes = 0;

  constructor(entry: string, onExit: (crashDetail: string | undefined) => void) {
    this.child = fork(entry, [], {
      // Resolved here, not by name, so the codec process starts whatever directory the server runs in.
      execArgv: ['--import', import.meta.resolve('tsx')],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: { ...CODEC_MALLOC_ENV, ...process.env },
      serialization: 'advanced',
    });
    let markReady: () => void = () => undefined;
    let failStart: (err: Error) => void = () => undefined;
    this.ready = new Promise<void>((resolve, reject) => {
      markReady = resolve;
      failStart = reject;
    });
    // Nothing waits on `ready` until the first run(); an early failure must not be an unhandled rejection.
    this.ready.catch(() => undefined);
    this.child.on('message', (message: ReplyMessage | { ready: true }) => {
      if ('ready' in message) markReady();
      else this.settle(message);
    });
    this.child.on('error', (err) => failStart(err));
    // Right after the fork, so the process's start-up runs at low priority too (it lowers its own threads again).
    if (this.child.pid !== undefined) lowerPriority(this.child.pid);
    this.exitedPromise = new Promise((resolve) => {
      this.child.on('exit', (code, signal) => {
        this.exited = true;
        clearTimeout(this.idleTimer);
        const detail = `codec process exited (${signal ?? `code ${code}`})`;
        failStart(new CodecCrashError(detail));
        const crashed = !this.intentional;
        this.rejectInFlight(new CodecCrashError(detail));
        onExit(crashed ? detail : undefined);
        resolve();
      });
    });
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get alive(): boolean {
    return !this.exited;
  }

  async run(request: CodecRequest, hardLimitMs: number): Promise<CodecOutcome> {
    const id = this.nextId++;
    const outcome = new Promise<CodecOutcome>((resolve, reject) => {
      this.inFlight = { id, resolve, reject };
    });
    // Settled by the exit handler even when we fail before sending; awaited below only on the happy path.
    outcome.catch(() => undefined);
    // The limit covers start-up too: a process that never becomes ready is as stuck as one that never answers.
    const limit = setTimeout(() => {
      // The codec stops itself at its time limit; silence well past it means it is stuck in native code.
      this.rejectInFlight(timeoutError(request.timeoutSeconds));
      void this.kill();
    }, hardLimitMs);
    try {
      await Promise.race([this.ready, outcome]);
      this.child.send({ id, request }, (err) => {
        if (err) this.rejectInFlight(new CodecCrashError(`could not reach the codec process (${err.message})`));
      });
      return await outcome;
    } finally {
      clearTimeout(limit);
      this.jobsDone++;
    }
  }

  startIdleTimer(ms: number): void {
    this.idleTimer = setTimeout(() => void this.kill(), ms);
    this.idleTimer.unref();
  }

  cancelIdleTimer(): void {
    clearTimeout(this.idleTimer);
  }

  async kill(): Promise<void> {
    if (this.exited) return;
    this.intentional = true;
    this.child.kill('SIGKILL');
    await this.exitedPromise;
  }

  private rejectInFlight(err: Error): void {
    const flight = this.inFlight;
    this.inFlight = undefined;
    flight?.reject(err);
  }

  private settle(reply: ReplyMessage): void {
    const flight = this.inFlight;
    this.lastRssBytes = reply.rssBytes;
    if (!flight || flight.id !== reply.id) return;
    this.inFlight = undefined;
    if (reply.ok) flight.resolve(reply.outcome);
    else flight.reject(deserializeError(reply.error));
  }
}
