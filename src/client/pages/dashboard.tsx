// The signed-in user's dashboard (/dashboard); guests are sent to /auth.
import { Link, Redirect, useLocation } from 'wouter';
import { ArrowLeft, Loader2, LogOut } from 'lucide-react';
import { PRODUCT_NAME } from '../../contract/brand';
import { usePageMeta } from '../lib/page-meta';
import { AdSlot } from '../components/ads/ad-slot';
import { AccountData } from '../components/dashboard/account-data';
import { ApiKeys } from '../components/dashboard/api-keys';
import { QuickActions } from '../components/dashboard/quick-actions';
import { RecentJobs } from '../components/dashboard/recent-jobs';
import { StatCards } from '../components/dashboard/stat-cards';
import { BrandLink, SkipLink } from '../components/layout/app-header';
import { useJobs } from '../components/tool/queries';
import { Avatar } from '../components/ui/avatar';
import { Button } from '../components/ui/button';
import { computeDashboardStats } from '../lib/dashboard-stats';
import { outputFormatCounts } from '../lib/output-format';
import { displayName, useAuth, useLogout, userInitial } from '../lib/use-auth';

export const DASHBOARD_POLL_MS = 5000;

function DashboardContent() {
  const { data: jobs = [], isLoading } = useJobs(DASHBOARD_POLL_MS);
  const stats = computeDashboardStats(jobs);
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
          <QuickActions completedCount={stats.completedJobs} />
          <ApiKeys />
          <AccountData />
          <AdSlot size="medium" slot="dashboard-sidebar" />
        </div>
      </div>
    </div>
  );
}

export default function Dashboard() {
  const { user, isLoading } = useAuth();
  const [, navigate] = useLocation();
  const logout = useLogout(() => navigate('/'));

  usePageMeta({
    title: 'Dashboard',
    description: `Your ${PRODUCT_NAME} compression jobs, storage saved and average compression.`,
    path: '/dashboard',
  });

  if (!isLoading && !user) return <Redirect to="/auth" replace />;

  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-slate-200 bg-white">
        <SkipLink />
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4">
          <div className="flex min-w-0 items-center gap-3 sm:gap-4">
            <BrandLink />
            <Link href="/" className="flex shrink-0 items-center gap-1 text-sm font-medium text-blue-700 hover:underline">
              <ArrowLeft className="h-4 w-4" aria-hidden="true" />
              Back to Compressor
            </Link>
          </div>
          {user && (
            <div className="flex items-center gap-2 sm:gap-3">
              <Avatar src={user.profileImageUrl} initial={userInitial(user)} />
              <Button variant="secondary" size="sm" className="px-2 sm:px-3" disabled={logout.isPending} onClick={() => logout.mutate()}>
                <LogOut className="h-4 w-4" aria-hidden="true" />
                <span className={logout.isPending ? undefined : 'sr-only sm:not-sr-only'}>{logout.isPending ? 'Signing out...' : 'Sign out'}</span>
              </Button>
            </div>
          )}
        </div>
      </header>
      <main id="main" tabIndex={-1} className="focus:outline-none mx-auto w-full max-w-6xl flex-1 space-y-6 px-4 py-8">
        {user ? (
          <>
            <div>
              <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl" data-testid="dashboard-greeting">
                Welcome back, {displayName(user)}
              </h1>
              <p className="mt-1 text-slate-600">Your compression activity. Files are deleted automatically within 24 hours.</p>
            </div>
            <DashboardContent />
          </>
        ) : (
          <div className="flex h-64 items-center justify-center">
            <Loader2 className="h-6 w-6 animate-spin text-slate-500" aria-label="Loading" />
          </div>
        )}
      </main>
    </div>
  );
}
