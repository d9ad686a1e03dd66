// Runs compressions (and Tinify transformations) in separate codec processes, one request per process at a time,
// within a memory budget planned from image headers.
//
// Why processes and not threads: docs/decisions/0004-codec-in-processes.md; the budget: 0124-codec-memory-budget.md.
import { fork, type ChildProcess } from 'node:child_process';
import { memoryLimitError, timeoutError } from '#server/codec/planning';
import { CODEC_MEMORY_LIMIT_BYTES } from '#contract/limits';
import { watchMemory } from './memory-watch';
import { codecLaunch, throughTsx, type CodecLaunch } from './codec-entry';
import { CODEC_PROCESS_BYTES, estimateWorkingBytes } from './memory-estimate';
import {
  deserializeError,
  lowerPriority,
  type CodecOutcome,
  type CodecRequest,
  type CodecTask,
  type EstimateFileRequest,
  type EstimateOutcome,
  type ReplyMessage,
  type TaskOutcome,
  type TransformFileRequest,
  type TransformOutcome,
} from './protocol';

export const CRASH_MESSAGE = 'The compressor stopped unexpectedly while processing this image';

/**
 * Working memory of a request small enough to run beside one that needs more than the whole budget: about a
 * 4-megapixel photo into JPEG or WebP, a 1.5-megapixel image into PNG or AVIF (codec/costs.ts).
 */
export const SMALL_WORK_BYTES = 48 * 1024 ** 2;

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
  /** Resident memory a busy codec process may reach; past it the process is killed and the job fails. */
  maxRssBytes?: number;
  /**
   * Memory all codec processes together may hold: each live process's own size plus, for each job, the working
   * memory its image and output format are expected to need (memory-estimate.ts). A job that would go over it
   * waits, in order, until running jobs finish; a job alone always runs, whatever it needs. Unset: no budget,
   * only `size`.
   */
  memoryBudgetBytes?: number;
  /** The codec process's entry module (tests point this elsewhere to simulate a process that hangs). */
  entry?: string;
  onCrash?: (info: { pid: number | undefined; detail: string }) => void;
  /** Every codec process's exit, ours or not (operators log it; tests wait on it instead of sleeping). */
  onExit?: (info: { pid: number | undefined; crashed: boolean }) => void;
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


export class CodecPool {
  /** Processes in state `idle`, the most recently used last (so the others reach their idle timeout). */
  private readonly idle: CodecProcess[] = [];
  /** Every process that has not exited yet, whatever its state. */
  private readonly all = new Set<CodecProcess>();
  /** Requests waiting for a slot (or for memory), first come first served. */
  private readonly waiting: { workBytes: number; start: (grant: Grant) => void }[] = [];
  /** Requests holding a slot, and the memory reserved for them (their process plus their working memory). */
  private running = 0;
  private reservedBytes = 0;
  private oversizedRunning = 0;
  private besideOversizedRunning = 0;
  private closed = false;

  constructor(private readonly options: CodecPoolOptions) {}

  compressFile(request: CodecRequest): Promise<CodecOutcome> {
    return this.perform({ kind: 'compress', request }, request) as Promise<CodecOutcome>;
  }

  /** Tinify-style transformations run in codec processes too: the same time, memory and crash bounds as a job. */
  transformFile(request: TransformFileRequest): Promise<TransformOutcome> {
    const { formats } = request.transform;
    const estimate = { inputPath: request.inputPath, format: formats.length > 1 ? ('auto' as const) : formats[0], formats };
    return this.perform({ kind: 'transform', request }, estimate) as Promise<TransformOutcome>;
  }

  /** Adjust's live estimate: a sample and a region of the image, so it plans for the whole image's decode. */
  estimateFile(request: EstimateFileRequest): Promise<EstimateOutcome> {
    const { format, formats } = request.options;
    return this.perform({ kind: 'estimate', request }, { inputPath: request.inputPath, format, formats: formats && [...formats] }) as Promise<EstimateOutcome>;
  }

