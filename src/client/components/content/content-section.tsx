// One titled block of a content page: a <section> named by its heading, whose id is also the in-page anchor.
import type { ReactNode } from 'react';
import type { HeadingLevel } from './heading';
import { SectionHeading } from './section-heading';
import { cn } from '#client/lib/cn.ts';

export interface ContentSectionProps {
  /** The heading's id: names the section and is the target of "#id" links. */
  id: string;
  title: string;
  subtitle?: ReactNode;
  level?: HeadingLevel;
  className?: string;
  children: ReactNode;
}

export function ContentSection({ id, title, subtitle, level, className, children }: ContentSectionProps) {
  return (
    <section aria-labelledby={id} className={cn('scroll-mt-6', className)}>
      <SectionHeading id={id} title={title} subtitle={subtitle} level={level} />
      {children}
    </section>
  );
}
