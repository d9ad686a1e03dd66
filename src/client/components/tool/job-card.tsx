import { useState, type ReactNode } from 'react';
import { CheckCircle2, Clock, Download, Eye, FileImage, Loader2, RotateCcw, ShieldCheck, SlidersHorizontal, Trash2, XCircle } from 'lucide-react';
import type { Job } from '#contract/api';
import { cn } from '#client/lib/cn.ts';
import { formatDateTime, formatDimensions, formatExpiry, formatFileSize, perceptualScoreText, perceptualVerdict, savingPercent } from '#client/lib/format.ts';
import { autoDecisionText, outputFormatText } from '#client/lib/output-format.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { MiddleEllipsis } from '#client/components/ui/middle-ellipsis.tsx';
import { Progress } from '#client/components/ui/progress.tsx';
import { statusStyle } from './job-status';

export interface JobCardProps {
  job: Job;
  onDownload: (job: Job) => void;
  onCompare: (job: Job) => void;
  onRemove: (job: Job) => void;
  /** Opens the re-tune panel for a finished or failed job. */
  onAdjust?: (job: Job) => void;
  removing?: boolean;
  /** Made in private mode: tagged "On this device", with no deletion countdown (nothing is on a server to delete). */
  onDevice?: boolean;
}

/**
 * What the Quality row says: the setting, or what smart or size mode chose, or that the file is lossless. Smart's
 * score is said in words ("very close"), the number in a tooltip (docs/decisions/0426-one-settings-model.md).
 */
function qualityText(job: Job): ReactNode {
  if (job.mode === 'lossless') return 'Lossless';
  if (job.mode === 'smart' && job.chosenQuality != null) {
    if (job.perceptualScore == null) return `${job.chosenQuality}% (smart)`;
    const score = perceptualScoreText(job.perceptualScore);
    return (
      <>
        {job.chosenQuality}% (smart,{' '}
        <span title={`SSIMULACRA 2 score ${score} (100 = identical)`} data-testid="quality-verdict">
          {perceptualVerdict(job.perceptualScore)}
        </span>
        )
      </>
    );
  }
  if (job.mode === 'size') return job.chosenQuality != null ? `${job.chosenQuality}% (chosen for ${formatFileSize(job.targetSize ?? 0)})` : `Fit ${formatFileSize(job.targetSize ?? 0)}`;
  return `${job.chosenQuality ?? job.compressionQuality}%`;
}

const STATUS_ICONS = { pending: Clock, processing: Loader2, completed: CheckCircle2, error: XCircle } as const;

function Thumbnail({ job }: { job: Job }) {
  const [failed, setFailed] = useState(false);
  // The small preview of the result (fits 400 px): the full file is loaded only by the comparison.
  const src = job.status === 'completed' ? job.previewPath : null;
  const showImage = src !== null && !failed;
  return (
    <div className="relative flex h-14 w-14 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-slate-100 sm:aspect-video sm:h-auto sm:w-full sm:rounded-none sm:rounded-t-xl">
      {showImage ? (
        <img src={src ?? undefined} alt="" loading="lazy" decoding="async" className="h-full w-full object-cover" onError={() => setFailed(true)} />
      ) : (
        <FileImage className="h-6 w-6 text-slate-400 sm:h-10 sm:w-10" aria-hidden="true" />
      )}
      {job.status === 'processing' && (
        <div className="absolute inset-0 flex items-center justify-center bg-slate-900/40">
          <Loader2 className="h-5 w-5 animate-spin text-white sm:h-8 sm:w-8" aria-hidden="true" />
        </div>
      )}
    </div>
  );
}