  private async perform(task: CodecTask, estimate: Parameters<typeof estimateWorkingBytes>[0]): Promise<TaskOutcome> {
    if (this.closed) throw new Error('The codec pool is closed');
    const workBytes = this.options.memoryBudgetBytes === undefined ? 0 : await estimateWorkingBytes(estimate);
    const grant = await this.acquireSlot(workBytes);
    let proc: CodecProcess | undefined = grant.idle;
    try {
      proc ??= this.spawn(this.options.entry ? throughTsx(this.options.entry) : await codecLaunch());
      const hardLimitMs = task.request.timeoutSeconds * 1000 + (this.options.killGraceMs ?? 5000);
      return await proc.run(task, hardLimitMs, this.options.maxRssBytes ?? CODEC_MEMORY_LIMIT_BYTES);
    } finally {
      if (proc) this.putBack(proc);
      // A process being killed does not hold the slot: its exit may be reported late (a multi-gigabyte process
      // takes a while to tear down), and the next request gets an idle or a new process meanwhile. Its memory
      // still counts against the budget until it has exited (see committedBytes).
      this.releaseSlot(grant);
    }
  }

  /** Requests running, requests waiting for a slot or for memory, and the memory reserved for the running ones. */
  load(): { running: number; waiting: number; reservedBytes: number } {
    return { running: this.running, waiting: this.waiting.length, reservedBytes: this.reservedBytes };
  }

  /** Pids of the codec processes that still exist, retiring ones included (operators and fault tests use them). */
  pids(): number[] {
    return [...this.all].map((p) => p.pid).filter((pid): pid is number => pid !== undefined);
  }

  /** The state of every codec process that still exists. */
  states(): { pid: number | undefined; state: CodecProcessState }[] {
    return [...this.all].map((p) => ({ pid: p.pid, state: p.state }));
  }

  /** Ends every codec process. Call after the queue has stopped giving out work. */
  async close(): Promise<void> {
    this.closed = true;
    this.idle.length = 0;
    await Promise.all([...this.all].map((p) => p.kill()));
  }

  private takeIdle(): CodecProcess | undefined {
    for (let proc = this.idle.pop(); proc; proc = this.idle.pop()) {
      if (proc.state === 'idle') return proc;
    }
    return undefined;
  }

  private spawn(launch: CodecLaunch): CodecProcess {
    const proc = new CodecProcess(launch, (crashDetail) => {
      this.all.delete(proc);
      const i = this.idle.indexOf(proc);
      if (i >= 0) this.idle.splice(i, 1);
      if (crashDetail) this.options.onCrash?.({ pid: proc.pid, detail: crashDetail });
      this.options.onExit?.({ pid: proc.pid, crashed: crashDetail !== undefined });
      // Its memory is back: a request waiting for memory may fit now.
      this.startWaiting();
    });
    this.all.add(proc);
    return proc;
  }

  /** After a request: the process goes back to idle only if it is still sound and the pool wants to keep it. */
  private putBack(proc: CodecProcess): void {
    // Retiring (killed at the hard limit, or unreachable) or gone (crashed): never reused.
    if (proc.state !== 'busy') return;
    // Past half again its start size a process is replaced: glibc and V8 rarely give back what a large image grew,
    // and the memory budget would count it for every later job.
    const bloated = proc.lastRssBytes > (this.options.maxIdleRssBytes ?? 1.5 * CODEC_PROCESS_BYTES);
    if (this.closed || bloated || proc.jobsDone >= (this.options.maxJobsPerProcess ?? 200)) {
      void proc.kill();
      return;
    }
    proc.becomeIdle(this.options.idleMs ?? 30_000);
    this.idle.push(proc);
  }

  private acquireSlot(workBytes: number): Promise<Grant> {
    return new Promise<Grant>((start) => {
      this.waiting.push({ workBytes, start });
      this.startWaiting();
    });
  }

  private releaseSlot(grant: Grant): void {
    this.running--;
    this.reservedBytes -= grant.reservedBytes;
    if (grant.oversized) this.oversizedRunning--;
    if (grant.besideOversized) this.besideOversizedRunning--;
    this.startWaiting();
  }

