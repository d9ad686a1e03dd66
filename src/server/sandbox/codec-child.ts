// One codec process, its state and the request it is working on; the pool (codec-pool.ts) decides which process gets
// which request. Split from the pool so each file holds one thing.
import { fork, type ChildProcess } from 'node:child_process';
import { memoryLimitError, timeoutError } from '#server/codec/planning';
import { killTree, watchMemory } from './memory-watch';
import type { CodecLaunch } from './codec-entry';
import { deserializeError } from '#codec-core/index';
import { lowerPriority, type CodecTask, type ReplyMessage, type TaskOutcome } from './protocol';

export const CRASH_MESSAGE = 'The compressor stopped unexpectedly while processing this image';

/** The codec process died (signal, out-of-memory kill, native crash) while working on a request. */
export class CodecCrashError extends Error {
  constructor(readonly detail: string) {
    super(CRASH_MESSAGE);
    this.name = 'CodecCrashError';
  }
}

/** The work was dropped because whoever asked for it went away (the HTTP client hung up). */
export class CodecAbandonedError extends Error {
  constructor() {
    super('The request was abandoned by its client');
    this.name = 'CodecAbandonedError';
  }
}

/**
 * Where a codec process is in its life. Only an `idle` process is handed work; a process the pool has decided
 * to end (`retiring`: killed at the hard limit, retired for its memory or age, idle too long, or the pool is
 * closing) never takes work again, even though the kernel reports its exit only later.
 *
 *   starting ──(claimed by the request it was forked for)──> busy <──> idle
 *   any but gone ──(kill)──> retiring ──(exit)──> gone;  any ──(exit)──> gone
 */
export type CodecProcessState = 'starting' | 'idle' | 'busy' | 'retiring' | 'gone';

/**
 * glibc malloc settings for codec processes, unless the server's environment sets its own. Image buffers are
 * large and short-lived; with one arena per thread and a heap that keeps what it once grew to, each of several
 * codec processes would hold on to the peak of the largest image it ever handled.
 */
const CODEC_MALLOC_ENV: Record<string, string> = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' };


interface InFlight {
  id: number;
  resolve: (outcome: TaskOutcome) => void;
  reject: (err: Error) => void;
}

/** One codec process, its state and the request it is working on. */
export class CodecProcess {
  private readonly child: ChildProcess;
  private readonly ready: Promise<void>;
  private inFlight: InFlight | undefined;
  private nextId = 1;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly exitedPromise: Promise<void>;
  private current: CodecProcessState = 'starting';
  jobsDone = 0;
  lastRssBytes = 0;

  /** `logLevel`: the server's, handed to the process as its argument (it has no configuration of its own). */
  constructor(launch: CodecLaunch, onExit: (crashDetail: string | undefined) => void, logLevel = 'warn') {
    this.child = fork(launch.entry, [logLevel], {
      execArgv: launch.execArgv,
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
    // Right after the fork, so the process's start-up runs at low priority too (it lowers its own threads again).
    if (this.child.pid !== undefined) lowerPriority(this.child.pid);
    this.exitedPromise = new Promise((resolve) => {
      const end = (detail: string) => {
        if (this.current === 'gone') return;
        // A process we were ending was already `retiring`; any other end is a crash.
        const crashed = this.current !== 'retiring';
        this.current = 'gone';
        clearTimeout(this.idleTimer);
        failStart(new CodecCrashError(detail));
        this.rejectInFlight(new CodecCrashError(detail));
        onExit(crashed ? detail : undefined);
        resolve();
      };
      this.child.on('exit', (code, signal) => end(`codec process exited (${signal ?? `code ${code}`})`));
      this.child.on('error', (err) => {
        // No process came to be (the fork failed): there is no exit to wait for.
        if (this.child.pid === undefined) return end(`codec process could not start (${err.message})`);
        // A live process we cannot signal or reach: it must not take work again.
        failStart(err);
        void this.kill();
      });
    });
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get state(): CodecProcessState {
    return this.current;
  }

  /** Works on one request; the caller (the pool) decides afterwards whether the process goes back to idle. */
  async run(task: CodecTask, hardLimitMs: number, maxRssBytes: number): Promise<TaskOutcome> {
    if (this.current !== 'idle' && this.current !== 'starting') {
      // The pool hands out only idle processes (or a new one, once); anything else is a bug worth a loud error.
      throw new CodecCrashError(`codec process handed a request while ${this.current}`);
    }
    clearTimeout(this.idleTimer);
    const starting = this.current === 'starting';
    this.current = 'busy';
    const id = this.nextId++;
    const outcome = new Promise<TaskOutcome>((resolve, reject) => {
      this.inFlight = { id, resolve, reject };
    });
    // Settled by the exit handler even when we fail before sending; awaited below only on the happy path.
    outcome.catch(() => undefined);
    // The limit covers start-up too: a process that never becomes ready is as stuck as one that never answers.
    const limit = setTimeout(() => {
      // The codec stops itself at its time limit; silence well past it means it is stuck in native code. The
      // process is marked retiring before the request fails, so the pool can never take it back as idle.
      void this.kill();
      this.rejectInFlight(timeoutError(task.request.limits?.timeoutSeconds ?? 0));
    }, hardLimitMs);
    const stopWatching = this.child.pid === undefined ? () => undefined : watchMemory(this.child.pid, maxRssBytes, () => {
      void this.kill();
      this.rejectInFlight(memoryLimitError(maxRssBytes));
    });
    try {
      if (starting) await Promise.race([this.ready, outcome]);
      this.child.send({ id, ...task }, (err) => {
        if (!err) return;
        void this.kill();
        this.rejectInFlight(new CodecCrashError(`could not reach the codec process (${err.message})`));
      });
      return await outcome;
    } finally {
      clearTimeout(limit);
      stopWatching();
      this.jobsDone++;
    }
  }

  /** busy -> idle; the process ends itself (retiring) if nobody needs it within `idleMs`. */
  becomeIdle(idleMs: number): void {
    if (this.current !== 'busy') return;
    this.current = 'idle';
    this.idleTimer = setTimeout(() => void this.kill(), idleMs);
    this.idleTimer.unref();
  }

  /** Ends the process. It is `retiring` from this moment (it takes no more work) and `gone` once it has exited. */
  async kill(): Promise<void> {
    if (this.current === 'gone') return;
    clearTimeout(this.idleTimer);
    if (this.current !== 'retiring') {
      this.current = 'retiring';
      // With the helpers it runs (djxl, cjxl), which would otherwise go on decoding with nobody to read the result.
      if (this.child.pid === undefined) this.child.kill('SIGKILL');
      else killTree(this.child.pid);
    }
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
