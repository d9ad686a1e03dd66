// A file name that fits any width: when too long it is elided in the middle, so the start and the extension stay
// readable ("jxl-flower-q85…progressive.jpg"); the full name stays available as the tooltip and to screen readers.
import { cn } from '#client/lib/cn.ts';

/** How many trailing characters always stay visible: enough for a short stem tail and the extension. */
export const KEPT_TAIL = 12;

export function splitForMiddleEllipsis(name: string, tail = KEPT_TAIL): [head: string, tail: string] {
  const chars = Array.from(name); // code points, so an emoji is never split in two
  if (chars.length <= tail * 2) return [name, ''];
  return [chars.slice(0, -tail).join(''), chars.slice(-tail).join('')];
}

export function MiddleEllipsis({ text, className }: { text: string; className?: string }) {
  const [head, tail] = splitForMiddleEllipsis(text);
  return (
    <span className={cn('flex min-w-0 max-w-full', className)} title={text} data-testid="file-name">
      <span className="sr-only">{text}</span>
      <span className="min-w-0 truncate" aria-hidden="true">
        {head}
      </span>
      {tail && (
        <span className="shrink-0 whitespace-pre" aria-hidden="true">
          {tail}
        </span>
      )}
    </span>
  );
}
