import { useEffect } from 'react';
import { Link } from 'wouter';
import { AlertCircle } from 'lucide-react';
import { AdSlot } from '#client/components/ads/ad-slot.tsx';
import { fullTitle } from '#client/lib/page-meta.ts';

export const NOT_FOUND_TITLE = 'Page Not Found';

export default function NotFound() {
  // Only the title: a missing page has no canonical address or description to announce.
  useEffect(() => {
    document.title = fullTitle(NOT_FOUND_TITLE);
  }, []);
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-8 bg-slate-50 px-4">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <div className="mb-4 flex gap-2">
          <AlertCircle className="h-8 w-8 text-red-600" aria-hidden="true" />
          <h1 className="text-2xl font-bold text-slate-900">{NOT_FOUND_TITLE}</h1>
        </div>
        <p className="text-sm text-slate-600">Did you forget to add the page to the router?</p>
        <Link href="/" className="mt-4 inline-block text-sm font-medium text-blue-700 underline">
          Back to the compressor
        </Link>
      </div>
      <AdSlot size="mobile-banner" slot="not-found-mobile" className="sm:hidden" />
      <AdSlot size="leaderboard" slot="not-found" className="hidden sm:block" />
    </main>
  );
}
