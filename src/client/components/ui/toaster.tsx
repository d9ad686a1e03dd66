import { X } from 'lucide-react';
import { dismissToast, useCurrentToast } from '#client/lib/toast.ts';
import { cn } from '#client/lib/cn.ts';

/** Renders the single current toast in a polite live region so screen readers announce it. */
export function Toaster() {
  const t = useCurrentToast();
  return (
    <div aria-live="polite" role="status" className="pointer-events-none fixed inset-x-0 bottom-[calc(1rem+var(--docked-bar-height,0px))] z-50 flex justify-center px-4 sm:justify-end">
      {t && (
        <div
          key={t.id}
          data-testid="toast"
          className={cn(
            'pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border p-4 shadow-lg',
            t.variant === 'destructive' ? 'border-red-700 bg-red-700 text-white' : 'border-slate-200 bg-white text-slate-900',
          )}
        >
          <div className="flex-1">
            <p className="font-semibold">{t.title}</p>
            {t.description && <p className="mt-1 text-sm opacity-90">{t.description}</p>}
          </div>
          <button type="button" onClick={dismissToast} aria-label="Dismiss notification" className="rounded p-1 opacity-80 hover:opacity-100">
            <X className="h-4 w-4" aria-hidden="true" />
          </button>
        </div>
      )}
    </div>
  );
}
