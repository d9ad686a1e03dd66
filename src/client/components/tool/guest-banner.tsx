import { Link } from 'wouter';
import { Info } from 'lucide-react';
import { GUEST_MAX_FILES } from '#contract/limits';
import { GUEST_MAX_SIZE_TEXT } from '#client/content/limits-text.ts';

/** Tells a guest what signing in changes; hidden for signed-in users. */
export function GuestBanner() {
  return (
    <aside
      aria-label="Guest mode"
      className="flex items-center justify-between gap-3 rounded-xl border border-blue-200 bg-blue-50 px-3 py-1 text-sm text-blue-950 sm:p-4"
      data-testid="guest-banner"
    >
      {/* One line on a phone, so the drop zone's button stays on the first screen; the full sentence from sm up. */}
      <p className="flex min-w-0 items-start gap-2">
        <Info className="mt-0.5 h-4 w-4 shrink-0 text-blue-700" aria-hidden="true" />
        <span className="sm:hidden">
          Guest: {GUEST_MAX_SIZE_TEXT} each, {GUEST_MAX_FILES} per batch.
        </span>
        <span className="hidden sm:inline">
          <strong>You are using guest mode.</strong> Files up to {GUEST_MAX_SIZE_TEXT} each, {GUEST_MAX_FILES} files per batch. Sign in to remove the size
          limit and keep your compression history.
        </span>
      </p>
      <Link href="/auth" className="inline-flex min-h-11 shrink-0 items-center rounded-md px-2 font-medium text-blue-800 underline sm:bg-blue-700 sm:px-3 sm:py-2 sm:text-white sm:no-underline sm:hover:bg-blue-800">
        <span className="sm:hidden">Sign in</span>
        <span className="hidden sm:inline">Sign in for unlimited size</span>
      </Link>
    </aside>
  );
}
