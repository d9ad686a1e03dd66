// One delivery attempt: POST the signed JSON, wait at most the time limit, follow no redirect. The answer's body is
// never read beyond draining it; only its status counts (2xx is success).
import http from 'node:http';
import https from 'node:https';
import { publicOnlyLookup, refusedLiteral, TargetRefused, type TargetPolicy } from './target-url';

export interface AttemptResult {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

export interface SendOptions {
  policy: TargetPolicy;
  timeoutMs: number;
  now: () => number;
}

export async function sendEvent(rawUrl: string, headers: Record<string, string>, body: string, options: SendOptions): Promise<AttemptResult> {
  const started = options.now();
  const done = (statusCode: number | null, error: string | null): AttemptResult => ({
    ok: statusCode !== null && statusCode >= 200 && statusCode < 300,
    statusCode,
    error,
    durationMs: Math.max(0, Math.round(options.now() - started)),
  });
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return done(null, 'The webhook URL is not valid');
  }
  const literal = refusedLiteral(url, options.policy);
  if (literal) return done(null, literal);
  const request = url.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (statusCode: number | null, error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve(done(statusCode, error));
    };
    const req = request(
      url,
      {
        method: 'POST',
        lookup: publicOnlyLookup(options.policy),
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'user-agent': 'ImageSqueeze-Webhooks/1' },
      },
      (res) => {
        res.resume();
        const status = res.statusCode ?? 0;
        const redirect = status >= 300 && status < 400 ? `Answered ${status}: redirects are not followed` : null;
        const failed = status >= 400 ? `Answered ${status}` : null;
        res.on('end', () => finish(status, redirect ?? failed));
        res.on('error', () => finish(status, redirect ?? failed));
      },
    );
    // The whole attempt, connection to answer, within the limit: a slow receiver is a failed attempt, retried later.
    const deadline = setTimeout(() => {
      req.destroy();
      finish(null, `No answer within ${Math.round(options.timeoutMs / 1000)} s`);
    }, options.timeoutMs);
    req.on('error', (err) => finish(null, err instanceof TargetRefused ? err.message : `Could not connect (${(err as NodeJS.ErrnoException).code ?? err.message})`));
    req.end(body);
  });
}
