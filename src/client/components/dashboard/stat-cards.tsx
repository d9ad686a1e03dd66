import { BarChart3, FileImage, HardDrive } from 'lucide-react';
import type { DashboardStats } from '#client/lib/dashboard-stats.ts';
import { formatFileSize } from '#client/lib/format.ts';
import { Card } from '#client/components/ui/card.tsx';

/** `formats`: the completed results per output format ("AVIF 8, JPEG 4"), shown under the job count. */
export function StatCards({ stats, formats = '' }: { stats: DashboardStats; formats?: string }) {
  const cards = [
    { icon: FileImage, title: 'Total Jobs', value: String(stats.totalJobs), note: `${stats.completedJobs} completed${formats ? ` · ${formats}` : ''}`, id: 'total-jobs' },
    { icon: HardDrive, title: 'Storage Saved', value: formatFileSize(stats.storageSaved), note: 'Across completed jobs', id: 'storage-saved' },
    { icon: BarChart3, title: 'Avg. Compression', value: `${stats.averageCompression}%`, note: 'Smaller than the originals', id: 'avg-compression' },
  ] as const;
  return (
    <ul className="grid gap-4 sm:grid-cols-3" aria-label="Statistics">
      {cards.map(({ icon: Icon, title, value, note, id }) => (
        <li key={id}>
          <Card className="flex items-start justify-between p-5" data-testid={`stat-${id}`}>
            <div>
              <h2 className="text-sm font-medium text-slate-600">{title}</h2>
              <p className="mt-1 text-2xl font-bold text-slate-900" data-testid={`stat-${id}-value`}>
                {value}
              </p>
              <p className="mt-1 text-xs text-slate-600" data-testid={`stat-${id}-note`}>
                {note}
              </p>
            </div>
            <Icon className="h-6 w-6 text-blue-700" aria-hidden="true" />
          </Card>
        </li>
      ))}
    </ul>
  );
}
