// A list of features, each an icon, a title and a line or two of text (optionally a check list). One component for
// every such grid, so the pages differ only in their copy and in the look they choose.
import { Heading, type HeadingLevel } from './heading';
import { CheckList } from './cards';
import { GRID_COLUMNS, type GridColumns } from './card-grid';
import { cn } from '#client/lib/cn.ts';
import type { Feature } from '#client/content/types.ts';

// card: a white card per item; step: bare items read in order (numbered); inverse: stacked on a dark panel.
const LOOKS = {
  card: {
    list: 'gap-4',
    item: 'rounded-xl border border-slate-200 bg-white p-6 shadow-sm',
    icon: 'h-11 w-11 rounded-lg bg-blue-50 text-blue-700',
    iconSize: 'h-6 w-6',
    title: 'mt-4 text-lg font-semibold text-slate-900',
    text: 'mt-2 text-slate-700',
  },
  step: {
    list: 'gap-6',
    item: 'flex flex-col gap-2',
    icon: 'h-11 w-11 rounded-full bg-blue-100 text-blue-700',
    iconSize: 'h-5 w-5',
    title: 'font-semibold text-slate-900',
    text: 'mt-2 text-sm text-slate-600',
  },
  inverse: {
    list: 'gap-5',
    item: 'flex gap-3',
    icon: 'h-10 w-10 shrink-0 rounded-lg bg-white/15',
    iconSize: 'h-5 w-5',
    title: 'font-semibold',
    text: 'text-sm text-blue-100',
  },
} as const;

export interface FeatureGridProps {
  items: readonly Feature[];
  look?: keyof typeof LOOKS;
  columns?: GridColumns;
  /** Steps in order: an ordered list, each title prefixed with its number. */
  numbered?: boolean;
  level?: HeadingLevel;
  className?: string;
}

export function FeatureGrid({ items, look = 'card', columns = 3, numbered = false, level = 3, className }: FeatureGridProps) {
  const style = LOOKS[look];
  const List = numbered ? 'ol' : 'ul';
  return (
    <List className={cn('grid', style.list, GRID_COLUMNS[columns], className)}>
      {items.map(({ icon: Icon, title, description, points }, i) => (
        <li key={title} className={style.item}>
          <span className={cn('inline-flex flex-none items-center justify-center', style.icon)}>
            <Icon className={style.iconSize} aria-hidden="true" />
          </span>
          <div>
            <Heading level={level} className={style.title}>
              {numbered ? `${i + 1}. ${title}` : title}
            </Heading>
            <p className={style.text}>{description}</p>
            {points && <CheckList items={points} className="mt-4" />}
          </div>
        </li>
      ))}
    </List>
  );
}
