// The responsive grid content pages lay their cards out in: one column on phones, two or more from the breakpoints.
import type { HTMLAttributes } from 'react';
import { cn } from '#client/lib/cn.ts';

// Whole class names, so the stylesheet build finds them.
export const GRID_COLUMNS = {
  1: '',
  2: 'md:grid-cols-2',
  3: 'sm:grid-cols-2 lg:grid-cols-3',
  4: 'sm:grid-cols-2 lg:grid-cols-4',
} as const;

export type GridColumns = keyof typeof GRID_COLUMNS;

export function CardGrid({ columns = 2, className, ...props }: { columns?: GridColumns } & HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('grid gap-4', GRID_COLUMNS[columns], className)} {...props} />;
}
