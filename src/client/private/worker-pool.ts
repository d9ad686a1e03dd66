// A small pool of codec workers (private mode), as Squoosh's: one file per worker at a time, at most
// MAX_WORKERS (one core is left to the page), started on first use and ended after IDLE_MS without work. Cancelling
// a file that is being compressed ends its worker: WebAssembly cannot be interrupted any other way.
import type { CodecOp, CodecOutcome, CodecRequest, CodecResponse } from './codec-protocol';
import { CodecError, deserializeError, type Region, type SerializedError } from '#codec-core/index';
import type { SettingsRequest } from '#contract/settings';
import { workerCount } from './cores';

export { MAX_WORKERS, workerCount } from './cores';
export const IDLE_MS = 30_000;

export class CancelledError extends Error {
  constructor() {
    super('Cancelled');
    this.name = 'CancelledError';
  }
}

export class BrowserCodecError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/** A worker's failure as the page shows it: a codec error's kind as its code (CORRUPT, TOO_MANY_PIXELS), or ours. */
export function browserCodecError(serialized: SerializedError): BrowserCodecError {
  const error = deserializeError(serialized);
  const code = error instanceof CodecError ? error.kind.toUpperCase().replace(/-/g, '_') : 'BROWSER_CODEC_FAILED';
  return new BrowserCodecError(error.message, code);
}

interface Task {
  request: CodecRequest;
  resolve(outcome: CodecOutcome): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  task: Task | null;
  idleTimer: ReturnType<typeof setTimeout> | null;
}


export class WorkerPool {
  private readonly slots: Slot[] = [];
  private readonly waiting: Task[] = [];
  private nextId = 1;

  constructor(
    private readonly createWorker: () => Worker,
    private readonly size = workerCount(),
  ) {}

  /** Runs one file; `cancel` with the returned id stops it. */
  run(op: CodecOp, input: ArrayBuffer, settings: SettingsRequest, region?: Partial<Region>): { id: number; done: Promise<CodecOutcome> } {
    const id = this.nextId++;
    const done = new Promise<CodecOutcome>((resolve, reject) => {
      this.waiting.push({ request: { id, op, input, settings, region }, resolve, reject });
    });
    this.dispatch();
    return { id, done };
  }

  cancel(id: number): void {
    const queued = this.waiting.findIndex((t) => t.request.id === id);
    if (queued >= 0) {
      this.waiting.splice(queued, 1)[0]!.reject(new CancelledError());
      return;
    }
    const slot = this.slots.find((s) => s.task?.request.id === id);
    if (!slot) return;
    slot.task!.reject(new CancelledError());
    this.end(slot);
    this.dispatch();
  }

  /** Workers alive now (the tests and the bench look). */
  get alive(): number {
    return this.slots.length;
  }

  private dispatch(): void {
    while (this.waiting.length > 0) {
      const slot = this.slots.find((s) => !s.task) ?? (this.slots.length < this.size ? this.start() : null);
      if (!slot) return;
      const task = this.waiting.shift()!;
      if (slot.idleTimer) clearTimeout(slot.idleTimer);
      slot.idleTimer = null;
      slot.task = task;
      slot.worker.postMessage(task.request, [task.request.input]);
    }
  }

  private start(): Slot {
    const slot: Slot = { worker: this.createWorker(), task: null, idleTimer: null };
    slot.worker.onmessage = (event: MessageEvent<CodecResponse>) => this.settle(slot, event.data);
    slot.worker.onerror = (event) => {
      event.preventDefault();
      slot.task?.reject(new BrowserCodecError('The browser codec stopped unexpectedly', 'BROWSER_CODEC_FAILED'));
      this.end(slot);
      this.dispatch();
    };
    this.slots.push(slot);
    return slot;
  }

  private settle(slot: Slot, response: CodecResponse): void {
    const task = slot.task;
    if (!task || task.request.id !== response.id) return;
    slot.task = null;
    if (response.ok) task.resolve(response.outcome);
    else task.reject(browserCodecError(response.error));
    slot.idleTimer = setTimeout(() => this.end(slot), IDLE_MS);
    this.dispatch();
  }

  private end(slot: Slot): void {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.worker.terminate();
    this.slots.splice(this.slots.indexOf(slot), 1);
  }
}

let shared: WorkerPool | null = null;

/**
 * The page's one pool; its workers load (with the encoders they need) only when private mode compresses. On a
 * cross-origin-isolated page they run libvips, the server's own codecs (docs/decisions/0560); elsewhere the
 * single-threaded encoders, whose results may differ from the server's (0562).
 */
export function codecPool(): WorkerPool {
  shared ??= new WorkerPool(() =>
    usesServerCodecs()
      ? new Worker(new URL('./vips/vips-codec-worker.ts', import.meta.url), { type: 'module', name: 'private-codec-vips' })
      : new Worker(new URL('./codec-worker.ts', import.meta.url), { type: 'module', name: 'private-codec' }),
  );
  return shared;
}

/** libvips needs SharedArrayBuffer, which a browser gives only to a cross-origin-isolated page. */
export const usesServerCodecs = (scope: { crossOriginIsolated?: boolean } = globalThis) => scope.crossOriginIsolated === true;
