import type { ReactNode } from 'react';
import { Card } from '../ui/card';
import { Heading, type HeadingLevel } from './heading';
import { cn } from '../../lib/cn';

export function SidebarCard({
  title,
  children,
  level = 2,
  className,
}: {
  title: string;
  children: ReactNode;
  level?: HeadingLevel;
  className?: string;
}) {
  return (
    <Card className={cn('p-5', className)}>
      <Heading level={level} className="text-base font-semibold text-slate-900">
        {title}
      </Heading>
      <div className="mt-3">{children}</div>
    </Card>
  );
}
