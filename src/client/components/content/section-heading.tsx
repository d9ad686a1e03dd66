import type { ReactNode } from 'react';
import { Heading, type HeadingLevel } from './heading';
import { cn } from '#client/lib/cn.ts';

export function SectionHeading({
  id,
  title,
  subtitle,
  level = 2,
  className,
}: {
  id?: string;
  title: string;
  subtitle?: ReactNode;
  level?: HeadingLevel;
  className?: string;
}) {
  return (
    <div className={cn('mb-6', className)}>
      <Heading level={level} id={id} className="text-2xl font-bold tracking-tight text-slate-900">
        {title}
      </Heading>
      {subtitle && <p className="mt-2 text-slate-700">{subtitle}</p>}
    </div>
  );
}
