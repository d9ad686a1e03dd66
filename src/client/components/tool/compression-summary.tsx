import { BarChart3 } from 'lucide-react';
import type { Job } from '#contract/api';
import { computeDashboardStats } from '#client/lib/dashboard-stats.ts';
import { formatFileSize } from '#client/lib/format.ts';
import { outputFormatCounts } from '#client/lib/output-format.ts';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';

/** Totals over the completed jobs on the page (the dashboard's own arithmetic); hidden until one completes. */
export function CompressionSummary({ jobs }: { jobs: Job[] }) {
  const stats = computeDashboardStats(jobs);
  if (stats.completedJobs === 0) return null;
  const items: Array<[string, string, string]> = [
    ['Files compressed', String(stats.completedJobs), 'text-slate-900'],
    ['Original size', formatFileSize(stats.originalBytes), 'text-slate-900'],
    ['Compressed size', formatFileSize(stats.compressedBytes), 'text-slate-900'],
    ['Space saved', `${formatFileSize(stats.storageSaved)} (${stats.averageCompression}%)`, 'text-green-700'],
    ['Output formats', outputFormatCounts(jobs), 'text-slate-900'],
  ];
  return (
    <Card data-testid="compression-summary">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <BarChart3 className="h-5 w-5 text-blue-700" aria-hidden="true" />
          Compression Summary
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-4 lg:grid-cols-5">
          {items.map(([label, value, color]) => (
            <div key={label} className="rounded-lg bg-slate-50 p-3">
              <dt className="text-xs text-slate-600">{label}</dt>
              <dd className={`mt-1 text-lg font-semibold ${color}`}>{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
