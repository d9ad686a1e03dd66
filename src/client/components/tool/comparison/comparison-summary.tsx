// The comparison's one metrics line ("2.9 MB → 915 KB · −70 % · JPEG q80 · looks identical"), so the image comes first;
// every metric stays one click away under Details.
import { useId, useState } from 'react';
import { ChevronDown } from 'lucide-react';
import type { Job } from '#contract/api';
import { cn } from '#client/lib/cn.ts';
import { formatFileSize, perceptualScoreText, perceptualVerdict, savingPercent } from '#client/lib/format.ts';
import { formatLabelOfMime } from '#client/lib/output-format.ts';
import { JobMetrics } from './job-metrics';

/** How the result was encoded, in a few characters: "JPEG q80", "PNG lossless", "original kept". */
export function encodingText(job: Job): string {
  const format = formatLabelOfMime(job.outputMimeType ?? job.mimeType);
  if (job.compressedSize != null && job.compressedSize >= job.originalSize) return `${format}, original kept`;
  if (job.mode === 'lossless') return `${format} lossless`;
  const quality = job.chosenQuality ?? job.compressionQuality;
  return `${format} q${quality}`;
}

export function ComparisonSummary({ job }: { job: Job }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const compressed = job.compressedSize ?? job.originalSize;
  const saving = savingPercent(job.originalSize, job.compressedSize);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <p className="text-neutral-100" data-testid="comparison-summary">
          <span className="tabular-nums">
            {formatFileSize(job.originalSize)} → {formatFileSize(compressed)}
          </span>
          {' · '}
          <span className="font-semibold text-emerald-300">{saving > 0 ? `−${saving} %` : 'no saving'}</span>
          {' · '}
          {encodingText(job)}
          {job.perceptualScore != null && (
            <>
              {' · '}
              <span title={`SSIMULACRA 2 score ${perceptualScoreText(job.perceptualScore)} (100 = identical)`}>{perceptualVerdict(job.perceptualScore)}</span>
            </>
          )}
        </p>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={() => setOpen((o) => !o)}
          className="inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-sm font-medium text-sky-300 underline-offset-2 hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-sky-300"
        >
          Details
          <ChevronDown className={cn('h-4 w-4 transition-transform', open && 'rotate-180')} aria-hidden="true" />
        </button>
      </div>
      {/* Rendered while closed too (hidden), so its figures stay in the document for find-in-page and tests. */}
      <div id={detailsId} hidden={!open}>
        <JobMetrics job={job} />
      </div>
    </div>
  );
}
