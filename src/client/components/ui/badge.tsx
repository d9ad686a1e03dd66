import type { HTMLAttributes } from 'react';
import { cn } from '#client/lib/cn.ts';

export const Badge = ({ className, ...props }: HTMLAttributes<HTMLSpanElement>) => (
  <span className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold', className)} {...props} />
);
