// Bounds an upload body while it streams: a total byte ceiling (so a refused 10 GB upload is not read to the end)
// and a minimum transfer rate (so clients dribbling bytes cannot hold a connection and a slot forever).
import type { IncomingMessage } from 'node:http';
import type { ErrorCode } from '#contract/errors';
import { DomainError } from '#server/errors';

export interface BodyGuardLimits {
  maxBytes: number;
  tooLargeMessage: string;
  tooLargeCode: ErrorCode;
  /** Average rate the body must keep after the grace period. */
  minBytesPerSecond: number;
  graceMs: number;
}

export interface MinRate {
  minBytesPerSecond: number;
  graceMs: number;
}

export class BodyGuard {
  private received = 0;
  private readonly startedAt = Date.now();
  private readonly timer: ReturnType<typeof setInterval>;
  failure: DomainError | null = null;

  constructor(
    private readonly raw: IncomingMessage,
    private readonly limits: BodyGuardLimits,
  ) {
    raw.on('data', this.onData);
    this.timer = setInterval(this.checkRate, 1000);
    this.timer.unref();
  }

  private readonly onData = (chunk: Buffer) => {
    this.received += chunk.length;
    if (this.received > this.limits.maxBytes) this.abort(new DomainError(this.limits.tooLargeCode, this.limits.tooLargeMessage, { bodyAbandoned: true }));
  };

  private readonly checkRate = () => {
    const elapsed = Date.now() - this.startedAt;
    if (elapsed < this.limits.graceMs || this.raw.readableEnded) return;
    if ((this.received * 1000) / elapsed < this.limits.minBytesPerSecond) {
      this.abort(new DomainError('UPLOAD_TOO_SLOW', 'The upload was too slow and has been stopped; please try again.', { bodyAbandoned: true }));
    }
  };

  /** Stops the multipart parser (it listens for request errors) so the upload loop ends with this failure. */
  private abort(error: DomainError): void {
    if (this.failure) return;
    this.failure = error;
    this.dispose();
    this.raw.unpipe();
    this.raw.emit('error', error);
    // Stop reading the rest of the body; the response still goes out, then the connection closes.
    this.raw.pause();
  }

  dispose(): void {
    clearInterval(this.timer);
    this.raw.off('data', this.onData);
  }
}
