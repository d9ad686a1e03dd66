import { Link } from 'wouter';
import { Download, ImagePlus } from 'lucide-react';
import type { Job } from '#contract/api';
import { cn } from '#client/lib/cn.ts';
import { downloadJob } from '#client/lib/download.ts';
import { formatFileSize, formatDateTime, formatExpiry, savingPercent } from '#client/lib/format.ts';
import { outputFormatText } from '#client/lib/output-format.ts';
import { statusStyle } from '#client/components/tool/job-status.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { MiddleEllipsis } from '#client/components/ui/middle-ellipsis.tsx';
import { Button, buttonClasses } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';

export const RECENT_JOBS_LIMIT = 10;

export function RecentJobs({ jobs }: { jobs: Job[] }) {
  const recent = jobs.slice(0, RECENT_JOBS_LIMIT);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent Compression Jobs</CardTitle>
      </CardHeader>
      <CardContent>
        {recent.length === 0 ? (
          <div className="flex flex-col items-center py-10 text-center" data-testid="jobs-empty">
            <ImagePlus className="h-10 w-10 text-slate-400" aria-hidden="true" />
            <h3 className="mt-3 font-semibold text-slate-900">No compression jobs</h3>
            <p className="mt-1 text-sm text-slate-600">Get started by compressing your first image</p>
            <Link href="/" className={cn(buttonClasses('primary', 'md'), 'mt-4')}>
              Start Compressing
            </Link>
          </div>
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="recent-jobs">
            {recent.map((job) => {
              const style = statusStyle(job.status);
              const completed = job.status === 'completed';
              return (
                <li key={job.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="recent-job">
                  <div className="flex min-w-0 items-center gap-3">
                    {job.previewPath ? (
                      <img src={job.previewPath} alt="" loading="lazy" decoding="async" className="h-12 w-12 shrink-0 rounded-md bg-slate-100 object-cover" />
                    ) : (
                      <div className="h-12 w-12 shrink-0 rounded-md bg-slate-100" aria-hidden="true" />
                    )}
                    <div className="min-w-0">
                      <div className="flex min-w-0 items-center gap-2">
                        <p className="min-w-0 font-medium text-slate-900">
                          <MiddleEllipsis text={job.filename} />
                        </p>
                        <Badge className={cn('shrink-0', style.className)}>{style.label}</Badge>
                      </div>
                      <p className="mt-0.5 text-xs text-slate-600">
                        {formatFileSize(job.originalSize)}
                        {completed && job.compressedSize != null && (
                          <>
                            {' → '}
                            {formatFileSize(job.compressedSize)} ({savingPercent(job.originalSize, job.compressedSize)}% saved)
                          </>
                        )}
                        {' · '}
                        <span data-testid="recent-job-format">{outputFormatText(job)}</span>
                        {' · '}
                        <time dateTime={job.createdAt}>{formatDateTime(job.createdAt)}</time>
                      </p>
                      <p className="text-xs text-slate-600" data-testid="recent-job-expiry">
                        Files deleted{' '}
                        <time dateTime={job.expiresAt} title={formatDateTime(job.expiresAt)}>
                          {formatExpiry(job.expiresAt)}
                        </time>
                      </p>
                    </div>
                  </div>
                  {completed && job.compressedPath && (
                    <Button variant="secondary" size="sm" className="shrink-0" onClick={() => void downloadJob(job)} aria-label={`Download ${job.filename}`}>
                      <Download className="h-4 w-4" aria-hidden="true" />
                      Download
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
