// Runs compressions (and Tinify transformations) in separate codec processes, one request per process at a time,
// within a memory budget planned from image headers. One process's life is codec-child.ts.
//
// Why processes and not threads: docs/decisions/0004-codec-in-processes.md; the budget: 0124-codec-memory-budget.md.
import { CODEC_MEMORY_LIMIT_BYTES } from '#contract/limits';
import { DEFAULT_TIMEOUT_SECONDS } from '#server/codec/planning';
import { planCompress, planEstimate } from './request-plan';
import { codecLaunch, throughTsx, type CodecLaunch } from './codec-entry';
import { CODEC_PROCESS_BYTES, estimateWorkingBytes } from './memory-estimate';
import { CodecAbandonedError, CodecProcess, type CodecProcessState } from './codec-child';
import type {
  CodecOutcome,
  CodecRequest,
  CodecTask,
  EstimateFileRequest,
  EstimateOutcome,
  TaskOutcome,
} from './protocol';

export { CodecAbandonedError, CodecCrashError, CRASH_MESSAGE, type CodecProcessState } from './codec-child';

/**
 * Working memory of a request small enough to run beside one that needs more than the whole budget: about a
 * 4-megapixel photo into JPEG or WebP, a 1.5-megapixel image into PNG or AVIF (codec/costs.ts).
 */
export const SMALL_WORK_BYTES = 48 * 1024 ** 2;

export interface CodecPoolOptions {
  /** Seconds a JPEG or PNG compression of the largest image may take; each request's limit scales it (time-limit.ts). */
  baseTimeoutSeconds?: number;
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
  /** The codec processes' log level (the server's LOG_LEVEL); they log one line per request at `info`. */
  logLevel?: string;
  onCrash?: (info: { pid: number | undefined; detail: string }) => void;
  /** Every codec process's exit, ours or not (operators log it; tests wait on it instead of sleeping). */
  onExit?: (info: { pid: number | undefined; crashed: boolean }) => void;
}

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

  /**
   * One compression of a stored file: a job's, or a Tinify transformation's (its own lane). `signal` ends the work
   * when its client has gone: a waiting request leaves the queue, a running one's process is killed.
   */
  compressFile(request: CodecRequest, signal?: AbortSignal): Promise<CodecOutcome> {
    const { task, plan } = planCompress(request, this.baseTimeout);
    return this.perform(task, plan, signal) as Promise<CodecOutcome>;
  }

  /** Adjust's live estimate: a sample and a region of the image, so it plans for the whole image's decode. */
  estimateFile(request: EstimateFileRequest): Promise<EstimateOutcome> {
    const { task, plan } = planEstimate(request, this.baseTimeout);
    return this.perform(task, plan) as Promise<EstimateOutcome>;
  }

  private get baseTimeout(): number {
    return this.options.baseTimeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS;
  }

  private async perform(task: CodecTask, estimate: Parameters<typeof estimateWorkingBytes>[0], signal?: AbortSignal): Promise<TaskOutcome> {
    if (this.closed) throw new Error('The codec pool is closed');
    const workBytes = this.options.memoryBudgetBytes === undefined ? 0 : await estimateWorkingBytes(estimate);
    const grant = await this.acquireSlot(workBytes, signal);
    let proc: CodecProcess | undefined = grant.idle;
    const stop = () => void proc?.kill();
    try {
      proc ??= this.spawn(this.options.entry ? throughTsx(this.options.entry) : await codecLaunch());
      if (signal?.aborted) throw new CodecAbandonedError();
      signal?.addEventListener('abort', stop, { once: true });
      const hardLimitMs = (task.request.limits?.timeoutSeconds ?? this.baseTimeout) * 1000 + (this.options.killGraceMs ?? 5000);
      return await proc.run(task, hardLimitMs, this.options.maxRssBytes ?? CODEC_MEMORY_LIMIT_BYTES).catch((err: unknown) => {
        throw signal?.aborted ? new CodecAbandonedError() : err;
      });
    } finally {
      signal?.removeEventListener('abort', stop);
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

  /** What the memory budget counts as held now (metrics): running requests' reservations, idle and retiring processes. */
  committedMemoryBytes = (): number => this.committedBytes();

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
    }, this.options.logLevel);
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

  private acquireSlot(workBytes: number, signal?: AbortSignal): Promise<Grant> {
    return new Promise<Grant>((start, reject) => {
      if (signal?.aborted) return reject(new CodecAbandonedError());
      const entry = { workBytes, start: (grant: Grant) => (signal?.removeEventListener('abort', leave), start(grant)) };
      // A request whose client went away leaves the queue without ever taking a slot.
      const leave = () => {
        const i = this.waiting.indexOf(entry);
        if (i < 0) return;
        this.waiting.splice(i, 1);
        reject(new CodecAbandonedError());
      };
      signal?.addEventListener('abort', leave, { once: true });
      this.waiting.push(entry);
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
