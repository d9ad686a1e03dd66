// Adjust's live estimate (POST /api/jobs/:id/estimate): the expected size and a preview of the visible region for the
// settings on screen. Asked for once the slider rests (ESTIMATE_REST_MS), the last answer kept on screen meanwhile;
// the server makes one estimate per caller at a time, so a request that overlaps the previous one is retried.
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

const estimateKey = (jobId: string, request: EstimateRequest) => ['/api/jobs', jobId, 'estimate', request] as const;

export function useEstimate(jobId: string, request: EstimateRequest, enabled: boolean, estimateFrom: EstimateFrom = serverEstimate) {
  const rested = useRested(request, ESTIMATE_REST_MS);
  // A request answered before needs no rest: its answer is shown at once from the cache.
  const cached = useQueryClient().getQueryData(estimateKey(jobId, request)) !== undefined;
  const asked = cached ? request : rested;
  return useQuery<Estimate>({
    queryKey: estimateKey(jobId, asked),
    queryFn: () => estimateFrom(jobId, asked),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    // Kept while the dialog is open and a while after: moving back is instant.
    gcTime: 10 * 60_000,
    retry: (failures, error) => errorCode(error) === 'RATE_LIMITED' && failures < 10,
    retryDelay: 300,
  });
}
