// One time budget for a whole compression, shared by sharp pipelines and the oxipng/quantiser calls.
import { timeoutError } from './errors';

export class Deadline {
  private readonly controller = new AbortController();
  private readonly endsAt: number;
  private readonly timer: NodeJS.Timeout;

  constructor(readonly seconds: number) {
    this.endsAt = Date.now() + seconds * 1000;
    // The reason is the error to report: the codec core stops at its next checkpoint with it (codec-core/stoppable.ts).
    this.timer = setTimeout(() => this.controller.abort(timeoutError(seconds)), seconds * 1000);
    this.timer.unref();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Whole seconds left for the next sharp pipeline; throws once the budget is spent. */
  remainingSeconds(): number {
    const left = Math.ceil((this.endsAt - Date.now()) / 1000);
    if (left <= 0 || this.signal.aborted) throw timeoutError(this.seconds);
    return left;
  }

  /**
   * Settles with `work`, or rejects with a timeout as soon as the budget runs out. Native work
   * that cannot be interrupted mid-run (oxipng honours the signal only between its stages)
   * finishes in the background, but the job is released on time.
   */
  race<T>(work: Promise<T>): Promise<T> {
    const signal = this.signal;
    if (signal.aborted) {
      work.catch(() => undefined);
      return Promise.reject(timeoutError(this.seconds));
    }
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => reject(timeoutError(this.seconds));
      signal.addEventListener('abort', onAbort, { once: true });
      work.then(
        (value) => {
          signal.removeEventListener('abort', onAbort);
          resolve(value);
        },
        (error: unknown) => {
          signal.removeEventListener('abort', onAbort);
          reject(error);
        },
      );
    });
  }

  dispose(): void {
    clearTimeout(this.timer);
  }
}
