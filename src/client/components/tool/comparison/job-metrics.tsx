// What the compression did to one job: size saved, the quality level with its colour, the preset and the format.
import type { ReactNode } from 'react';
import type { Job } from '#contract/api';
import { COMPRESSION_PRESETS } from '#contract/presets';
import { formatFileSize, perceptualScoreText, savingPercent } from '#client/lib/format.ts';
import { outputFormatText } from '#client/lib/output-format.ts';
import { qualityLevel, QUALITY_LEVEL_CLASSES, QUALITY_LEVEL_LABELS } from '#client/lib/image-diff.ts';

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
    ['Size reduction', <span className="text-green-700">{savingPercent(job.originalSize, job.compressedSize)}%</span>],
    ['Space saved', formatFileSize(saved)],
    [
      'Quality level',
      <span className={QUALITY_LEVEL_CLASSES[level]}>
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
        <div key={label} className="rounded-lg bg-slate-50 p-2.5">
          <dt className="text-xs text-slate-600">{label}</dt>
          <dd className="mt-0.5 font-semibold text-slate-900" data-testid={`metric-${label.toLowerCase().replace(/\W+/g, '-')}`}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
