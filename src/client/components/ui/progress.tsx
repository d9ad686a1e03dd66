import { cn } from '#client/lib/cn.ts';

/** Determinate progress bar (value 0-100); `indeterminate` animates while still showing the value. */
export function Progress({
  value,
  label,
  indeterminate = false,
  className,
  barClassName,
}: {
  value: number;
  label: string;
  indeterminate?: boolean;
  className?: string;
  barClassName?: string;
}) {
  const clamped = Math.max(0, Math.min(100, value));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={indeterminate ? undefined : Math.round(clamped)}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-slate-200', className)}
    >
      <div
        className={cn('h-full rounded-full bg-blue-600 transition-[width] duration-500', indeterminate && 'animate-pulse', barClassName)}
        style={{ width: `${clamped}%` }}
      />
    </div>
  );
}
