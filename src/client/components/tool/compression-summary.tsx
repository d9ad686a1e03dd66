import { BarChart3 } from 'lucide-react';
import type { Job } from '../../../contract/api';
import { formatFileSize } from '../../lib/format';
import { outputFormatCounts } from '../../lib/output-format';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card';

/** Totals over the completed jobs on the page; hidden until one completes. */
export function CompressionSummary({ jobs }: { jobs: Job[] }) {
  const done = jobs.filter((j) => j.status === 'completed' && j.compressedSize != null);
  if (done.length === 0) return null;
  const original = done.reduce((s, j) => s + j.originalSize, 0);
  const compressed = done.reduce((s, j) => s + (j.compressedSize ?? j.originalSize), 0);
  const saved = original - compressed;
  const percent = original > 0 ? Math.round((saved / original) * 100) : 0;
  const items: Array<[string, string, string]> = [
    ['Files compressed', String(done.length), 'text-slate-900'],
    ['Original size', formatFileSize(original), 'text-slate-900'],
    ['Compressed size', formatFileSize(compressed), 'text-slate-900'],
    ['Space saved', `${formatFileSize(saved)} (${percent}%)`, 'text-green-700'],
    ['Output formats', outputFormatCounts(done), 'text-slate-900'],
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
