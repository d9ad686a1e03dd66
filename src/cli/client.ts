// The few API calls the command-line client makes, with the key as Bearer token. Busy answers (429, 503) are retried
// after the server's Retry-After; a refused key and an unreachable server are errors that end the whole run.
import type { CompressResponse, Job, UploadConfig } from '#contract/api';

export class AuthError extends Error {}
export class UnreachableError extends Error {}
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const MAX_RETRIES = 6;
const LONG_POLL_SECONDS = 30;

/** Pause after a long poll that answered early without a final job (the server's waiters were full), doubling to this. */
const EARLY_ANSWER_PAUSE_MS = 1000;
const MAX_EARLY_ANSWER_PAUSE_MS = 30_000;
/** A poll answered sooner than this before its wait ran out counts as early. */
const EARLY_MARGIN_MS = 1000;

export class ApiClient {
  constructor(
    private readonly server: string,
    private readonly key: string,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
    private readonly now: () => number = Date.now,
  ) {}

  private async request(path: string, init: RequestInit = {}): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      let res: Response;
      try {
        res = await fetch(this.server + path, { ...init, headers: { ...init.headers, authorization: `Bearer ${this.key}` } });
      } catch (err) {
        throw new UnreachableError(`Cannot reach ${this.server}: ${(err as Error & { cause?: Error }).cause?.message ?? (err as Error).message}`);
      }
      if (res.ok) return res;
      const body = (await res.json().catch(() => ({}))) as { message?: string; code?: string };
      const message = body.message ?? `HTTP ${res.status}`;
      if (res.status === 401 || (res.status === 403 && /session/i.test(body.code ?? ''))) throw new AuthError(message);
      const monthly = /monthly/i.test(body.code ?? '');
      if ((res.status === 429 || res.status === 503) && !monthly && attempt < MAX_RETRIES) {
        const wait = Math.min(60, Math.max(1, Number(res.headers.get('retry-after')) || 2 ** attempt));
        await this.sleep(wait * 1000);
        continue;
      }
      throw new ApiError(res.status, message);
    }
  }

  async uploadConfig(): Promise<UploadConfig> {
    return (await (await this.request('/api/upload-config')).json()) as UploadConfig;
  }

  async upload(name: string, data: Buffer, type: string, settings: Record<string, string>): Promise<Job> {
    const form = new FormData();
    for (const [k, v] of Object.entries(settings)) form.append(k, v);
    form.append('images', new Blob([new Uint8Array(data)], { type }), name);
    const res = (await (await this.request('/api/compress', { method: 'POST', body: form })).json()) as CompressResponse;
    const job = res.jobs[0];
    if (!job) throw new ApiError(400, res.rejected[0]?.message ?? 'The server did not accept the file');
    return job;
  }

  /**
   * Long-polls until the job is final (each call waits up to 30 s on the server). A server whose waiters are all taken
   * answers at once; polling straight back would spend the key's per-minute allowance, so an early answer is followed
   * by a pause that doubles while answers stay early (1 s, 2 s, ... 30 s) and resets once a poll really waited.
   */
  async waitUntilFinal(id: string): Promise<Job> {
    let pause = 0;
    for (;;) {
      const asked = this.now();
      const job = (await (await this.request(`/api/jobs/${encodeURIComponent(id)}?wait=${LONG_POLL_SECONDS}`)).json()) as Job;
      if (job.status === 'completed' || job.status === 'error') return job;
      const early = this.now() - asked < LONG_POLL_SECONDS * 1000 - EARLY_MARGIN_MS;
      pause = early ? Math.min(MAX_EARLY_ANSWER_PAUSE_MS, pause ? pause * 2 : EARLY_ANSWER_PAUSE_MS) : 0;
      if (pause) await this.sleep(pause);
    }
  }

  async download(job: Job): Promise<Buffer> {
    return Buffer.from(await (await this.request(job.compressedPath ?? `/api/download/${job.id}`)).arrayBuffer());
  }

  async remove(id: string): Promise<void> {
    await this.request(`/api/jobs/${encodeURIComponent(id)}`, { method: 'DELETE' }).catch(() => undefined);
  }
}
