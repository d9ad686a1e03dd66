// How a job's output format reads on cards, the comparison, the summary and the dashboard.
import type { FormatDecision, Job } from '#contract/api';
import { FORMAT_LABELS, formatOfMimeType, INPUT_ONLY_LABELS, inputOnlyFormatOfMimeType, outputFilename } from '#contract/settings';
import { formatFileSize } from './format';

export function formatLabelOfMime(mimeType: string | null | undefined): string {
  const format = mimeType ? formatOfMimeType(mimeType) : null;
  if (format) return FORMAT_LABELS[format];
  // Formats we read but never write (HEIC, GIF) are named too, not shown as a MIME type.
  const inputOnly = mimeType ? inputOnlyFormatOfMimeType(mimeType) : null;
  return inputOnly ? INPUT_ONLY_LABELS[inputOnly] : (mimeType ?? '');
}

type FormatFields = Pick<Job, 'mimeType' | 'outputMimeType' | 'outputFormat'>;

/** "JPEG" when kept, "JPEG → AVIF" when converted; before completion, the requested format ("→ Auto"). */
export function outputFormatText(job: FormatFields): string {
  const input = formatLabelOfMime(job.mimeType);
  if (job.outputMimeType) return job.outputMimeType === job.mimeType ? input : `${input} → ${formatLabelOfMime(job.outputMimeType)}`;
  if (!job.outputFormat || job.outputFormat === 'original') return input;
  return `${input} → ${FORMAT_LABELS[job.outputFormat]}`;
}

/** "Auto chose AVIF (28 KB) over WebP 31 KB, JPEG 41 KB, original JPEG 490 KB." */
export function autoDecisionText(decision: FormatDecision): string {
  const name = (c: FormatDecision['candidates'][number]) => `${c.original ? 'original ' : ''}${FORMAT_LABELS[c.format]}`;
  const sorted = [...decision.candidates].sort((a, b) => a.bytes - b.bytes);
  const [winner, ...others] = sorted;
  if (!winner) return `Auto chose ${FORMAT_LABELS[decision.winner]}.`;
  const rest = others.map((c) => `${name(c)} ${formatFileSize(c.bytes)}`).join(', ');
  const head = decision.keptOriginal ? `Auto kept the original ${FORMAT_LABELS[winner.format]} (${formatFileSize(winner.bytes)})` : `Auto chose ${FORMAT_LABELS[winner.format]} (${formatFileSize(winner.bytes)})`;
  return rest ? `${head} over ${rest}.` : `${head}.`;
}

/** The name the result downloads under (the server's Content-Disposition says the same). */
export const resultFilename = (job: Pick<Job, 'filename' | 'mimeType' | 'outputMimeType'>): string =>
  outputFilename(job.filename, job.mimeType, job.outputMimeType);

/** "AVIF 8, JPEG 4": how many completed results are in each format, most first. */
export function outputFormatCounts(jobs: readonly Pick<Job, 'status' | 'mimeType' | 'outputMimeType'>[]): string {
  const counts = new Map<string, number>();
  for (const job of jobs) {
    if (job.status !== 'completed') continue;
    const label = formatLabelOfMime(job.outputMimeType ?? job.mimeType);
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([label, n]) => `${label} ${n}`).join(', ');
}
