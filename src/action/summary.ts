// The pull request comment: one table of file, before, after and saving, and what the run did with the results.
import { formatBytes } from '#cli/report';
import type { FileResult } from './compress-files';

const percent = (before: number, after: number) => `${(((before - after) / before) * 100).toFixed(1)}%`;

export function summaryComment(results: FileResult[], outcome: { committed: string | null; reportOnly: boolean; reason?: string }): string {
  const kept = results.filter((r) => r.kept);
  const before = kept.reduce((s, r) => s + r.before, 0);
  const after = kept.reduce((s, r) => s + (r.after ?? 0), 0);
  const lines = ['## ImageSqueeze', ''];
  if (kept.length === 0) lines.push(`None of the ${results.length} images in this pull request could be made smaller.`);
  else if (outcome.committed) lines.push(`Compressed ${kept.length} of ${results.length} images, saving ${formatBytes(before - after)} (${percent(before, after)}), in ${outcome.committed}.`);
  else lines.push(`${kept.length} of ${results.length} images could be ${formatBytes(before - after)} (${percent(before, after)}) smaller. ${outcome.reason ?? (outcome.reportOnly ? 'Reported only (commit: false).' : '')}`.trim());
  lines.push('', '| File | Before | After | Saving |', '| --- | ---: | ---: | ---: |');
  for (const r of results) {
    const name = r.target === r.file ? r.file : `${r.file} → ${r.target}`;
    const after = r.after === null ? '–' : formatBytes(r.after);
    const saving = r.kept && r.after !== null ? percent(r.before, r.after) : (r.note ?? '');
    lines.push(`| \`${name.replaceAll('|', '\\|')}\` | ${formatBytes(r.before)} | ${after} | ${saving} |`);
  }
  return lines.join('\n');
}
