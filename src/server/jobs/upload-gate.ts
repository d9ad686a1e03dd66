// Whether new work is taken: closed once SIGTERM arrived, so running jobs finish while new uploads and re-tunes are
// refused with a retry hint. Built once in the container; roles.ts closes it on shutdown.
import { DomainError } from '#server/errors';

export class UploadGate {
  private open = true;

  get isOpen(): boolean {
    return this.open;
  }

  close(): void {
    this.open = false;
  }

  /** Throws SHUTTING_DOWN once closed. */
  assertOpen(): void {
    if (!this.open) throw new DomainError('SHUTTING_DOWN', 'The server is restarting; please try again in a moment.', { retryAfterSeconds: 10 });
  }
}
