import { Link } from 'wouter';
import { Info } from 'lucide-react';
import { GUEST_MAX_FILES } from '#contract/limits';
import { GUEST_MAX_SIZE_TEXT } from '#client/content/limits-text.ts';

/** Tells a guest what signing in changes; hidden for signed-in users. */
export function GuestBanner() {
  return (
    <aside
      aria-label="Guest mode"
      className="flex flex-col gap-3 rounded-xl border border-blue-200 bg-blue-50 p-4 text-sm text-blue-950 sm:flex-row sm:items-center sm:justify-between"
      data-testid="guest-banner"
    >
      <p className="flex items-start gap-2">
        <Info className="mt-0.5 h-4 w-4 shrink-0 text-blue-700" aria-hidden="true" />
        <span>
          <strong>You are using guest mode.</strong> Files up to {GUEST_MAX_SIZE_TEXT} each, {GUEST_MAX_FILES} files per batch. Sign in to remove the size
          limit and keep your compression history.
        </span>
      </p>
      <Link href="/auth" className="shrink-0 rounded-md bg-blue-700 px-3 py-2 text-center font-medium text-white hover:bg-blue-800">
        Sign in for unlimited size
      </Link>
    </aside>
  );
}
