// fetch wrapper with the spec's error format: a non-OK response throws "<status>: <body text or status text>".
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }

  /** The server's `message` field when the body is JSON, else the raw body. */
  get serverMessage(): string {
    try {
      const parsed = JSON.parse(this.body) as { message?: unknown };
      if (typeof parsed.message === 'string') return parsed.message;
    } catch {
      /* not JSON */
    }
    return this.body;
  }
}

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

/** An unauthorized error, recognised as the spec says: the message begins with 401 and contains Unauthorized. */
export const isUnauthorizedError = (error: unknown): boolean =>
  error instanceof Error && /^401: .*Unauthorized/.test(error.message);
