// The body of a content page with a sidebar: the sections in a flexible column, the sidebar beside them from the
// large breakpoint (below it, after them).
import type { ReactNode } from 'react';
import { cn } from '#client/lib/cn.ts';

// Whole class names, so the stylesheet build finds them.
const ASIDE_WIDTH = {
  280: 'lg:grid-cols-[minmax(0,1fr)_280px]',
  300: 'lg:grid-cols-[minmax(0,1fr)_300px]',
  320: 'lg:grid-cols-[minmax(0,1fr)_320px]',
} as const;

export interface TwoColumnPageProps {
  /** The sidebar's contents, and the name of its landmark. */
  aside: ReactNode;
  asideLabel: string;
  asideWidth?: keyof typeof ASIDE_WIDTH;
  /** Classes of the main column, usually the spacing between its blocks. */
  mainClassName?: string;
  className?: string;
  children: ReactNode;
}

export function TwoColumnPage({ aside, asideLabel, asideWidth = 320, mainClassName, className, children }: TwoColumnPageProps) {
  return (
    <div className={cn('grid grid-cols-1 gap-8', ASIDE_WIDTH[asideWidth], className)}>
      <div className={cn('min-w-0', mainClassName)}>{children}</div>
      <aside aria-label={asideLabel} className="space-y-6">
        {aside}
      </aside>
    </div>
  );
}
