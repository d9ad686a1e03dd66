// The live estimate inside Adjust, in every mode: the quality the result would get (smart and size modes: the one
// their search picks) and its expected size, rounded like the cards; then, at a spot the user picks on a small
// overview, the original beside the estimated result at 1:1. Updated while the slider moves; settings and spots
// already seen answer at once from the cache (api/estimate.ts).
import { useState } from 'react';
import type { Estimate, Job } from '#contract/api';
import type { CompressionMode, OutputFormat } from '#contract/settings';
import { useEstimate, type EstimateFrom } from '#client/api/estimate.ts';
import { errorMessage } from '#client/lib/api.ts';
import { formatFileSize } from '#client/lib/format.ts';
import { formatLabelOfMime } from '#client/lib/output-format.ts';
import { regionAt, SpotComparison, SpotPicker, type Size, type Spot } from './adjust-spot';

/** The result's size after the bounds (fit inside, never enlarged), as the server computes it. */
export function boundedSize(job: Job, maxWidth: number | null, maxHeight: number | null): Size {
  const width = job.originalWidth ?? 1;
  const height = job.originalHeight ?? 1;
  const scale = Math.min(1, maxWidth ? maxWidth / width : 1, maxHeight ? maxHeight / height : 1);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export interface EstimateSettings {
  quality: number;
  format: OutputFormat;
  mode: CompressionMode;
  targetSize?: number;
  allowResize?: boolean;
  maxWidth: number | null;
  maxHeight: number | null;
}

/** What the estimate says the mode will do, in one line ("Smart picked quality 62 · ≈ 412 KB as JPEG"), in parts. */
export function estimateHeadline(mode: CompressionMode, data: Estimate): { lead: string; size: string; tail: string } {
  const size = `≈ ${formatFileSize(data.estimatedSize)}`;
  if (data.keepsOriginal) return { lead: 'Original kept · ', size, tail: ': re-encoding it gives no smaller file' };
  const tail = ` as ${formatLabelOfMime(data.outputMimeType)}`;
  switch (mode) {
    case 'smart':
      return { lead: `Smart picked quality ${data.quality} · `, size, tail };
    case 'size':
      return { lead: data.targetMet ? `Target met at quality ${data.quality} · ` : `Target not met at full size: quality ${data.quality} · `, size, tail };
    case 'lossless':
      return { lead: 'Lossless · ', size, tail };
    default:
      return { lead: `Quality ${data.quality} · `, size, tail };
  }
}

export function AdjustEstimate({
  job,
  settings,
  originalSrc,
  estimateFrom,
}: {
  job: Job;
  settings: EstimateSettings;
  /** The original image, for the overview and the crop beside the estimate. */
  originalSrc?: string;
  /** Private mode's estimate (its workers); the server's when not given. */
  estimateFrom?: EstimateFrom;
}) {
  const size = boundedSize(job, settings.maxWidth, settings.maxHeight);
  // The spot in the result's pixels; the centre until the user picks one. Kept as a share of the image so a new
  // resize bound keeps the same part of the picture.
  const [share, setShare] = useState({ x: 0.5, y: 0.5 });
  const spot: Spot = { x: share.x * size.width, y: share.y * size.height };
  const region = regionAt(spot, size);
  const estimate = useEstimate(job.id, { ...settings, region }, true, estimateFrom);
  const data = estimate.answered?.estimate;
  // Worded for the mode the answer was made in: an earlier answer kept on screen is not the current mode's.
  const headline = estimate.answered ? estimateHeadline(estimate.answered.request.mode ?? settings.mode, estimate.answered.estimate) : null;
  const saved = data ? Math.round((1 - data.estimatedSize / job.originalSize) * 100) : null;
  return (
    <div className="rounded-md border border-slate-200 bg-slate-50 p-2" data-testid="adjust-estimate" aria-busy={!estimate.current && !estimate.isError}>
      <p className="text-xs text-slate-700" aria-live="polite">
        {data ? (
          <>
            <span data-testid="adjust-estimate-headline">
              {headline!.lead}
              <strong data-testid="adjust-estimate-size">{headline!.size}</strong>
              {headline!.tail}
            </span>
            {saved !== null && !data.keepsOriginal && ` (${saved >= 0 ? `${saved}% smaller` : `${-saved}% larger`} than the original)`}
            {!estimate.current && !estimate.isError && <span className="ml-1 animate-pulse text-slate-500">updating...</span>}
            {estimate.isError && (
              <span role="alert" className="mt-1 block text-red-700">
                Not updated for these settings: {errorMessage(estimate.error)}
              </span>
            )}
          </>
        ) : estimate.isError ? (
          <span role="alert">{errorMessage(estimate.error)}</span>
        ) : (
          'Estimating...'
        )}
      </p>
      {originalSrc && (
        <div className="mt-2">
          <SpotPicker src={originalSrc} size={size} spot={spot} onChange={(p) => setShare({ x: p.x / size.width, y: p.y / size.height })} />
        </div>
      )}
      {data && (
        <SpotComparison
          originalSrc={originalSrc}
          preview={data.preview}
          region={data.region}
          size={{ width: data.width, height: data.height }}
          alt={`The estimated result at the chosen spot, at actual size`}
        />
      )}
    </div>
  );
}
