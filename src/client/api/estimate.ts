// Adjust's live estimate (POST /api/jobs/:id/estimate): the expected size and a preview of the visible region for the
// settings on screen. Asked for once the slider rests (ESTIMATE_REST_MS), the last answer kept on screen meanwhile.
// The server makes one estimate per owner at a time and refuses an overlapping one (429), so this page sends one at a
// time (estimateLane): a request waits for the one before it, and one superseded while it waited is never sent. A
// refusal that says "try again" (another tab's estimate, a busy codec) is retried; any other error is shown.
// Answers are cached per request (every setting and the spot): going back to a value already seen shows its answer at
// once, without waiting for the slider to rest and without asking again.
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Estimate, ImageRegion } from '#contract/api';
import type { CompressionMode, OutputFormat } from '#contract/settings';
import { apiRequest, errorCode } from '#client/lib/api.ts';

/** How long the settings must stay still before an estimate is asked for. */
export const ESTIMATE_REST_MS = 120;

export interface EstimateRequest {
  quality: number;
  format: OutputFormat;
  maxWidth: number | null;
  maxHeight: number | null;
  mode?: CompressionMode;
  targetSize?: number;
  allowResize?: boolean;
  region?: ImageRegion;
}

/** `value`, once it has not changed for `ms`. */
function useRested<T>(value: T, ms: number): T {
  const [rested, setRested] = useState(value);
  const key = JSON.stringify(value);
  useEffect(() => {
    const timer = setTimeout(() => setRested(value), ms);
    return () => clearTimeout(timer);
    // The key stands for the value: a new object with the same settings is no change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, ms]);
  return rested;
}

/** Where an estimate is made: the server's codec processes, or private mode's workers. */
export type EstimateFrom = (jobId: string, request: EstimateRequest) => Promise<Estimate>;

const serverEstimate: EstimateFrom = async (jobId, request) => (await apiRequest('POST', `/api/jobs/${jobId}/estimate`, request)).json() as Promise<Estimate>;

/** The page's estimates, one after another; a request whose query was cancelled while it waited is dropped. */
let estimateLane: Promise<unknown> = Promise.resolve();

export function inEstimateLane<T>(signal: AbortSignal, run: () => Promise<T>): Promise<T> {
  const turn = estimateLane.then(() => {
    if (signal.aborted) throw new DOMException('A newer estimate replaced this one', 'AbortError');
    return run();
  });
  estimateLane = turn.catch(() => undefined);
  return turn;
}

/** Refusals that clear by themselves: another estimate of the same owner (another tab), a codec that was busy. */
const RETRIED_CODES = new Set(['RATE_LIMITED', 'SERVER_BUSY']);
const ESTIMATE_RETRIES = 20;

const estimateKey = (jobId: string, request: EstimateRequest) => ['/api/jobs', jobId, 'estimate', request] as const;

/** An answer and the request it answers: while a newer one is made the older answer stays on screen, said as such. */
export interface AnsweredEstimate {
  request: EstimateRequest;
  estimate: Estimate;
}

export function useEstimate(jobId: string, request: EstimateRequest, enabled: boolean, estimateFrom: EstimateFrom = serverEstimate) {
  const rested = useRested(request, ESTIMATE_REST_MS);
  // A request answered before needs no rest: its answer is shown at once from the cache.
  const cached = useQueryClient().getQueryData(estimateKey(jobId, request)) !== undefined;
  const asked = cached ? request : rested;
  const query = useQuery<AnsweredEstimate>({
    queryKey: estimateKey(jobId, asked),
    queryFn: ({ signal }) => inEstimateLane(signal, async () => ({ request: asked, estimate: await estimateFrom(jobId, asked) })),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    // Kept while the dialog is open and a while after: moving back is instant.
    gcTime: 10 * 60_000,
    retry: (failures, error) => RETRIED_CODES.has(errorCode(error) ?? '') && failures < ESTIMATE_RETRIES,
    retryDelay: (failures) => Math.min(2000, 300 * 2 ** failures),
  });
  const answered = query.data;
  return {
    answered,
    /**
     * The answer shown is for the settings on screen. False while the slider rests before asking, while the new
     * answer is made, and when it failed: the answer on screen is then an earlier setting's.
     */
    current: answered !== undefined && JSON.stringify(answered.request) === JSON.stringify(request) && !query.isFetching,
    isError: query.isError,
    error: query.error,
  };
}
