// Named facts as a description list: stacked (name above value) in cards, or side by side in a sidebar overview.
import type { ReactNode } from 'react';
import { cn } from '#client/lib/cn.ts';

export interface Fact {
  term: string;
  detail: ReactNode;
}

export function FactList({ facts, layout = 'stacked', className }: { facts: readonly Fact[]; layout?: 'stacked' | 'inline'; className?: string }) {
  const inline = layout === 'inline';
  return (
    <dl className={cn('space-y-2 text-sm', className)}>
      {facts.map((fact) => (
        <div key={fact.term} className={inline ? 'flex justify-between gap-2' : undefined}>
          <dt className={inline ? 'text-slate-600' : 'font-medium text-slate-900'}>{fact.term}</dt>
          <dd className={inline ? 'font-medium text-slate-900' : 'text-slate-700'}>{fact.detail}</dd>
        </div>
      ))}
    </dl>
  );
}
