// The live estimate inside Adjust: the expected size of the file with the settings on screen, and the centre of the
// result at 1:1 (where compression artefacts show), both updated shortly after the slider stops.
import type { Job } from '#contract/api';
import type { OutputFormat } from '#contract/settings';
import { useEstimate, type EstimateFrom } from '#client/api/estimate.ts';
import { errorMessage } from '#client/lib/api.ts';
import { formatFileSize } from '#client/lib/format.ts';
import { formatLabelOfMime } from '#client/lib/output-format.ts';

/** The preview box, in CSS pixels: the region of the result shown at 1:1. */
const PREVIEW_WIDTH = 360;
const PREVIEW_HEIGHT = 200;

/** The result's size after the bounds (fit inside, never enlarged), as the server computes it. */
function boundedSize(job: Job, maxWidth: number | null, maxHeight: number | null): { width: number; height: number } {
  const width = job.originalWidth ?? PREVIEW_WIDTH;
  const height = job.originalHeight ?? PREVIEW_HEIGHT;
  const scale = Math.min(1, maxWidth ? maxWidth / width : 1, maxHeight ? maxHeight / height : 1);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export function AdjustEstimate({
  job,
  quality,
  format,
  maxWidth,
  maxHeight,
  estimateFrom,
}: {
  job: Job;
  quality: number;
  format: OutputFormat;
  maxWidth: number | null;
  maxHeight: number | null;
  /** Private mode's estimate (its workers); the server's when not given. */
  estimateFrom?: EstimateFrom;
}) {
  const size = boundedSize(job, maxWidth, maxHeight);
  const region = {
    left: Math.max(0, Math.round((size.width - PREVIEW_WIDTH) / 2)),
    top: Math.max(0, Math.round((size.height - PREVIEW_HEIGHT) / 2)),
    width: Math.min(size.width, PREVIEW_WIDTH),
    height: Math.min(size.height, PREVIEW_HEIGHT),
  };
  const estimate = useEstimate(job.id, { quality, format, maxWidth, maxHeight, region }, true, estimateFrom);
  const data = estimate.data;
  const saved = data ? Math.round((1 - data.estimatedSize / job.originalSize) * 100) : null;
  return (
    <div className="rounded-md border border-slate-200 bg-slate-50 p-2" data-testid="adjust-estimate" aria-live="polite" aria-busy={estimate.isFetching}>
      <p className="text-xs text-slate-700">
        {data ? (
          <>
            Estimated size: <strong data-testid="adjust-estimate-size">≈ {formatFileSize(data.estimatedSize)}</strong> as {formatLabelOfMime(data.outputMimeType)}
            {saved !== null && ` (${saved >= 0 ? `${saved}% smaller` : `${-saved}% larger`} than the original)`}
            {data.keepsOriginal && ', the original kept: re-encoding it gives no smaller file'}
            {estimate.isFetching && ' - updating...'}
          </>
        ) : estimate.isError ? (
          <span role="alert">{errorMessage(estimate.error)}</span>
        ) : (
          'Estimating...'
        )}
      </p>
      {data && (
        <img
          src={data.preview}
          alt={`The centre of the result at quality ${quality}, at actual size`}
          width={data.region.width}
          height={data.region.height}
          className="mt-2 max-w-full"
          style={{ imageRendering: 'pixelated' }}
          data-testid="adjust-estimate-preview"
        />
      )}
    </div>
  );
}
