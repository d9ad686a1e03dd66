// The signed-in user's dashboard (/dashboard); guests are sent to /auth.
import { Redirect, useLocation } from 'wouter';
import { Loader2 } from 'lucide-react';
import { PRODUCT_NAME } from '#contract/brand';
import { usePageMeta } from '#client/lib/page-meta.ts';
import { AdSlot } from '#client/components/ads/ad-slot.tsx';
import { AccountData } from '#client/components/dashboard/account-data.tsx';
import { ApiKeys } from '#client/components/dashboard/api-keys.tsx';
import { Webhooks } from '#client/components/dashboard/webhooks.tsx';
import { QuickActions } from '#client/components/dashboard/quick-actions.tsx';
import { RecentJobs } from '#client/components/dashboard/recent-jobs.tsx';
import { StatCards } from '#client/components/dashboard/stat-cards.tsx';
import { PageShell } from '#client/components/layout/page-shell.tsx';
import { computeDashboardStats } from '#client/lib/dashboard-stats.ts';
import { outputFormatCounts } from '#client/lib/output-format.ts';
import { RETENTION_TEXT } from '#client/content/limits-text.ts';
import { useAuth, useDeleteAccount, useExportAccount } from '#client/api/account.ts';
import { useDownloadAll, useJobs } from '#client/api/jobs.ts';
import { displayName } from '#client/lib/format.ts';

export const DASHBOARD_POLL_MS = 5000;

function DashboardContent() {
  const { data: jobs = [], isLoading } = useJobs(DASHBOARD_POLL_MS);
  const stats = computeDashboardStats(jobs);
  const downloadAll = useDownloadAll();
  const [, navigate] = useLocation();
  const toSignIn = () => navigate('/auth');
  const exportData = useExportAccount({ onSessionEnded: toSignIn });
  const deleteAccount = useDeleteAccount({ onDeleted: () => navigate('/'), onSessionEnded: toSignIn });
  return (
    <div className="space-y-6">
      <StatCards stats={stats} formats={outputFormatCounts(jobs)} />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          {isLoading ? (
            <div className="flex h-40 items-center justify-center rounded-xl border border-slate-200 bg-white">
              <Loader2 className="h-6 w-6 animate-spin text-slate-500" aria-label="Loading jobs" />
            </div>
          ) : (
            <RecentJobs jobs={jobs} />
          )}
        </div>
        <div className="min-w-0 space-y-6">
          <QuickActions completedCount={stats.completedJobs} downloading={downloadAll.isPending} onDownloadAll={() => downloadAll.mutate()} />
          <ApiKeys />
          <Webhooks />
          <AccountData
            exporting={exportData.isPending}
            onExport={() => exportData.mutate()}
            deleting={deleteAccount.isPending}
            onDelete={() => deleteAccount.mutate()}
          />
          <AdSlot size="medium" slot="dashboard-sidebar" />
        </div>
      </div>
    </div>
  );
}

export default function Dashboard() {
  const { user, isLoading } = useAuth();

  usePageMeta({
    title: 'Dashboard',
    description: `Your ${PRODUCT_NAME} compression jobs, storage saved and average compression.`,
    path: '/dashboard',
  });

  if (!isLoading && !user) return <Redirect to="/auth" replace />;

  return (
    <PageShell variant="dashboard" className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      {user ? (
        <>
          <div>
            <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl" data-testid="dashboard-greeting">
              Welcome back, {displayName(user)}
            </h1>
            <p className="mt-1 text-slate-600">Your compression activity. Files are deleted automatically {RETENTION_TEXT}.</p>
          </div>
          <DashboardContent />
        </>
      ) : (
        <div className="flex h-64 items-center justify-center">
          <Loader2 className="h-6 w-6 animate-spin text-slate-500" aria-label="Loading" />
        </div>
      )}
    </PageShell>
  );
}
