// FAQ accordion following the WAI-ARIA accordion pattern: one panel open at a time, collapsible,
// and Home/End/ArrowUp/ArrowDown moving focus between the question buttons.
import { useRef, useState, type KeyboardEvent } from 'react';
import { ChevronDown } from 'lucide-react';
import { Badge } from '#client/components/ui/badge.tsx';
import { Heading, type HeadingLevel } from './heading';
import { HtmlContent } from './html-content';
import { cn } from '#client/lib/cn.ts';
import type { FaqItem } from '#client/content/types.ts';
import { FAQ_CATEGORY_LABELS } from '#client/content/faq.ts';

/** Index of the button that should take focus after a key press, or null if the key is not ours. */
export function nextFocusIndex(key: string, current: number, count: number): number | null {
  switch (key) {
    case 'ArrowDown':
      return (current + 1) % count;
    case 'ArrowUp':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

export function FaqAccordion({ items, level = 3 }: { items: FaqItem[]; level?: HeadingLevel }) {
  const [openId, setOpenId] = useState<string | null>(null);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = nextFocusIndex(event.key, index, items.length);
    if (next === null) return;
    event.preventDefault();
    buttons.current[next]?.focus();
  };

  return (
    <div className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white" data-testid="faq-accordion">
      {items.map((item, index) => {
        const open = openId === item.id;
        const buttonId = `faq-question-${item.id}`;
        const panelId = `faq-answer-${item.id}`;
        return (
          <div key={item.id} data-faq-item={item.id}>
            <Heading level={level} className="m-0">
              <button
                ref={(el) => {
                  buttons.current[index] = el;
                }}
                type="button"
                id={buttonId}
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setOpenId(open ? null : item.id)}
                onKeyDown={(event) => onKeyDown(event, index)}
                className="flex w-full items-start gap-3 px-5 py-4 text-left hover:bg-slate-50"
              >
                <span className="flex-1 font-medium text-slate-900">{item.question}</span>
                <Badge className="mt-0.5 flex-none bg-blue-50 text-blue-800">{FAQ_CATEGORY_LABELS[item.category]}</Badge>
                <ChevronDown
                  className={cn('mt-0.5 h-5 w-5 flex-none text-slate-600 transition-transform', open && 'rotate-180')}
                  aria-hidden="true"
                />
              </button>
            </Heading>
            <div id={panelId} role="region" aria-labelledby={buttonId} hidden={!open} className="px-5 pb-5">
              <HtmlContent html={item.answer} />
            </div>
          </div>
        );
      })}
    </div>
  );
}
