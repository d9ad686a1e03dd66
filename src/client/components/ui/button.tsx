import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { cn } from '#client/lib/cn.ts';

const variants = {
  primary: 'bg-blue-600 text-white hover:bg-blue-700 disabled:bg-blue-300',
  secondary: 'bg-white text-slate-800 border border-slate-300 hover:bg-slate-50 disabled:text-slate-400',
  ghost: 'text-slate-700 hover:bg-slate-100 disabled:text-slate-400',
  destructive: 'bg-red-600 text-white hover:bg-red-700 disabled:bg-red-300',
} as const;

// Phones get 44 px touch targets (Apple's 44 pt); from the sm breakpoint on, the compact desktop heights.
const sizes = { sm: 'h-11 px-3 text-sm sm:h-8', md: 'h-11 px-4 text-sm sm:h-10', lg: 'h-12 px-6 text-base' } as const;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size = 'md', className, type = 'button', ...props },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={cn(
        'inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors disabled:cursor-not-allowed',
        variants[variant],
        sizes[size],
        className,
      )}
      {...props}
    />
  );
});

/** Link styled as a button (same variants), for navigation targets. */
export const buttonClasses = (variant: keyof typeof variants = 'primary', size: keyof typeof sizes = 'md') =>
  cn('inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors', variants[variant], sizes[size]);
