// fetch wrapper with the spec's error format: a non-OK response throws "<status>: <body text or status text>".
// The error also carries the body's machine-readable `code`; callers branch on that, never on the sentence.
import type { UploadRejection } from '#contract/api';
import { isErrorCode, type ErrorCode } from '#contract/errors';

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }

  private get json(): Record<string, unknown> | null {
    try {
      const parsed: unknown = JSON.parse(this.body);
      return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  }

  /** The server's `message` field when the body is JSON, else the raw body. */
  get serverMessage(): string {
    const message = this.json?.message;
    return typeof message === 'string' ? message : this.body;
  }

  /** The server's error code (contract/errors.ts), or null when the body has none (e.g. a proxy's error page). */
  get code(): ErrorCode | null {
    const code = this.json?.code;
    return isErrorCode(code) ? code : null;
  }

  /** The field a 400 names (`field` of VALIDATION_FAILED / INVALID_SETTINGS), so the form can show it beside it. */
  get field(): string | null {
    const field = this.json?.field;
    return typeof field === 'string' ? field : null;
  }

  /** The per-file rejections a refused upload's body carries, if any. */
  get rejected(): UploadRejection[] | null {
    const rejected = this.json?.rejected;
    return Array.isArray(rejected) ? (rejected as UploadRejection[]) : null;
  }
}

/** The error code of any thrown value: set for API errors that carry one, else null. */
export const errorCode = (error: unknown): ErrorCode | null => (error instanceof ApiRequestError ? error.code : null);

/** What the server said, without the "<status>: " prefix when it is a JSON error. */
export const errorMessage = (error: unknown): string =>
  error instanceof ApiRequestError ? error.serverMessage : error instanceof Error ? error.message : String(error);

export async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text()) || res.statusText;
  throw new ApiRequestError(res.status, text, `${res.status}: ${text}`);
}

/** JSON bodies are sent as JSON; FormData is sent as is (multipart). */
export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const isForm = typeof FormData !== 'undefined' && data instanceof FormData;
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: data !== undefined && !isForm ? { 'Content-Type': 'application/json' } : undefined,
    body: data === undefined ? undefined : isForm ? data : JSON.stringify(data),
  });
  await throwIfNotOk(res);
  return res;
}

/**
 * An unauthorized error. The spec's rule is "the message begins with 401 and contains Unauthorized"; our server
 * says the same with the code UNAUTHENTICATED, which is what we check when the error carries a code.
 */
export const isUnauthorizedError = (error: unknown): boolean => {
  const code = errorCode(error);
  if (code !== null) return code === 'UNAUTHENTICATED';
  return error instanceof Error && /^401: .*Unauthorized/.test(error.message);
};