export function JobCard({ job, onDownload, onCompare, onRemove, onAdjust, removing, onDevice = false }: JobCardProps) {
  const style = statusStyle(job.status);
  const status = (job.status in STATUS_ICONS ? job.status : 'pending') as keyof typeof STATUS_ICONS;
  const Icon = STATUS_ICONS[status];
  const completed = job.status === 'completed';
  const saved = savingPercent(job.originalSize, job.compressedSize);
  const originalDims = formatDimensions(job.originalWidth, job.originalHeight);
  const compressedDims = formatDimensions(job.compressedWidth, job.compressedHeight);
  // Re-encoding gave nothing smaller and the codec kept the upload (a "Larger" result is one the user asked for).
  const alreadyOptimal = completed && job.compressedSize != null && job.compressedSize === job.originalSize;
  // The saving as the card's table and the phone row say it, with its colour.
  const verdict =
    alreadyOptimal ? ['None', 'text-slate-700', 'already optimised']
    : (job.compressedSize ?? 0) > job.originalSize ? ['Larger', 'text-amber-800', 'larger']
    : [`${saved}%`, 'text-green-700', `−${saved} %`];

  return (
    // On phones a compact row (thumbnail, name, "2.1 MB → 732 KB −66 %", actions); from sm up the full card.
    <Card className="flex min-w-0 flex-row flex-wrap gap-3 p-2 sm:flex-col sm:flex-nowrap sm:gap-0 sm:p-0" data-testid="job-card" data-status={job.status} data-job-id={job.id}>
      <Thumbnail job={job} />
      <div className="flex min-w-0 flex-1 flex-col gap-2 sm:gap-3 sm:p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 className="min-w-0 flex-1 text-sm font-semibold text-slate-900">
            <MiddleEllipsis text={job.filename} />
          </h3>
          <Badge className={cn('shrink-0 gap-1', style.className)} data-testid="job-status">
            <Icon className={cn('h-3 w-3', status === 'processing' && 'animate-spin')} aria-hidden="true" />
            {style.label}
          </Badge>
        </div>

        {job.status === 'processing' && (
          <div>
            <p className="mb-1 text-xs font-medium text-yellow-900">Compressing...</p>
            <Progress value={75} indeterminate label={`Compressing ${job.filename}`} barClassName="bg-yellow-500" />
          </div>
        )}

        <p className="text-xs text-slate-700 sm:hidden" data-testid="row-summary">
          {formatFileSize(job.originalSize)}
          {completed && job.compressedSize != null && (
            <>
              {' → '}
              {formatFileSize(job.compressedSize)}{' '}
              <span className={`font-semibold ${verdict[1]}`}>{verdict[2]}</span>
            </>
          )}
        </p>

        <dl className="hidden grid-cols-2 gap-x-3 gap-y-1 text-xs sm:grid">
          <dt className="text-slate-600">Original</dt>
          <dd className="text-right font-medium text-slate-900">{formatFileSize(job.originalSize)}</dd>
          {completed && job.compressedSize != null && (
            <>
              <dt className="text-slate-600">Compressed</dt>
              <dd className="text-right font-medium text-slate-900" data-testid="compressed-size">
                {formatFileSize(job.compressedSize)}
              </dd>
              <dt className="text-slate-600">Saved</dt>
              <dd className={`text-right font-semibold ${verdict[1]}`} data-testid="saving">
                {verdict[0]}
              </dd>
            </>
          )}
          <dt className="text-slate-600">Format</dt>
          <dd className="text-right font-medium text-slate-900" data-testid="output-format">
            {outputFormatText(job)}
          </dd>
          <dt className="text-slate-600">Quality</dt>
          <dd className="text-right font-medium text-slate-900" data-testid="quality">
            {qualityText(job)}
          </dd>
          {originalDims && (
            <>
              <dt className="text-slate-600">Dimensions</dt>
              <dd className="text-right font-medium text-slate-900">
                {compressedDims && compressedDims !== originalDims ? `${originalDims} → ${compressedDims}` : originalDims}
              </dd>
            </>
          )}
        </dl>

        {alreadyOptimal && (
          <p className="rounded-md bg-slate-100 p-2 text-xs text-slate-700" data-testid="already-optimal">
            Already optimised: original kept
          </p>
        )}
        {completed && job.formatDecision && (
          <p className="hidden text-xs text-slate-600 sm:block" data-testid="auto-decision">
            {autoDecisionText(job.formatDecision)}
          </p>
        )}
        {completed && job.animationFrames && (
          <p className="text-xs text-slate-600" data-testid="animation-note">
            Animated, {job.animationFrames} frames (the preview shows the first).
          </p>
        )}
        {job.formatNote && (
          <p className="text-xs text-slate-600" data-testid="format-note">
            {job.formatNote}.
          </p>
        )}
        {completed && job.flattenedOnto && (
          <p className="flex items-center gap-1.5 text-xs text-slate-600" data-testid="flattened-note">
            <span className="inline-block h-3 w-3 rounded-sm border border-slate-300" style={{ backgroundColor: job.flattenedOnto }} aria-hidden="true" />
            Transparent areas filled with {job.flattenedOnto} (JPEG has no transparency).
          </p>
        )}
        {completed && job.compressedSize != null && job.compressedSize > job.originalSize && (
          <p className="rounded-md bg-amber-50 p-2 text-xs text-amber-900" data-testid="larger-note">
            Larger than the original: you asked for this format. Choose Auto or Keep original for the smallest file.
          </p>
        )}

        {completed && job.targetMet === false && (
          <p className="rounded-md bg-amber-50 p-2 text-xs text-amber-900" data-testid="target-missed">
            Could not get under {formatFileSize(job.targetSize ?? 0)}: this is the smallest it gets at the lowest quality.
            {job.allowResize ? '' : ' Allow resizing in Adjust to go smaller.'}
          </p>
        )}
        {job.revision > 1 && (
          <p className="text-xs text-slate-600" data-testid="revision">
            Adjusted {job.revision - 1} {job.revision === 2 ? 'time' : 'times'}
          </p>
        )}

        {job.status === 'error' && (
          <p className="rounded-md bg-red-50 p-2 text-xs text-red-800" data-testid="job-error">
            {job.error || 'Compression failed'}
          </p>
        )}

        {onDevice ? (
          <p className="flex items-center gap-1 text-xs font-medium text-green-800" data-testid="on-device-tag">
            <ShieldCheck className="h-3.5 w-3.5" aria-hidden="true" />
            On this device<span className="hidden font-normal text-slate-600 sm:inline"> · gone when you close the tab</span>
          </p>
        ) : (
          <p className="hidden text-xs text-slate-600 sm:block">
            Files deleted{' '}
            <time dateTime={job.expiresAt} title={formatDateTime(job.expiresAt)}>
              {formatExpiry(job.expiresAt)}
            </time>
          </p>
        )}

        <div className="mt-auto flex flex-wrap gap-2">
          {completed ? (
            <>
              <Button size="sm" className="flex-1" onClick={() => onDownload(job)} aria-label={`Download ${job.filename}`}>
                <Download className="h-4 w-4" aria-hidden="true" />
                Download
              </Button>
              <Button size="sm" variant="secondary" className="flex-1" onClick={() => onCompare(job)} aria-label={`Compare ${job.filename}`}>
                <Eye className="h-4 w-4" aria-hidden="true" />
                Compare
              </Button>
              {onAdjust && (
                <Button size="sm" variant="secondary" className="flex-1" onClick={() => onAdjust(job)} aria-label={`Adjust ${job.filename}`}>
                  <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
                  Adjust
                </Button>
              )}
            </>
          ) : job.status === 'error' ? (
            <>
              {/* The upload is kept until it expires: other settings re-run it from there, without uploading again. */}
              {onAdjust && (
                <Button size="sm" className="flex-1" onClick={() => onAdjust(job)} aria-label={`Try other settings for ${job.filename}`} data-testid="try-other-settings">
                  <RotateCcw className="h-4 w-4" aria-hidden="true" />
                  Try other settings
                </Button>
              )}
              <Button
                size="sm"
                variant="secondary"
                className="flex-1 text-red-700!"
                disabled={removing}
                onClick={() => onRemove(job)}
                aria-label={`Remove ${job.filename}`}
              >
                <Trash2 className="h-4 w-4" aria-hidden="true" />
                Remove
              </Button>
            </>
          ) : (
            <Button size="sm" variant="secondary" className="flex-1" disabled>
              <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
              Processing...
            </Button>
          )}
        </div>
      </div>
    </Card>
  );
}
