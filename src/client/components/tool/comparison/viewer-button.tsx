// The comparison's buttons, styled for its dark surface (the shared Button is drawn for the light page).
import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { cn } from '#client/lib/cn.ts';

export interface ViewerButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** On: a pressed toggle or the chosen mode, drawn filled. */
  active?: boolean;
}

export const ViewerButton = forwardRef<HTMLButtonElement, ViewerButtonProps>(function ViewerButton({ active = false, className, type = 'button', ...props }, ref) {
  return (
    <button
      ref={ref}
      type={type}
      className={cn(
        'inline-flex h-8 items-center justify-center gap-2 rounded-md border px-3 text-sm font-medium transition-colors',
        'focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-sky-300 disabled:cursor-not-allowed disabled:text-neutral-500',
        active ? 'border-sky-300 bg-sky-300 text-neutral-950 hover:bg-sky-200' : 'border-neutral-600 bg-neutral-800 text-neutral-100 hover:bg-neutral-700',
        className,
      )}
      {...props}
    />
  );
});