  /**
   * Starts waiting requests in order while the next one fits; the one that does not fit holds the others back,
   * with one exception: while a request larger than the whole budget runs (a 100-megapixel photo, say, for tens
   * of seconds), one small request at a time may run beside it, so other users' small images keep completing.
   */
  private startWaiting(): void {
    while (this.running < this.options.size && this.waiting.length > 0) {
      const head = this.waiting[0]!;
      // Idle processes are only kept for speed: their memory goes first when work needs it.
      if (!this.fitsBudget(head.workBytes)) this.retireIdleFor(head.workBytes);
      // One request alone always runs, whatever it needs: nothing else could make room for it.
      if (this.fitsBudget(head.workBytes) || this.running === 0) {
        this.grant(0, false);
        continue;
      }
      if (this.oversizedRunning === 0 || this.besideOversizedRunning > 0) return;
      const small = this.waiting.findIndex((w) => w.workBytes <= SMALL_WORK_BYTES);
      if (small < 0) return;
      this.grant(small, true);
    }
  }

  /**
   * Hands the waiting request at `index` its idle process, in the same step as its reservation, so no other
   * request can count on the same process.
   */
  private grant(index: number, besideOversized: boolean): void {
    const [next] = this.waiting.splice(index, 1);
    const idle = this.takeIdle();
    const reservedBytes = this.processBytes(idle) + next!.workBytes;
    // Oversized: more than the whole budget even in a fresh process (a reused process's extra size does not count).
    const oversized = this.options.memoryBudgetBytes !== undefined && CODEC_PROCESS_BYTES + next!.workBytes > this.options.memoryBudgetBytes;
    this.running++;
    this.reservedBytes += reservedBytes;
    if (oversized) this.oversizedRunning++;
    if (besideOversized) this.besideOversizedRunning++;
    next!.start({ idle, reservedBytes, oversized, besideOversized });
  }

  /**
   * A request's working memory fits beside everything held now, in the idle process it would reuse (which keeps
   * what it already holds) or in a new one.
   */
  private fitsBudget(workBytes: number): boolean {
    const budget = this.options.memoryBudgetBytes;
    if (budget === undefined) return true;
    const reused = this.idle.findLast((p) => p.state === 'idle');
    // A reused process is already counted among the idle ones; a new one adds its own size.
    return this.committedBytes() + (reused ? 0 : CODEC_PROCESS_BYTES) + workBytes <= budget;
  }

  /**
   * Memory held now: the reservations of running requests, idle processes (as much as each held after its last
   * job) and processes being ended, until their exit.
   */
  private committedBytes(): number {
    let bytes = this.reservedBytes;
    // Only processes still on the idle list: one handed to a request is in that request's reservation already.
    for (const proc of this.idle) if (proc.state === 'idle') bytes += this.processBytes(proc);
    for (const proc of this.all) if (proc.state === 'retiring') bytes += CODEC_PROCESS_BYTES;
    return bytes;
  }

  /** What a process holds before its next job: what it held after its last one (a new process: its start size). */
  private processBytes(proc: CodecProcess | undefined): number {
    return Math.max(CODEC_PROCESS_BYTES, proc?.lastRssBytes ?? 0);
  }

  /** Ends idle processes, least recently used first, until the work fits; the most recent one is left for reuse. */
  private retireIdleFor(workBytes: number): void {
    while (this.idle.length > 1 && !this.fitsBudget(workBytes)) void this.idle.shift()!.kill();
  }
}

/** A request's turn: the idle process it reuses (none: it starts one) and the memory reserved for it. */
interface Grant {
  idle: CodecProcess | undefined;
  reservedBytes: number;
  /** It needs more than the whole budget (it started alone). */
  oversized: boolean;
  /** It is the one small request let run beside an oversized one, over the budget. */
  besideOversized: boolean;
}

interface InFlight {
  id: number;
  resolve: (outcome: TaskOutcome) => void;
  reject: (err: Error) => void;
}

/** One codec process, its state and the request it is working on. */
class CodecProcess {
  private readonly child: ChildProcess;
  private readonly ready: Promise<void>;
  private inFlight: InFlight | undefined;
  private nextId = 1;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly exitedPromise: Promise<void>;
  private current: CodecProcessState = 'starting';
  jobsDone = 0;
  lastRssBytes = 0;

  constructor(launch: CodecLaunch, onExit: (crashDetail: string | undefined) => void) {
    this.child = fork(launch.entry, [], {
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
      this.rejectInFlight(timeoutError(task.request.timeoutSeconds));
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
      this.child.kill('SIGKILL');
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
