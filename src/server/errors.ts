// The one error services throw on purpose: a code from the contract's closed set and a sentence for people.
// Services never know HTTP; the HTTP layer alone maps codes to statuses (http/error-status.ts).
// See docs/decisions/0001-errors-are-data.md.
import type { ErrorCode } from '#contract/errors';
import { MESSAGES } from '#contract/messages';

export interface DomainErrorOptions {
  /** When the caller may usefully try again (sent as Retry-After). */
  retryAfterSeconds?: number;
  /** The input field at fault, for VALIDATION_FAILED. */
  field?: string;
  /** Facts sent beside message and code, e.g. the per-file rejections of a refused upload. */
  details?: Record<string, unknown>;
  /** The request body was abandoned unread: the connection cannot be reused. */
  bodyAbandoned?: boolean;
}

export class DomainError extends Error {
  readonly retryAfterSeconds: number | undefined;
  readonly field: string | undefined;
  readonly details: Record<string, unknown>;
  readonly bodyAbandoned: boolean;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: DomainErrorOptions = {},
  ) {
    super(message);
    this.name = 'DomainError';
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.field = options.field;
    this.details = options.details ?? {};
    this.bodyAbandoned = options.bodyAbandoned ?? false;
  }
}

export const notFound = (message = 'Not found') => new DomainError('NOT_FOUND', message);

/** Not signed in (or a guest) where an account is needed. */
export const unauthenticated = () => new DomainError('UNAUTHENTICATED', MESSAGES.unauthorized);
