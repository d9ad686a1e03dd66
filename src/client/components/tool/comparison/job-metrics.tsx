// Details of what the compression did to one job (behind the summary's Details): size saved, the quality level with
// its colour, the preset and the format.
import type { ReactNode } from 'react';
import type { Job } from '#contract/api';
import { COMPRESSION_PRESETS } from '#contract/presets';
import { formatFileSize, perceptualScoreText, savingPercent } from '#client/lib/format.ts';
import { outputFormatText } from '#client/lib/output-format.ts';
import { qualityLevel, QUALITY_LEVEL_LABELS, type QualityLevel } from '#client/lib/image-diff.ts';

// The level's colour as it reads on the comparison's dark surface.
const LEVEL_ON_DARK: Record<QualityLevel, string> = { high: 'text-emerald-300', medium: 'text-amber-300', low: 'text-rose-300' };

/** The preset's name in sentence case, as a metric reads ("Web optimized"); the custom slider has no preset. */
function compressionTypeLabel(type: string): string {
  if (type === 'standard') return 'Custom (standard)';
  const name = COMPRESSION_PRESETS.find((p) => p.type === type)?.name;
  return name ? name.charAt(0) + name.slice(1).toLowerCase() : type;
}

export function JobMetrics({ job }: { job: Job }) {
  const saved = Math.max(0, job.originalSize - (job.compressedSize ?? job.originalSize));
  const level = qualityLevel(job.compressionQuality);
  const metrics: Array<[string, ReactNode]> = [
    ['Size reduction', <span className="text-emerald-300">{savingPercent(job.originalSize, job.compressedSize)}%</span>],
    ['Space saved', formatFileSize(saved)],
    [
      'Quality level',
      <span className={LEVEL_ON_DARK[level]}>
        {job.compressionQuality}% ({QUALITY_LEVEL_LABELS[level]})
      </span>,
    ],
    ['Compression type', compressionTypeLabel(job.compressionType)],
    // Smart mode: what it chose for this image, and the score that choice reached.
    ...(job.mode === 'smart' && job.chosenQuality != null ? [['Chosen quality', `${job.chosenQuality}%`] as [string, ReactNode]] : []),
    ...(job.perceptualScore != null ? [['Perceptual score', `${perceptualScoreText(job.perceptualScore)} (SSIMULACRA 2)`] as [string, ReactNode]] : []),
    // The browser decodes each side itself (WebP and AVIF included), so the comparison shows what visitors will see.
    ['Format', outputFormatText(job)],
  ];

  return (
    <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-5">
      {metrics.map(([label, value]) => (
        <div key={label} className="rounded-lg bg-neutral-800 p-2.5">
          <dt className="text-xs text-neutral-300">{label}</dt>
          <dd className="mt-0.5 font-semibold text-neutral-100" data-testid={`metric-${label.toLowerCase().replace(/\W+/g, '-')}`}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
